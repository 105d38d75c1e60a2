// The OAuth presets: each provider's documented endpoints, its user API, which email counts as
// verified, and what its "organisations" are (allowed_organizations / admin_organizations):
//   GitHub  github.com or GitHub Enterprise (base_url; API under /api/v3): the primary email of /user/emails
//           when it is verified; organisations: /user/orgs logins.
//   GitLab  gitlab.com or self-managed (base_url): /api/v4/user's email when confirmed_at is set; groups:
//           full paths of /api/v4/groups?min_access_level=10.
//   Google  OpenID Connect at https://accounts.google.com (base_url replaces it): email with email_verified;
//           organisations: the Workspace domain (the hd claim).
//   Feishu  open.feishu.cn, or Lark with base_url https://open.larksuite.com (v2 token with PKCE): the
//           enterprise_email counts as verified (the tenant assigned it), the personal `email` does not;
//           organisations: the tenant_key.
//   Gitea   gitea.com or your own (base_url): /api/v1/user's email when the account is `active` (activated,
//           which with email confirmation on means the address was confirmed); organisations: /api/v1/user/orgs.
// Every preset uses PKCE (S256) and a state. Loaded on first use.
import type { ExternalProfile } from '../identities/types.ts';
import type { OAuthPreset } from './kinds.ts';
import { membership } from './flow-fns.ts';
import { notAllowed, providerError } from './flow-types.ts';
import type { AuthorizationInput, CallbackInput, FlowProvider, RedirectKind } from './flow-types.ts';
import { exchangeCode, getJson, getNames, text } from './oauth-http.ts';
import type { Json } from './oauth-http.ts';
import { oidcAuthorizationUrl, oidcClaims, setupOf } from './oidc.ts';

interface PresetSettings {
  clientId: string;
  base: string | undefined;
  allowed: string[];
  admins: string[];
}

function presetSettings(settings: Record<string, unknown>): PresetSettings {
  const list = (key: string) => (Array.isArray(settings[key]) ? (settings[key] as string[]) : []);
  const base = typeof settings.base_url === 'string' ? settings.base_url.trim().replace(/\/+$/, '') : '';
  return {
    clientId: typeof settings.client_id === 'string' ? settings.client_id : '',
    base: base === '' ? undefined : base,
    allowed: list('allowed_organizations'),
    admins: list('admin_organizations'),
  };
}

const restricted = (s: PresetSettings) => s.allowed.length > 0 || s.admins.length > 0;

/** Whether the person's organisations let them in, and the role they give; throws oauth.not_allowed. */
function checkMembership(provider: FlowProvider, s: PresetSettings, names: string[], who: string): ExternalProfile['role'] {
  const verdict = membership(names, s.allowed, s.admins);
  if (!verdict.allowed) throw notAllowed(provider.row.name, `${who} is in none of the allowed organisations`);
  return verdict.role;
}

/** The person at a preset's user API, and their numeric id (the identity: never the email). */
async function userAt(provider: FlowProvider, url: string, accessToken: string): Promise<{ user: Json; subject: string }> {
  const user = (await getJson(provider.row.name, url, accessToken)) as Json;
  const subject = text(user, 'id');
  if (!subject) throw providerError(provider.row.name, `${url} answered no user id`);
  return { user, subject };
}

interface Endpoints {
  authorize: string;
  token: string;
  scope: (s: PresetSettings) => string;
  /** Send the code exchange as JSON (Feishu), not form-encoded. */
  json?: boolean | undefined;
}

function codeFields(provider: FlowProvider, s: PresetSettings, input: CallbackInput): Record<string, string> {
  return {
    grant_type: 'authorization_code', client_id: s.clientId, client_secret: provider.secret ?? '', code: input.code,
    redirect_uri: provider.callbackUrl, code_verifier: input.verifier,
  };
}

/** A preset whose sign-in is the plain authorization code flow; `person` reads the user API. */
function codeFlow(
  endpoints: (s: PresetSettings) => Endpoints,
  person: (provider: FlowProvider, s: PresetSettings, accessToken: string) => Promise<ExternalProfile>,
): RedirectKind {
  return {
    async authorizationUrl(provider, input: AuthorizationInput) {
      const s = presetSettings(provider.settings);
      const e = endpoints(s);
      const url = new URL(e.authorize);
      const params = {
        client_id: s.clientId, redirect_uri: provider.callbackUrl, response_type: 'code', scope: e.scope(s), state: input.state,
        code_challenge: input.codeChallenge, code_challenge_method: 'S256',
      };
      for (const [name, value] of Object.entries(params)) if (value !== '') url.searchParams.set(name, value);
      return url;
    },
    async profile(provider, input) {
      const s = presetSettings(provider.settings);
      const e = endpoints(s);
      const accessToken = await exchangeCode(provider.row.name, e.token, codeFields(provider, s, input), e.json);
      return person(provider, s, accessToken);
    },
  };
}

/** A preset's authorize and token endpoints on its server: `base_url`, else the public service. */
const endpointsAt = (publicUrl: string, authorize: string, token: string, scope: Endpoints['scope'], json?: boolean) =>
  (s: PresetSettings): Endpoints => ({ authorize: `${s.base ?? publicUrl}${authorize}`, token: `${s.base ?? publicUrl}${token}`, scope, json });

