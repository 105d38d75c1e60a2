// The admin's "Test" of a saved provider: LDAP connects, upgrades, binds and looks a user up;
// OpenID Connect reads the discovery document; an OAuth preset checks its server answers.
// The answer says what happened in words; it never throws for a provider that fails.
import type { ProviderKind } from './kinds.ts';
import type { LdapSettings } from './settings.ts';

export interface TestResult {
  ok: boolean;
  message: string;
  user: { dn: string; username: string; email: string | null; name: string | null; admin: boolean | null; allowed: boolean } | null;
}

/** Where each preset lives when no base URL is set. */
export const PRESET_DEFAULT_URLS: Record<string, string> = {
  github: 'https://github.com',
  gitlab: 'https://gitlab.com',
  google: 'https://accounts.google.com',
  feishu: 'https://open.feishu.cn',
};

const TIMEOUT_MS = 5_000;

async function reach(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { status: response.status, body: (await response.text()).slice(0, 100_000) };
}

const failure = (message: string): TestResult => ({ ok: false, message, user: null });
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

async function testOidc(issuer: string): Promise<TestResult> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  try {
    const { status, body } = await reach(url);
    if (status !== 200) return failure(`${url} answered HTTP ${status}`);
    const document = JSON.parse(body) as { issuer?: unknown; authorization_endpoint?: unknown };
    if (typeof document.issuer !== 'string' || typeof document.authorization_endpoint !== 'string') {
      return failure(`${url} is not an OpenID discovery document`);
    }
    return { ok: true, message: `Read the discovery document of ${document.issuer}`, user: null };
  } catch (error) {
    return failure(`${url} cannot be read: ${reason(error)}`);
  }
}

async function testPreset(kind: ProviderKind, baseUrl: string | undefined): Promise<TestResult> {
  const url = baseUrl?.trim() || PRESET_DEFAULT_URLS[kind];
  if (!url) return failure(`Set the base URL of your ${kind} server`);
  try {
    const { status } = await reach(url);
    return { ok: true, message: `${url} answers (HTTP ${status})`, user: null };
  } catch (error) {
    return failure(`${url} cannot be reached: ${reason(error)}`);
  }
}

export async function testProvider(
  kind: ProviderKind,
  settings: Record<string, unknown>,
  secret: string | null,
  username: string | undefined,
): Promise<TestResult> {
  if (kind === 'ldap') {
    const { ldapTest } = await import('./ldap.ts');
    const result = await ldapTest(settings as LdapSettings, secret, username);
    const person = result.user;
    return {
      ok: result.ok,
      message: result.message,
      user: person && { ...person, email: person.email ?? null, name: person.name ?? null, admin: person.admin ?? null },
    };
  }
  if (kind === 'oidc') return testOidc(typeof settings.issuer === 'string' ? settings.issuer : '');
  return testPreset(kind, typeof settings.base_url === 'string' ? settings.base_url : undefined);
}
