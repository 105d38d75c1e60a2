// What the sign-in flow (flow.ts) asks of each kind of redirect provider: OpenID Connect (oidc.ts)
// and the OAuth presets (oauth.ts), both loaded on first use.
import type { AuthProviderRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { ErrorCode, ErrorParams } from '../../errors.ts';
import type { ExternalProfile } from '../identities/types.ts';

export interface FlowProvider {
  row: AuthProviderRow;
  /** The kind's settings JSON, parsed and checked against its schema. */
  settings: Record<string, unknown>;
  /** The client secret, opened; undefined when none is stored (a public client). */
  secret: string | undefined;
  /** `<base>/auth/<slug>/callback`: the redirect URI registered at the provider. */
  callbackUrl: string;
}

export interface AuthorizationInput {
  state: string;
  /** PKCE S256 challenge of the verifier kept in the state. */
  codeChallenge: string;
  nonce: string;
}

export interface CallbackInput {
  /** The callback URL as the browser requested it (code, state, iss…). */
  currentUrl: URL;
  code: string;
  state: string;
  verifier: string;
  nonce: string;
}

export interface RedirectKind {
  authorizationUrl(provider: FlowProvider, input: AuthorizationInput): Promise<URL>;
  /** Exchanges the code and reads the person: throws FlowError for a refusal. */
  profile(provider: FlowProvider, input: CallbackInput): Promise<ExternalProfile>;
}

/** A sign-in that ends at /login?error=<code>; `detail` goes to the log only (never a code or secret). */
export class FlowError extends AppError {
  readonly detail: string | undefined;
  constructor(message: string, code: ErrorCode, params?: ErrorParams, detail?: string) {
    super(message, code, params);
    this.detail = detail;
  }
}

/** The provider refused the code: expired, already used, or issued for another verifier (invalid_grant). */
export const codeInvalid = (provider: string, detail?: string) =>
  new FlowError(`${provider} refused the sign-in code: it expired or was already used; sign in again`, 'oauth.code_invalid', { provider }, detail);

/** The provider answered with an error, or with something that is not what its API documents. */
export const providerError = (provider: string, detail: string) =>
  new FlowError(`${provider} answered with an error; try again or ask an administrator`, 'oauth.provider_error', { provider }, detail);

/** The person is in none of the groups or organisations the provider is limited to. */
export const notAllowed = (provider: string, detail: string) =>
  new FlowError(`Your ${provider} account is not in a group or organisation allowed to sign in here`, 'oauth.not_allowed', { provider }, detail);

/** The provider could not be reached (network, DNS, TLS, timeout, discovery). */
export const unreachable = (provider: string, detail: string) =>
  new FlowError(`${provider} could not be reached; try again later`, 'oauth.unreachable', { provider }, detail);
