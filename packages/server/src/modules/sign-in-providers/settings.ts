// What an administrator sets for each kind of sign-in provider: the JSON kept in
// auth_providers.settings, checked by these schemas where it comes in (the admin API and the
// environment). The one secret of a kind (LDAP's bind password, a client secret) is not here:
// it is sealed apart in auth_providers.secret and never answered back.
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { OAuthPreset, ProviderKind } from './kinds.ts';

const text = (description: string, maxLength = 255) => Type.String({ minLength: 1, maxLength, description });
const optionalText = (description: string, maxLength = 255) => Type.Optional(Type.String({ maxLength, description }));
const names = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 50, description });

export const LdapSettings = Type.Object(
  {
    url: text('ldap://host:389 or ldaps://host:636.', 500),
    start_tls: Type.Boolean({ description: 'Upgrade an ldap:// connection with StartTLS before binding.' }),
    ca_certificate: optionalText('PEM of the CA that signed the server certificate, when it is not a public one.', 20_000),
    bind_dn: optionalText('The service account that searches (empty: search anonymously). Its password is the secret.', 500),
    base_dn: text('Where users are searched, e.g. ou=people,dc=example,dc=com.', 500),
    user_filter: text('The search filter; {username} is replaced by the escaped login, e.g. (uid={username}).', 500),
    username_attribute: text('The attribute that becomes the Tarmac username, e.g. uid.', 100),
    email_attribute: text('The attribute holding the email, e.g. mail.', 100),
    name_attribute: optionalText('The attribute holding the display name, e.g. cn.', 100),
    group_filter: optionalText('Only entries that match may sign in; {dn} is the user DN, e.g. (memberOf=cn=tarmac-users,ou=groups,…).', 500),
    admin_group_filter: optionalText('Entries that match are administrators, e.g. (memberOf=cn=tarmac-admins,ou=groups,…).', 500),
  },
  { additionalProperties: false },
);

const claimsMapping = {
  uid_claim: text('The claim that identifies the person for good (default sub).', 100),
  username_claim: text('The claim a new username starts from (default preferred_username).', 100),
  email_claim: text('The claim holding the email (default email).', 100),
  name_claim: text('The claim holding the display name (default name).', 100),
  groups_claim: optionalText('The claim holding the groups, e.g. groups.', 100),
  allowed_groups: names('Only members of one of these groups may sign in (empty: anyone the provider signs in).'),
  admin_groups: names('Members of one of these groups are administrators (empty: Tarmac keeps its own roles).'),
};

export const OidcSettings = Type.Object(
  {
    issuer: text('The issuer URL; its /.well-known/openid-configuration is read.', 500),
    client_id: text('The client id registered at the provider.', 255),
    scopes: text('Space-separated scopes (default "openid profile email").', 500),
    ...claimsMapping,
  },
  { additionalProperties: false },
);

export const OAuthPresetSettings = Type.Object(
  {
    client_id: text('The client id (app id) registered at the provider.', 255),
    base_url: optionalText('The server for self-managed GitLab or Gitea, or GitHub Enterprise (empty: the public service).', 500),
    allowed_organizations: names(
      'Only members of one of these may sign in: GitHub or Gitea organisations, GitLab groups (full path), ' +
        "Google Workspace domains (the hd claim), Feishu/Lark tenants (tenant_key). Empty: anyone.",
    ),
    admin_organizations: names('Members of one of these (same kind of names) are administrators. Empty: Tarmac keeps its own roles.'),
  },
  { additionalProperties: false },
);

export type LdapSettings = Static<typeof LdapSettings>;
export type OidcSettings = Static<typeof OidcSettings>;
export type OAuthPresetSettings = Static<typeof OAuthPresetSettings>;

export type SettingsOf<K extends ProviderKind> = K extends 'ldap' ? LdapSettings : K extends 'oidc' ? OidcSettings : OAuthPresetSettings;

/** The schema of each kind's settings. */
export const SETTINGS_SCHEMAS = {
  ldap: LdapSettings,
  oidc: OidcSettings,
  github: OAuthPresetSettings,
  gitlab: OAuthPresetSettings,
  google: OAuthPresetSettings,
  feishu: OAuthPresetSettings,
  gitea: OAuthPresetSettings,
} as const satisfies Record<ProviderKind, unknown>;

/** What each kind calls its secret, for forms and errors. */
export const SECRET_LABEL: Record<ProviderKind, string> = {
  ldap: 'bind password',
  oidc: 'client secret',
  github: 'client secret',
  gitlab: 'client secret',
  google: 'client secret',
  feishu: 'app secret',
  gitea: 'client secret',
} satisfies Record<ProviderKind | OAuthPreset, string>;
