// The HTTP client webhooks post with. It resolves the host itself, refuses addresses a hook may not
// reach (addresses.ts) and connects to the address it checked (a `lookup` handed to the socket, so
// no second DNS answer can point elsewhere: no rebinding). Redirects are followed by hand, at most
// `maxRedirects`, each hop resolved and checked again. One deadline covers DNS, every hop and the
// answer; at most 64 KiB of the answer is read (the excerpt the delivery log keeps).
// The answer is {status, durationMs, excerpt, retryAfterSeconds?} or a classified error.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusal } from './addresses.ts';
import { maskUrl } from './secrets.ts';

export const MAX_EXCERPT_BYTES = 64 * 1024;

export interface OutboundRequest {
  url: string;
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  body?: string;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundOptions {
  /** TARMAC_WEBHOOK_ALLOW_PRIVATE: allow loopback, private and link-local targets. */
  allowPrivate?: boolean;
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  /** Exact addresses allowed even when private: a receiver an admin trusts by address (and the tests' receivers). */
  allowAddresses?: readonly string[];
  maxRedirects?: number;
  maxExcerptBytes?: number;
  /** Name resolution (tests pass their own); the system resolver by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface OutboundResponse {
  kind: 'response';
  status: number;
  durationMs: number;
  /** The first 64 KiB of the answer, as text. */
  excerpt: string;
  truncated: boolean;
  /** From a 429 or 503 answer's Retry-After (seconds or an HTTP date). */
  retryAfterSeconds?: number;
  /** Where the answer finally came from, after redirects, masked (secrets.ts maskUrl): hook URLs carry credentials. */
  url: string;
}

export type OutboundErrorKind = 'timeout' | 'dns' | 'refused' | 'blocked' | 'network' | 'redirects' | 'invalid_url';

export interface OutboundError {
  kind: 'error';
  error: OutboundErrorKind;
  message: string;
  durationMs: number;
}

export type OutboundResult = OutboundResponse | OutboundError;

class Refusal extends Error {
  readonly kind: OutboundErrorKind;
  constructor(kind: OutboundErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> => dnsLookup(hostname, { all: true, verbatim: true });

/** Parses Retry-After: delay seconds, or an HTTP date (seconds from now, never negative). */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Refusal('invalid_url', 'is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refusal('invalid_url', `uses ${url.protocol}: only http and https`);
  if (url.username || url.password) throw new Refusal('invalid_url', 'carries credentials in the URL');
  return url;
}

/**
 * Why a hook URL cannot be saved, checked without the network (for the API's field error); null when
 * it may be saved. Names are checked again, resolved, at every delivery.
 */
export function hookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  if (raw.length > 2048) return 'is longer than 2048 characters';
  let url: URL;
  try {
    url = parseTarget(raw);
  } catch (error) {
    return (error as Error).message;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return refusal(host, allowPrivate);
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return refusal('127.0.0.1', false);
  return null;
}

/** The one address to connect to: every address the name resolves to must be allowed. */
async function checkedAddress(url: URL, options: OutboundOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      throw new Refusal('dns', `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    if (addresses.length === 0) throw new Refusal('dns', `${host} does not resolve`);
  }
  for (const { address } of addresses) {
    if (options.allowAddresses?.includes(address)) continue;
    const why = refusal(address, options.allowPrivate ?? false);
    if (why) throw new Refusal('blocked', host === address ? why : `${host} resolves to ${why}`);
  }
  return addresses[0]!;
}

/** A lookup that answers only the checked address, in the shape the socket asked for. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

function classify(error: NodeJS.ErrnoException): Refusal {
  if (error instanceof Refusal) return error;
  if (error.code === 'ECONNREFUSED') return new Refusal('refused', 'the connection was refused');
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return new Refusal('dns', error.message);
  return new Refusal('network', `${error.code ?? 'error'}: ${error.message}`);
}

interface Hop {
  status: number;
  location: string | undefined;
  retryAfter: string | undefined;
  excerpt: string;
  truncated: boolean;
}

function exchange(url: URL, target: ResolvedAddress, request: OutboundRequest, limit: number, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const req = client.request(url, { method: request.method ?? 'POST', headers, lookup: pinnedLookup(target), agent: false, signal });
    req.on('error', (error) => reject(signal.aborted ? new Refusal('timeout', 'no answer in time') : classify(error)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const done = () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          retryAfter: res.headers['retry-after'],
          excerpt: Buffer.concat(chunks).toString('utf8'),
          truncated,
        });
      res.on('data', (chunk: Buffer) => {
        if (size + chunk.length > limit) {
          chunks.push(chunk.subarray(0, limit - size));
          size = limit;
          truncated = true;
          res.destroy();
          done();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', done);
      res.on('error', (error) => reject(signal.aborted ? new Refusal('timeout', 'the answer did not finish in time') : classify(error)));
    });
    req.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The request for the next hop: 301/302/303 turn a POST into a body-less GET; credentials stay on their origin. */
function nextRequest(current: OutboundRequest, from: URL, to: URL, status: number): OutboundRequest {
  const headers = { ...current.headers };
  if (to.origin !== from.origin) {
    for (const name of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(name)) delete headers[name];
  }
  if (status === 307 || status === 308) return { ...current, url: to.toString(), headers };
  for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
  return { url: to.toString(), method: 'GET', headers };
}

/** Sends a webhook request safely; never throws. */
export async function send(request: OutboundRequest, options: OutboundOptions = {}): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  const deadline = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Refusal('timeout', `no answer within ${options.timeoutMs ?? 10_000} ms`)));
  });
  deadline.catch(() => undefined);
  try {
    let current = request;
    for (let hop = 0; ; hop += 1) {
      const url = parseTarget(current.url);
      const target = await Promise.race([checkedAddress(url, options), deadline]);
      const limit = options.maxExcerptBytes ?? MAX_EXCERPT_BYTES;
      const answer = await Promise.race([exchange(url, target, current, limit, controller.signal), deadline]);
      if (REDIRECTS.has(answer.status) && answer.location) {
        if (hop >= (options.maxRedirects ?? 3)) throw new Refusal('redirects', `more than ${options.maxRedirects ?? 3} redirects`);
        let next: URL;
        try {
          next = new URL(answer.location, url);
        } catch {
          throw new Refusal('invalid_url', `redirected to an invalid URL "${answer.location}"`);
        }
        current = nextRequest(current, url, next, answer.status);
        continue;
      }
      const retryAfterSeconds = answer.status === 429 || answer.status === 503 ? parseRetryAfter(answer.retryAfter) : undefined;
      return {
        kind: 'response',
        status: answer.status,
        durationMs: elapsed(),
        excerpt: answer.excerpt,
        truncated: answer.truncated,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        url: maskUrl(url.toString()),
      };
    }
  } catch (error) {
    const refused = error instanceof Refusal ? error : classify(error as NodeJS.ErrnoException);
    return { kind: 'error', error: refused.kind, message: refused.message, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

const TRANSIENT = new Set<OutboundErrorKind>(['timeout', 'dns', 'refused', 'network']);

/**
 * Whether another attempt may help: network errors, timeouts, 5xx, 408 and 429 (after its
 * Retry-After). Never after a 2xx, never for other 4xx, a blocked address or a bad URL.
 */
export function retryable(result: OutboundResult): boolean {
  if (result.kind === 'error') return TRANSIENT.has(result.error);
  return result.status >= 500 || result.status === 429 || result.status === 408;
}
