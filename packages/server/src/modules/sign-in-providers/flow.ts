// The browser sign-in through a redirect provider (OpenID Connect, the OAuth presets), between the
// sign-in page's button and the signed-in browser:
//   start    the provider must exist and be on; a state (an account token, 10 minutes, whose secret is
//            the `state`), a PKCE verifier, a nonce, where to go after (`next`, same-site paths only) and,
//            when linking from the settings, the signed-in account are kept; the browser gets a cookie
//            with the state's hash (a state that comes back to another browser is refused: login CSRF).
//   callback the state is checked and spent (once), the code exchanged, the person read (oidc.ts,
//            oauth.ts: loaded on first use), and identitiesService.complete decides: signed in, a link
//            to confirm, or linked.
import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokens } from '../../auth/account-tokens.ts';
import { createSecretBox } from '../../auth/secret-box.ts';
import type { AuthProviderRow } from '../../db/types.ts';
import type { Client, IdentitiesService } from '../identities/service.ts';
import type { ExternalSignInResult } from '../identities/types.ts';
import { isProviderKind, PROVIDER_SECRETS, signInStyle } from './kinds.ts';
import type { ProviderKind } from './kinds.ts';
import type { SignInProvidersRepository } from './repository.ts';
import { OAUTH_STATE, pendingOf, queryText, safeNext, STATE_TTL_MS, stateHash } from './flow-fns.ts';
import { FlowError, providerError } from './flow-types.ts';
import type { FlowProvider, RedirectKind } from './flow-types.ts';

interface StateData {
  providerId: number;
  verifier: string;
  nonce: string;
  next: string;
  linkUserId: number | null;
}

export interface Deps<S> {
  signInProvidersRepository: Pick<SignInProvidersRepository, 'findBySlug'>;
  identitiesService: Pick<IdentitiesService<S>, 'complete'>;
  accountTokens: AccountTokens;
  secretKey: string;
}

export interface CallbackRequest {
  query: unknown;
  /** The state hashes of the browser's cookie. */
  cookie: string | undefined;
  /** The callback URL as requested, absolute (openid-client checks code, state and iss from it). */
  currentUrl: URL;
  callbackUrl: string;
  client: Client;
}

export interface CallbackOutcome<S> {
  next: string;
  providerName: string;
  result: ExternalSignInResult<S>;
}

const unknownProvider = () => new FlowError('This sign-in provider does not exist or is switched off', 'oauth.provider_unknown');
const stateInvalid = () =>
  new FlowError('This sign-in is unknown, was already used or took too long: start again', 'oauth.state_invalid');
const otherBrowser = () =>
  new FlowError('This sign-in was started in another browser: start again here', 'oauth.state_other_browser');

async function redirectKind(kind: ProviderKind): Promise<RedirectKind> {
  if (kind === 'oidc') return (await import('./oidc.ts')).oidcKind;
  if (kind === 'ldap') throw unknownProvider();
  return (await import('./oauth.ts')).PRESETS[kind];
}

export function createSignInFlow<S>(deps: Deps<S>) {
  const { signInProvidersRepository, identitiesService, accountTokens } = deps;
  const box = createSecretBox(deps.secretKey, [], PROVIDER_SECRETS);

  /** The enabled redirect provider of this slug, its settings and secret opened. */
  async function providerFor(slug: string, callbackUrl: string): Promise<FlowProvider & { kind: ProviderKind }> {
    const row = slug.length <= 100 ? await signInProvidersRepository.findBySlug(slug) : undefined;
    if (!row || !row.enabled || !isProviderKind(row.kind) || signInStyle(row.kind) !== 'redirect') throw unknownProvider();
    return { row, kind: row.kind, settings: parseSettings(row), secret: openSecret(row), callbackUrl };
  }

  function parseSettings(row: AuthProviderRow): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(row.settings);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw providerError(row.name, 'the provider settings are not a JSON object');
  }

  function openSecret(row: AuthProviderRow): string | undefined {
    if (!row.secret) return undefined;
    try {
      return box.decrypt(row.secret);
    } catch {
      throw providerError(row.name, 'the client secret cannot be opened with TARMAC_SECRET_KEY (was the key changed?)');
    }
  }

  return {
    /** Where to send the browser, and the state hash its cookie must carry. */
    async start(slug: string, input: { next: string | undefined; linkUserId: number | undefined; callbackUrl: string }) {
      const provider = await providerFor(slug, input.callbackUrl);
      const kind = await redirectKind(provider.kind);
      const verifier = randomBytes(32).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      const next = safeNext(input.next);
      const data: StateData = { providerId: provider.row.id, verifier, nonce, next, linkUserId: input.linkUserId ?? null };
      const { secret: state } = await accountTokens.issue({ purpose: OAUTH_STATE, userId: input.linkUserId, data, ttlMs: STATE_TTL_MS });
      const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
      const url = await kind.authorizationUrl(provider, { state, codeChallenge, nonce });
      return { location: url.href, hash: stateHash(state) };
    },

    /** The provider sent the browser back: where to go after, the provider's name, and how it ended. */
    async callback(slug: string, request: CallbackRequest): Promise<CallbackOutcome<S>> {
      const state = queryText(request.query, 'state');
      if (!state) throw stateInvalid();
      const pending = await accountTokens.peek(OAUTH_STATE, state);
      if (!pending) throw stateInvalid();
      if (!pendingOf(request.cookie).includes(stateHash(state))) throw otherBrowser();
      const spent = await accountTokens.consume(OAUTH_STATE, state);
      if (!spent) throw stateInvalid();
      const data = spent.data as StateData;
      const provider = await providerFor(slug, request.callbackUrl);
      if (provider.row.id !== data.providerId) throw stateInvalid();
      const error = queryText(request.query, 'error');
      if (error === 'access_denied') {
        throw new FlowError(`You cancelled the sign-in at ${provider.row.name}`, 'oauth.denied', { provider: provider.row.name });
      }
      if (error) throw providerError(provider.row.name, `the provider sent error=${error.slice(0, 100)}`);
      const code = queryText(request.query, 'code');
      if (!code) throw providerError(provider.row.name, 'the provider sent neither a code nor an error');
      const kind = await redirectKind(provider.kind);
      const { verifier, nonce } = data;
      const profile = await kind.profile(provider, { currentUrl: request.currentUrl, code, state, verifier, nonce });
      const linkUserId = data.linkUserId ?? undefined;
      const result = await identitiesService.complete(provider.row, profile, request.client, linkUserId);
      return { next: data.next, providerName: provider.row.name, result };
    },
  };
}

export type SignInFlow<S = unknown> = ReturnType<typeof createSignInFlow<S>>;
