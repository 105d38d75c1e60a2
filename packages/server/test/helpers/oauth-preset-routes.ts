// Each OAuth preset's endpoints, as its documentation describes them (cited per preset). What a
// document does not say, mostly the exact error bodies, is marked "guess".
import { randomBytes } from 'node:crypto';
import { PresetCore, servePreset } from './oauth-preset-core.ts';
import type { OAuthPresetName, OAuthPresetOptions, PresetRequest, PresetRoutes, PresetUser, TestOAuthPreset } from './oauth-preset-core.ts';

const avatar = (u: PresetUser) => `https://avatars.example.com/u/${u.id}`;

// GitHub: "Authorizing OAuth apps", web application flow
// https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
// (GET /login/oauth/authorize; POST /login/oauth/access_token with client_id, client_secret, code, redirect_uri,
// code_verifier; form-encoded answer unless `Accept: application/json`; errors are 200 with `error`), REST API
// https://docs.github.com/en/rest/users/users#get-the-authenticated-user, .../users/emails#list-email-addresses-
// for-the-authenticated-user and .../orgs/orgs#list-organizations-for-the-authenticated-user. The API is served under
// /api/v3 as GitHub Enterprise Server does (https://HOSTNAME/api/v3); on github.com it is https://api.github.com.
function github(core: PresetCore): PresetRoutes {
  const api = (req: PresetRequest, answer: (u: PresetUser) => unknown) => {
    const user = core.bearer(req);
    if (!user) return { status: 401, json: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    return { json: answer(user) };
  };
  const githubOrgs = (u: PresetUser) => u.orgs.filter((o) => !o.includes('/'));
  return {
    'GET /login/oauth/authorize': (req) => {
      const redirect = req.url.searchParams.get('redirect_uri');
      // Documented: a redirect_uri that is not registered sends the user to the registered one with this error.
      if (redirect && !core.client.redirectUris.includes(redirect) && req.url.searchParams.get('client_id') === core.client.clientId) {
        const back = new URL(core.client.redirectUris[0]!);
        back.searchParams.set('error', 'redirect_uri_mismatch');
        back.searchParams.set('error_description', 'The redirect_uri MUST match the registered callback URL for this application.');
        const state = req.url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        return { redirect: back.href };
      }
      return core.authorize(req);
    },
    'POST /login/oauth/access_token': (req) => {
      const p = req.params;
      let answer: Record<string, string>;
      if (!core.clientAuth(req)) {
        answer = { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' };
      } else {
        const user = core.redeem(p.code, p.redirect_uri, p.code_verifier);
        answer = typeof user === 'string'
          ? { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' }
          : { access_token: core.issueToken(user, 'gho_'), scope: p.scope ?? 'read:user,user:email,read:org', token_type: 'bearer' };
      }
      if ((req.headers.accept ?? '').includes('application/json')) return { json: answer };
      return { text: new URLSearchParams(answer).toString() };
    },
    'GET /api/v3/user': (req) => api(req, (u) => ({
      login: u.username, id: u.id, node_id: `U_${u.id}`, avatar_url: avatar(u), html_url: `${core.baseUrl}/${u.username}`,
      type: 'User', site_admin: false, name: u.name,
      // The public profile email: null unless the user made one public (guess: the verified ones are public here).
      email: u.emailVerified ? u.email : null,
    })),
    'GET /api/v3/user/emails': (req) => api(req, (u) => [
      { email: u.email, primary: true, verified: u.emailVerified, visibility: 'private' },
      { email: `${u.id}+${u.username}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
    ]),
    'GET /api/v3/user/orgs': (req) => api(req, (u) => githubOrgs(u).map((login, i) => ({
      login, id: 5000 + i, node_id: `O_${login}`, url: `${core.baseUrl}/api/v3/orgs/${login}`, description: null,
    }))),
  };
}

// GitLab (self-managed): OAuth 2.0 identity provider API, authorization code flow with PKCE
// https://docs.gitlab.com/api/oauth2/ (GET /oauth/authorize, POST /oauth/token; JSON answer with expires_in 7200
// and created_at; errors as RFC 6749 5.2 — the exact descriptions are Doorkeeper's, a guess), the user
// https://docs.gitlab.com/api/users/#get-the-current-user and groups https://docs.gitlab.com/api/groups/#list-groups
// (`min_access_level` keeps the groups where the user has at least that role; 10 guest … 50 owner).
const GITLAB_INVALID_CLIENT = 'Client authentication failed due to unknown client, no client authentication included, '
  + 'or unsupported authentication method.';
const GITLAB_UNSUPPORTED_GRANT = 'The authorization grant type is not supported by the authorization server.';
const GITLAB_INVALID_GRANT = 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI '
  + 'used in the authorization request, or was issued to another client.';

function gitlab(core: PresetCore): PresetRoutes {
  const unauthorized = { status: 401, json: { message: '401 Unauthorized' } };
  return {
    'GET /oauth/authorize': (req) => {
      if (req.url.searchParams.get('response_type') !== 'code') {
        return { status: 400, html: '<p>The authorization server does not support this response type.</p>' };
      }
      return core.authorize(req);
    },
    'POST /oauth/token': (req) => {
      const p = req.params;
      if (!core.clientAuth(req)) {
        return { status: 401, json: { error: 'invalid_client', error_description: GITLAB_INVALID_CLIENT } };
      }
      if (p.grant_type !== 'authorization_code') {
        return { status: 400, json: { error: 'unsupported_grant_type', error_description: GITLAB_UNSUPPORTED_GRANT } };
      }
      const user = core.redeem(p.code, p.redirect_uri, p.code_verifier);
      if (typeof user === 'string') {
        return { status: 400, json: { error: 'invalid_grant', error_description: GITLAB_INVALID_GRANT } };
      }
      return { json: {
        access_token: core.issueToken(user), token_type: 'Bearer', expires_in: 7200, refresh_token: randomBytes(16).toString('hex'),
        scope: p.scope ?? 'read_user openid profile email', created_at: Math.floor(Date.now() / 1000),
      } };
    },
    'GET /api/v4/user': (req) => {
      const u = core.bearer(req);
      if (!u) return unauthorized;
      return { json: {
        id: u.id, username: u.username, name: u.name, state: 'active', locked: false, avatar_url: avatar(u),
        web_url: `${core.baseUrl}/${u.username}`, email: u.email, public_email: null,
        // Unconfirmed users cannot normally sign in to GitLab; `confirmed_at` null stands for one here (guess).
        confirmed_at: u.emailVerified ? '2024-01-02T03:04:05.000Z' : null, bot: false,
      } };
    },
    'GET /api/v4/groups': (req) => {
      const u = core.bearer(req);
      if (!u) return unauthorized;
      // Everyone's membership here is Developer (30).
      const min = Number(req.url.searchParams.get('min_access_level') ?? 0);
      const groups = min > 30 ? [] : u.orgs.filter((o) => o.includes('/'));
      return { json: groups.map((fullPath, i) => ({
        id: 700 + i, name: fullPath.split('/').pop(), path: fullPath.split('/').pop(), full_name: fullPath.replace('/', ' / '),
        full_path: fullPath, web_url: `${core.baseUrl}/groups/${fullPath}`, visibility: 'private', parent_id: null,
      })) };
    },
  };
}

// Gitea: OAuth2 provider https://docs.gitea.com/development/oauth2-provider (GET /login/oauth/authorize, POST
// /login/oauth/access_token with client_id, client_secret (or HTTP Basic), code, grant_type, redirect_uri,
// code_verifier; JSON answer), API https://docs.gitea.com/api/1.22/#tag/user/operation/userGetCurrent and
// #tag/organization/operation/orgListCurrentUserOrgs. Error bodies: invalid_grant / invalid_client as
// RFC 6749 (guess at the descriptions).
function gitea(core: PresetCore): PresetRoutes {
  const unauthorized = () => ({ status: 401, json: { message: 'token is required', url: `${core.baseUrl}/api/swagger` } });
  return {
    'GET /login/oauth/authorize': (req) => core.authorize(req),
    'POST /login/oauth/access_token': (req) => {
      const p = req.params;
      if (!core.clientAuth(req)) return { status: 400, json: { error: 'invalid_client', error_description: 'invalid client secret' } };
      const user = core.redeem(p.code, p.redirect_uri, p.code_verifier);
      if (typeof user === 'string') {
        return { status: 400, json: { error: 'invalid_grant', error_description: `client is not authorized: ${user}` } };
      }
      return { json: {
        access_token: core.issueToken(user), token_type: 'bearer', expires_in: 3600, refresh_token: randomBytes(16).toString('hex'),
      } };
    },
    'GET /api/v1/user': (req) => {
      const u = core.bearer(req);
      if (!u) return unauthorized();
      return { json: {
        id: u.id, login: u.username, login_name: '', full_name: u.name, email: u.email, avatar_url: avatar(u),
        language: 'en-US', is_admin: false, active: u.emailVerified, prohibit_login: false, username: u.username,
      } };
    },
    'GET /api/v1/user/orgs': (req) => {
      const u = core.bearer(req);
      if (!u) return unauthorized();
      return { json: u.orgs.filter((o) => !o.includes('/')).map((name, i) => ({
        id: 300 + i, name, username: name, full_name: name, avatar_url: `${core.baseUrl}/avatars/${name}`, visibility: 'private',
      })) };
    },
  };
}

// Feishu (and Lark, the same API on open.larksuite.com), web app sign-in:
// authorize https://open.feishu.cn/document/common-capabilities/sso/api/obtain-oauth-code (GET
// /open-apis/authen/v1/authorize with app_id or client_id, redirect_uri, state), app_access_token for a custom app
// https://open.feishu.cn/document/ukTMukTMukTM/ukDNz4SO0MjL5QzM/auth-v3/auth/app_access_token_internal,
// v1 code exchange https://open.feishu.cn/document/uAjLw4CM/ukTMukTMukTM/reference/authen-v1/access_token/create
// (Bearer app_access_token; the answer wraps the token and the user in `data`), v2 code exchange
// https://open.feishu.cn/document/authentication-management/access-token/get-user-access-token (client_id,
// client_secret, code, redirect_uri, code_verifier; flat answer), user info
// https://open.feishu.cn/document/uAjLw4CM/ukTMukTMukTM/reference/authen-v1/user_info/get. Every answer carries
// `code` (0 = ok) and `msg`; the non-zero codes used here (10014, 20003, 20024, 99991663) are a guess from
// Feishu's error code list, as are their HTTP statuses. Feishu says nothing of an email being verified.
const FEISHU_BAD_TOKEN = 'Invalid access token for authorization. Please make a request with token attached.';

function feishu(core: PresetCore): PresetRoutes {
  const appTokens = new Set<string>();
  const person = (u: PresetUser) => ({
    name: u.name, en_name: u.name, avatar_url: avatar(u), avatar_thumb: avatar(u), open_id: `ou_${u.id}${'0'.repeat(28)}`,
    union_id: `on_${u.id}${'0'.repeat(28)}`, email: u.email, enterprise_email: u.emailVerified ? `${u.username}@corp.example.com` : '',
    user_id: `u${u.id}`, mobile: '', tenant_key: 'tenant-test', employee_no: String(u.id),
  });
  const userToken = (u: PresetUser) => ({
    access_token: core.issueToken(u, 'u-'), token_type: 'Bearer', expires_in: 7200,
    refresh_token: `ur-${randomBytes(16).toString('hex')}`, refresh_expires_in: 2592000, scope: 'auth:user.id:read',
  });
  return {
    'GET /open-apis/authen/v1/authorize': (req) => core.authorize(req, req.url.searchParams.has('app_id') ? 'app_id' : 'client_id'),
    'POST /open-apis/auth/v3/app_access_token/internal': (req) => {
      const p = req.params;
      if (p.app_id !== core.client.clientId || p.app_secret !== core.client.clientSecret) {
        return { json: { code: 10014, msg: 'app secret invalid' } };
      }
      const token = `a-${randomBytes(16).toString('hex')}`;
      appTokens.add(token);
      const tenant = `t-${randomBytes(16).toString('hex')}`;
      return { json: { code: 0, msg: 'ok', app_access_token: token, expire: 7200, tenant_access_token: tenant } };
    },
    'POST /open-apis/authen/v1/access_token': (req) => {
      const app = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!app || !appTokens.has(app)) return { status: 400, json: { code: 99991663, msg: FEISHU_BAD_TOKEN } };
      if (req.params.grant_type !== 'authorization_code') return { status: 400, json: { code: 20024, msg: 'invalid grant_type' } };
      const user = core.redeem(req.params.code, undefined, undefined);
      if (typeof user === 'string') return { status: 400, json: { code: 20003, msg: `invalid code: ${user}` } };
      return { json: { code: 0, msg: 'success', data: { ...userToken(user), ...person(user) } } };
    },
    'POST /open-apis/authen/v2/oauth/token': (req) => {
      const p = req.params;
      if (p.client_id !== core.client.clientId || p.client_secret !== core.client.clientSecret) {
        return { status: 400, json: { code: 20002, error: 'invalid_client', error_description: 'The client secret is invalid.' } };
      }
      const user = core.redeem(p.code, p.redirect_uri, p.code_verifier);
      if (typeof user === 'string') {
        const error_description = `The authorization code is invalid: ${user}`;
        return { status: 400, json: { code: 20003, error: 'invalid_grant', error_description } };
      }
      const token = userToken(user);
      return { json: { code: 0, ...token, refresh_token_expires_in: token.refresh_expires_in } };
    },
    'GET /open-apis/authen/v1/user_info': (req) => {
      const u = core.bearer(req);
      if (!u) return { status: 401, json: { code: 99991663, msg: FEISHU_BAD_TOKEN } };
      return { json: { code: 0, msg: 'success', data: person(u) } };
    },
  };
}

const ROUTED = {
  github: { ttl: 600, routes: github, endpoints: (b: string) => ({
    authorize: `${b}/login/oauth/authorize`, token: `${b}/login/oauth/access_token`, api: `${b}/api/v3`,
    user: `${b}/api/v3/user`, emails: `${b}/api/v3/user/emails`, orgs: `${b}/api/v3/user/orgs`,
  }) },
  gitlab: { ttl: 600, routes: gitlab, endpoints: (b: string) => ({
    authorize: `${b}/oauth/authorize`, token: `${b}/oauth/token`, user: `${b}/api/v4/user`, groups: `${b}/api/v4/groups`,
  }) },
  gitea: { ttl: 600, routes: gitea, endpoints: (b: string) => ({
    authorize: `${b}/login/oauth/authorize`, token: `${b}/login/oauth/access_token`,
    user: `${b}/api/v1/user`, orgs: `${b}/api/v1/user/orgs`,
  }) },
  feishu: { ttl: 300, routes: feishu, endpoints: (b: string) => ({
    authorize: `${b}/open-apis/authen/v1/authorize`, appAccessToken: `${b}/open-apis/auth/v3/app_access_token/internal`,
    tokenV1: `${b}/open-apis/authen/v1/access_token`, token: `${b}/open-apis/authen/v2/oauth/token`,
    user: `${b}/open-apis/authen/v1/user_info`,
  }) },
} as const;

export async function startRoutedPreset(name: Exclude<OAuthPresetName, 'google'>, options: OAuthPresetOptions): Promise<TestOAuthPreset> {
  const preset = ROUTED[name];
  const core = new PresetCore(name, options, preset.ttl);
  return servePreset(name, core, preset.routes(core), preset.endpoints);
}
