// The public URL check: this server fetches <base>/api/version the way a phone would reach it
// and reports what it saw. Only an administrator asks, and only for the configured base URL.

export interface UrlCheck {
  url: string;
  reachable: boolean;
  status: number | null;
  https: boolean;
  /** Whether the certificate was trusted; null over http or when no TLS answer came. */
  certificate_trusted: boolean | null;
  /** Whether the answer was a Tarmac /api/version (a JSON object with a version). */
  is_tarmac: boolean;
  error: string | null;
}

const TLS_TRUST_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)|ALTNAME/;
const TIMEOUT_MS = 5000;

/** The system's code of a failed fetch (ECONNREFUSED, CERT_HAS_EXPIRED …), looking into an AggregateError's first error. */
function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : '';
}

export async function checkPublicUrl(base: string): Promise<UrlCheck> {
  const url = `${base.replace(/\/+$/, '')}/api/version`;
  const https = url.startsWith('https:');
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    const text = await response.text();
    let isTarmac = false;
    try {
      const body = JSON.parse(text.slice(0, 10_000)) as { version?: unknown };
      isTarmac = response.ok && typeof body.version === 'string';
    } catch {
      isTarmac = false;
    }
    const trusted = https ? true : null;
    return { url, reachable: true, status: response.status, https, certificate_trusted: trusted, is_tarmac: isTarmac, error: null };
  } catch (error) {
    const code = causeCode(error);
    const untrusted = https && TLS_TRUST_CODES.test(code);
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const causeMessage = (error as { cause?: { message?: unknown } }).cause?.message;
    const detail = code || (typeof causeMessage === 'string' && causeMessage) || (error instanceof Error ? error.message : String(error));
    const message = timedOut ? `no answer within ${TIMEOUT_MS / 1000} seconds` : detail;
    return { url, reachable: false, status: null, https, certificate_trusted: untrusted ? false : null, is_tarmac: false, error: message };
  }
}
