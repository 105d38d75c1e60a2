import { Type } from 'typebox';
import type { Static } from 'typebox';
import { TOKEN_EXPIRY_MAX_DAYS, TOKEN_NAME_MAX } from './service.ts';
import type { ApiToken, CreatedApiToken } from './types.ts';

const nullableTime = (description: string) => Type.Union([Type.String({ format: 'date-time', description }), Type.Null()]);

const tokenProperties = {
  id: Type.Integer(),
  name: Type.String({ description: 'What the token is for.' }),
  prefix: Type.String({ description: 'The first characters of the secret, to recognise it.' }),
  expires_at: nullableTime('When the token stops working; null for never.'),
  last_used_at: nullableTime('Last time the token authenticated a request.'),
  created_at: Type.String({ format: 'date-time' }),
};

export const ApiTokenResponse = Type.Object(tokenProperties, {
  $id: 'ApiToken',
  description: 'A personal access token (its secret is shown only once, at creation).',
});
export const CreatedApiTokenResponse = Type.Object(
  { ...tokenProperties, token: Type.String({ description: 'The secret. Shown only in this answer: copy it now.' }) },
  { $id: 'CreatedApiToken', description: 'The new token, with its secret: shown this once.' },
);

export const CreateTokenBody = Type.Object({
  name: Type.String({ maxLength: TOKEN_NAME_MAX, description: 'What the token is for, e.g. "CI".' }),
  expires_in_days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: TOKEN_EXPIRY_MAX_DAYS, description: 'Days until the token expires; never when omitted.' }),
  ),
});

export function toApiTokenResponse(token: ApiToken): Static<typeof ApiTokenResponse> {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    expires_at: token.expiresAt,
    last_used_at: token.lastUsedAt,
    created_at: token.createdAt,
  };
}

export function toCreatedApiTokenResponse(token: CreatedApiToken): Static<typeof CreatedApiTokenResponse> {
  return { ...toApiTokenResponse(token), token: token.token };
}
