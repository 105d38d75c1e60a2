// OpenID Connect sign-in with openid-client (loaded on first use, never at start-up): discovery,
// authorization code with PKCE (S256), state and nonce, ID token validation (signature, iss, aud,
// exp, nonce) by openid-client, userinfo when the ID token lacks a claim the settings name, then
// the claims mapping of the provider's settings. Google is this too, with its own issuer and claims.
//
// Plain http is refused for issuers, except loopback ones (http://127.0.0.1, localhost, [::1]):
// the test suite's provider runs there, and an issuer on the same machine is no network risk.
import type { Configuration } from 'openid-client';
import type * as OpenIdClient from 'openid-client';
import type { ExternalProfile } from '../identities/types.ts';
import { claimList, claimText, claimTrue, isLoopbackHttp, membership } from './flow-fns.ts';
import { codeInvalid, FlowError, notAllowed, providerError, unreachable } from './flow-types.ts';
import type { AuthorizationInput, CallbackInput, FlowProvider, RedirectKind } from './flow-types.ts';

type OpenId = typeof OpenIdClient;
let loaded: Promise<OpenId> | undefined;
const openid = () => (loaded ??= import('openid-client'));

/** How long a provider's discovery document is trusted before it is read again (a settings change reads it at once). */
const DISCOVERY_TTL_MS = 5 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const cache = new Map<string, { config: Promise<Configuration>; until: number }>();

/** What an OIDC sign-in reads; the generic kind takes it from the settings, Google has its own. */
export interface OidcSetup {
  issuer: string;
  clientId: string;
  scopes: string;
  uidClaim: string;
  usernameClaim: string;
  emailClaim: string;
  nameClaim: string;
  groupsClaim: string | undefined;
  allowedGroups: string[];
  adminGroups: string[];
}

export function setupOf(settings: Record<string, unknown>): OidcSetup {
  const text = (key: string, fallback: string) => {
    const value = settings[key];
    return typeof value === 'string' && value !== '' ? value : fallback;
  };
  const list = (key: string) => (Array.isArray(settings[key]) ? (settings[key] as string[]) : []);
  return {
    issuer: text('issuer', ''),
    clientId: text('client_id', ''),
    scopes: text('scopes', 'openid profile email'),
    uidClaim: text('uid_claim', 'sub'),
    usernameClaim: text('username_claim', 'preferred_username'),
    emailClaim: text('email_claim', 'email'),
    nameClaim: text('name_claim', 'name'),
    groupsClaim: text('groups_claim', '') || undefined,
    allowedGroups: list('allowed_groups'),
    adminGroups: list('admin_groups'),
  };
}

/** A network or timeout failure (fetch's TypeError, an abort), as opposed to an answer. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return error instanceof TypeError && /fetch failed|network|ECONN|ENOTFOUND/i.test(`${error.message} ${cause}`);
}

async function configurationFor(provider: FlowProvider, setup: OidcSetup): Promise<Configuration> {
  const key = JSON.stringify([provider.row.id, provider.row.updated_at, provider.row.settings, provider.row.secret, setup.issuer]);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.config;
  for (const [k, v] of cache) if (v.until <= now || k.startsWith(`[${provider.row.id},`)) cache.delete(k);
  const client = await openid();
  let issuer: URL;
  try {
    issuer = new URL(setup.issuer);
  } catch {
    throw providerError(provider.row.name, `the issuer "${setup.issuer}" is not a URL`);
  }
  const execute = isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [];
  const auth = provider.secret ? client.ClientSecretPost(provider.secret) : client.None();
  const config = client
    .discovery(issuer, setup.clientId, undefined, auth, { execute, timeout: DISCOVERY_TIMEOUT_SECONDS })
    .catch((error: unknown) => {
      cache.delete(key);
      throw unreachable(provider.row.name, `discovery at ${issuer.href} failed: ${describe(error)}`);
    });
  cache.set(key, { config, until: now + DISCOVERY_TTL_MS });
  return config;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}${cause}`;
}

/** openid-client's failures, as the flow's error codes. */
function classify(providerName: string, error: unknown): FlowError {
  if (error instanceof FlowError) return error;
  const oauthError = (error as { error?: unknown } | null)?.error;
  if (oauthError === 'invalid_grant') return codeInvalid(providerName, describe(error));
  if (isNetworkError(error)) return unreachable(providerName, describe(error));
  if (typeof oauthError === 'string') return providerError(providerName, `${oauthError}: ${describe(error)}`);
  return providerError(providerName, describe(error));
}

export async function oidcAuthorizationUrl(provider: FlowProvider, setup: OidcSetup, input: AuthorizationInput) {
  const config = await configurationFor(provider, setup);
  const client = await openid();
  return client.buildAuthorizationUrl(config, {
    redirect_uri: provider.callbackUrl, scope: setup.scopes, state: input.state, nonce: input.nonce,
    code_challenge: input.codeChallenge, code_challenge_method: 'S256',
  });
}

/** The ID token's claims, with userinfo's added when the ID token lacks one the mapping reads. */
export async function oidcClaims(provider: FlowProvider, setup: OidcSetup, input: CallbackInput): Promise<Record<string, unknown>> {
  const config = await configurationFor(provider, setup);
  const client = await openid();
  try {
    const tokens = await client.authorizationCodeGrant(config, input.currentUrl, {
      pkceCodeVerifier: input.verifier, expectedState: input.state, expectedNonce: input.nonce, idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    const wanted = [setup.uidClaim, setup.emailClaim, setup.nameClaim, setup.usernameClaim, setup.groupsClaim, 'email_verified'];
    const missing = wanted.some((name) => name !== undefined && !(name in claims));
    if (missing && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub as string);
      for (const [name, value] of Object.entries(info)) if (!(name in claims)) claims[name] = value;
    }
    return claims;
  } catch (error) {
    throw classify(provider.row.name, error);
  }
}

/** The person, from the claims and the provider's mapping: the uid, a verified email, the groups' verdict. */
export function profileFromClaims(providerName: string, setup: OidcSetup, claims: Record<string, unknown>): ExternalProfile {
  const subject = claimText(claims, setup.uidClaim);
  if (!subject) throw providerError(providerName, `the ID token and userinfo carry no "${setup.uidClaim}" claim`);
  const groups = claimList(claims, setup.groupsClaim);
  const verdict = membership(groups, setup.allowedGroups, setup.adminGroups);
  if (!verdict.allowed) throw notAllowed(providerName, `subject ${subject} is in none of the allowed groups`);
  return {
    subject,
    username: claimText(claims, setup.usernameClaim),
    email: claimText(claims, setup.emailClaim),
    // Microsoft Entra ID sends no email_verified; its optional claim xms_edov says the same of the domain.
    emailVerified: claimTrue(claims, 'email_verified') || claimTrue(claims, 'xms_edov'),
    name: claimText(claims, setup.nameClaim),
    role: verdict.role,
  };
}

/** A generic OpenID Connect provider (Keycloak, Authentik, Microsoft Entra ID…). */
export const oidcKind: RedirectKind = {
  authorizationUrl: (provider, input) => oidcAuthorizationUrl(provider, setupOf(provider.settings), input),
  async profile(provider, input) {
    const setup = setupOf(provider.settings);
    return profileFromClaims(provider.row.name, setup, await oidcClaims(provider, setup, input));
  },
};
