// The HTTP calls of the OAuth presets (oauth.ts): the code exchange and the JSON user APIs, each
// with a timeout, every failure turned into the flow's error codes (never a stack to the browser).
import { codeInvalid, providerError, unreachable } from './flow-types.ts';

const TIMEOUT_MS = 10_000;
/** GitHub's API refuses a request without a User-Agent. */
const USER_AGENT = 'Tarmac (sign-in)';

export type Json = Record<string, unknown>;

function isNetwork(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || error instanceof TypeError);
}

/** One request to the provider; answers the status and the body parsed as JSON (or form-encoded text). */
export async function call(providerName: string, url: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...(init.headers as Record<string, string> | undefined) },
    });
  } catch (error) {
    if (isNetwork(error)) throw unreachable(providerName, `${init.method ?? 'GET'} ${url}: ${(error as Error).message}`);
    throw error;
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw unreachable(providerName, `${url}: the answer stopped: ${(error as Error).message}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // GitHub answers the token request form-encoded when it ignores Accept.
    body = /^[\w.~%+-]+=[^&]*(&[\w.~%+-]+=[^&]*)*$/.test(text.trim()) ? Object.fromEntries(new URLSearchParams(text.trim())) : undefined;
  }
  if (body === null || typeof body !== 'object') {
    throw providerError(providerName, `${url} answered ${response.status} with something that is not JSON`);
  }
  return { status: response.status, body: body as Json };
}

/** GETs a JSON API with the person's access token; anything but a 2xx JSON answer is the provider's error. */
export async function getJson(providerName: string, url: string, accessToken: string): Promise<unknown> {
  const { status, body } = await call(providerName, url, { headers: { authorization: `Bearer ${accessToken}` } });
  if (status < 200 || status > 299) throw providerError(providerName, `GET ${url} answered ${status}`);
  return body;
}

/** The GET answers an array (a list API): each item's `field` that is text. */
export async function getNames(providerName: string, url: string, accessToken: string, field: string): Promise<string[]> {
  const { status, body } = await call(providerName, url, { headers: { authorization: `Bearer ${accessToken}` } });
  if (status < 200 || status > 299 || !Array.isArray(body)) throw providerError(providerName, `GET ${url} answered ${status}, not a list`);
  return (body as unknown[]).map((item) => (item as Json | null)?.[field]).filter((v): v is string => typeof v === 'string');
}

/** Codes that mean the sign-in code was refused (expired, used, for another verifier), by preset. */
const CODE_REFUSALS = new Set(['invalid_grant', 'bad_verification_code']);

/**
 * Exchanges the code for an access token. `json`: send the fields as JSON (Feishu); otherwise
 * form-encoded. A refused code is oauth.code_invalid; any other error is oauth.provider_error.
 */
export async function exchangeCode(providerName: string, url: string, fields: Record<string, string>, json = false): Promise<string> {
  const init: RequestInit = json
    ? { method: 'POST', body: JSON.stringify(fields), headers: { 'content-type': 'application/json; charset=utf-8' } }
    : { method: 'POST', body: new URLSearchParams(fields) };
  const { status, body } = await call(providerName, url, init);
  const error = typeof body.error === 'string' ? body.error : undefined;
  if (error && CODE_REFUSALS.has(error)) throw codeInvalid(providerName, `token endpoint: ${error}`);
  // Feishu: a non-zero `code` is an error; 20003 is its refused authorization code.
  if (typeof body.code === 'number' && body.code !== 0) {
    if (body.code === 20003) throw codeInvalid(providerName, `token endpoint: Feishu code ${body.code}`);
    throw providerError(providerName, `token endpoint: Feishu code ${body.code}`);
  }
  const token = body.access_token;
  if (error || status < 200 || status > 299 || typeof token !== 'string' || token === '') {
    throw providerError(providerName, `token endpoint answered ${status}${error ? ` (${error})` : ''} without an access token`);
  }
  return token;
}

/** A JSON field as text (numbers too: GitHub's and GitLab's ids). */
export function text(body: unknown, field: string): string | undefined {
  const value = (body as Json | null)?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
