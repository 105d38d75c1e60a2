import { Type } from 'typebox';
import { PROVIDER_KINDS } from './kinds.ts';

const kindField = Type.String({ description: `One of ${PROVIDER_KINDS.join(', ')}.`, maxLength: 16 });
const slug = Type.String({ minLength: 1, maxLength: 64, description: 'Lowercase letters, digits and dashes; the provider\'s URLs use it.' });
const name = Type.String({ minLength: 1, maxLength: 100, description: 'What the sign-in page shows: "Sign in with <name>".' });
const settings = Type.Record(Type.String(), Type.Unknown(), {
  description: "The kind's settings (see the SignInProvider schema's description and docs/sign-in.md); checked per field.",
});
const secret = Type.String({
  maxLength: 4096,
  description: "The kind's secret (LDAP bind password, client secret, Feishu app secret); write-only. On PUT: omitted keeps it, empty removes it.",
});
const position = Type.Integer({ minimum: 0, maximum: 10_000, description: 'Order on the sign-in page, smallest first.' });

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64, description: 'The provider\'s slug.' }) });

export const CreateProviderBody = Type.Object(
  {
    slug,
    kind: kindField,
    name,
    enabled: Type.Optional(Type.Boolean({ description: 'Shown on the sign-in page and usable (default true).' })),
    allow_sign_up: Type.Optional(Type.Boolean({ description: 'Whether a first sign-in creates an account (default false).' })),
    position: Type.Optional(position),
    settings,
    secret: Type.Optional(secret),
  },
  { additionalProperties: false },
);

export const UpdateProviderBody = Type.Object(
  {
    slug: Type.Optional(slug),
    name: Type.Optional(name),
    enabled: Type.Optional(Type.Boolean()),
    allow_sign_up: Type.Optional(Type.Boolean()),
    position: Type.Optional(position),
    settings: Type.Optional(settings),
    secret: Type.Optional(secret),
  },
  { additionalProperties: false, description: 'Only what changes. The kind never changes.' },
);

export const ProviderResponse = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    kind: Type.String(),
    name: Type.String(),
    enabled: Type.Boolean(),
    allow_sign_up: Type.Boolean(),
    position: Type.Integer(),
    style: Type.Union([Type.Literal('password'), Type.Literal('redirect')], { description: 'password: LDAP; redirect: the others.' }),
    source: Type.Union([Type.Literal('ui'), Type.Literal('env')], { description: 'env: declared by TARMAC_SIGN_IN_PROVIDERS, read-only here.' }),
    settings: Type.Record(Type.String(), Type.Unknown()),
    secret: Type.Union([Type.String(), Type.Null()], { description: 'Masked (••••••••1a2b), or null when none is set. Never the secret.' }),
    identities: Type.Integer({ description: 'Accounts linked to this provider (removed with it).' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'SignInProvider', description: 'A sign-in provider as administrators see it.' },
);

export const TestProviderBody = Type.Object(
  { username: Type.Optional(Type.String({ maxLength: 255, description: 'LDAP: a username to look up and show what it maps to.' })) },
  { additionalProperties: false },
);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const TestProviderResponse = Type.Object(
  {
    ok: Type.Boolean(),
    message: Type.String({ description: 'What happened, in words: each step, or the failure.' }),
    user: Nullable(
      Type.Object({
        dn: Type.String(),
        username: Type.String(),
        email: Nullable(Type.String()),
        name: Nullable(Type.String()),
        admin: Nullable(Type.Boolean({ description: 'null when no admin group filter is set.' })),
        allowed: Type.Boolean({ description: 'Whether the entry passes the group filter.' }),
      }),
    ),
  },
  { description: 'The result of a test; a failing provider is ok: false, not an error.' },
);

export const PublicProvidersResponse = Type.Object(
  {
    password_sign_in_enabled: Type.Boolean({ description: 'false in SSO-only mode: the sign-in page shows only the providers.' }),
    providers: Type.Array(
      Type.Object({
        slug: Type.String(),
        name: Type.String(),
        kind: Type.String(),
        style: Type.Union([Type.Literal('password'), Type.Literal('redirect')]),
        start_url: Nullable(Type.String({ description: 'Redirect kinds: where the browser goes (add ?next=/path).' })),
      }),
    ),
  },
  { $id: 'PublicSignInProviders', description: 'What the sign-in page offers.' },
);

export const PasswordSignInBody = Type.Object(
  { password_sign_in_enabled: Type.Boolean({ description: 'false: SSO-only mode.' }) },
  { additionalProperties: false },
);

export const PasswordSignInResponse = Type.Object(
  { password_sign_in_enabled: Type.Boolean() },
  { description: 'Whether local passwords sign in.' },
);

export const LdapSignInBody = Type.Object(
  {
    login: Type.String({ maxLength: 255, description: 'The directory username.' }),
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const LinkRequiredResponse = Type.Object(
  {
    error: Type.String(),
    code: Type.Literal('identity.link_required'),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    link_token: Type.String({ description: 'Send it to POST /api/user/identities/confirm once signed in to the account with that email.' }),
    email: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { description: 'An account already has this email: sign in to it and confirm the link (or an identity refusal: see `code`).' },
);