/** Asks for the organisations' scope only when the provider is limited to, or maps roles from, organisations. */
const scopes = (plain: string, withOrganisations: string) => (s: PresetSettings) => (restricted(s) ? withOrganisations : plain);

const github = codeFlow(
  endpointsAt('https://github.com', '/login/oauth/authorize', '/login/oauth/access_token', scopes('read:user user:email', 'read:user user:email read:org')),
  async (provider, s, accessToken) => {
    const api = s.base ? `${s.base}/api/v3` : 'https://api.github.com';
    const name = provider.row.name;
    const { user, subject } = await userAt(provider, `${api}/user`, accessToken);
    const emails = await getJson(name, `${api}/user/emails`, accessToken);
    const primary = Array.isArray(emails) ? (emails as Json[]).find((e) => e?.primary === true) : undefined;
    const role = restricted(s) ? checkMembership(provider, s, await getNames(name, `${api}/user/orgs?per_page=100`, accessToken, 'login'), subject) : undefined;
    return {
      subject, username: text(user, 'login'), name: text(user, 'name') ?? text(user, 'login'),
      email: text(primary, 'email'), emailVerified: primary?.verified === true, role,
    };
  },
);

const gitlab = codeFlow(
  endpointsAt('https://gitlab.com', '/oauth/authorize', '/oauth/token', scopes('read_user', 'read_user read_api')),
  async (provider, s, accessToken) => {
    const api = `${s.base ?? 'https://gitlab.com'}/api/v4`;
    const { user, subject } = await userAt(provider, `${api}/user`, accessToken);
    const groups = restricted(s) ? await getNames(provider.row.name, `${api}/groups?min_access_level=10&per_page=100`, accessToken, 'full_path') : [];
    const role = restricted(s) ? checkMembership(provider, s, groups, subject) : undefined;
    const confirmed = typeof user.confirmed_at === 'string';
    return {
      subject, username: text(user, 'username'), name: text(user, 'name'), email: text(user, 'email'), emailVerified: confirmed, role,
    };
  },
);

const gitea = codeFlow(
  endpointsAt('https://gitea.com', '/login/oauth/authorize', '/login/oauth/access_token', scopes('read:user', 'read:user read:organization')),
  async (provider, s, accessToken) => {
    const api = `${s.base ?? 'https://gitea.com'}/api/v1`;
    const { user, subject } = await userAt(provider, `${api}/user`, accessToken);
    const orgs = restricted(s) ? await getNames(provider.row.name, `${api}/user/orgs?limit=50`, accessToken, 'username') : [];
    const role = restricted(s) ? checkMembership(provider, s, orgs, subject) : undefined;
    return {
      subject, username: text(user, 'login'), name: text(user, 'full_name') ?? text(user, 'login'), email: text(user, 'email'),
      emailVerified: user.active === true, role,
    };
  },
);

const feishu = codeFlow(
  endpointsAt('https://open.feishu.cn', '/open-apis/authen/v1/authorize', '/open-apis/authen/v2/oauth/token', () => '', true),
  async (provider, s, accessToken) => {
    const name = provider.row.name;
    const answer = await getJson(name, `${s.base ?? 'https://open.feishu.cn'}/open-apis/authen/v1/user_info`, accessToken);
    if ((answer as Json).code !== 0) throw providerError(name, `Feishu user_info answered code ${String((answer as Json).code)}`);
    const user = (answer as Json).data;
    const subject = text(user, 'union_id') ?? text(user, 'open_id');
    if (!subject) throw providerError(name, 'Feishu user_info has no union_id or open_id');
    const tenant = text(user, 'tenant_key');
    const role = restricted(s) ? checkMembership(provider, s, tenant ? [tenant] : [], subject) : undefined;
    const enterprise = text(user, 'enterprise_email');
    return {
      subject, username: text(user, 'en_name') ?? text(user, 'name'), name: text(user, 'name'),
      email: enterprise ?? text(user, 'email'), emailVerified: enterprise !== undefined, role,
    };
  },
);

/** Google is OpenID Connect with fixed claims; its organisations are Workspace domains (hd). */
const google: RedirectKind = {
  authorizationUrl(provider, input) {
    return oidcAuthorizationUrl(provider, googleSetup(provider), input);
  },
  async profile(provider, input) {
    const s = presetSettings(provider.settings);
    const claims = await oidcClaims(provider, googleSetup(provider), input);
    const subject = typeof claims.sub === 'string' ? claims.sub : undefined;
    if (!subject) throw providerError(provider.row.name, 'the ID token has no sub');
    const hd = typeof claims.hd === 'string' ? claims.hd : undefined;
    const role = restricted(s) ? checkMembership(provider, s, hd ? [hd] : [], subject) : undefined;
    return {
      subject, username: typeof claims.email === 'string' ? claims.email.split('@')[0] : undefined,
      email: typeof claims.email === 'string' ? claims.email : undefined, emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined, role,
    };
  },
};

function googleSetup(provider: FlowProvider) {
  const s = presetSettings(provider.settings);
  return { ...setupOf({}), issuer: s.base ?? 'https://accounts.google.com', clientId: s.clientId, scopes: 'openid email profile' };
}

export const PRESETS: Record<OAuthPreset, RedirectKind> = { github, gitlab, google, feishu, gitea };
