import { Type } from 'typebox';
import type { IdentityWithProvider } from './repository.ts';

export const IdentityResponse = Type.Object(
  {
    id: Type.Integer(),
    provider: Type.Object({
      slug: Type.String(),
      name: Type.String(),
      kind: Type.String({ description: 'ldap, oidc, github, gitlab, google, feishu or gitea.' }),
    }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'The email the provider gave at the last sign-in.' }),
    display_name: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Identity', description: "One of the caller's identities at a sign-in provider." },
);

export const ConfirmLinkBody = Type.Object(
  { link_token: Type.String({ minLength: 1, maxLength: 200, description: 'The link token the external sign-in answered.' }) },
  { additionalProperties: false },
);

export function toIdentityResponse(row: IdentityWithProvider) {
  return {
    id: row.id,
    provider: { slug: row.provider_slug, name: row.provider_name, kind: row.provider_kind },
    email: row.email,
    display_name: row.display_name,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}
