// LDAP sign-in: bind as the service account (or anonymously), find exactly one entry with the
// user filter ({username} escaped per RFC 4515), bind as that entry with the password, then check
// the group filters by a search scoped to the entry. ldapts loads on first use, not at start.
// The subject of the identity is the username attribute's value, not the DN: a DN changes when
// an entry moves to another OU or a group is renamed, the login name stays.
import type { Client, Entry } from 'ldapts';
import { ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../../errors.ts';
import type { ExternalProfile } from '../identities/types.ts';
import { fillFilter } from './fns.ts';
import type { LdapSettings } from './settings.ts';

export const LDAP_CONNECT_TIMEOUT_MS = 5_000;
export const LDAP_OPERATION_TIMEOUT_MS = 10_000;

/** What the directory says about one entry, as the sign-in maps it. */
export interface LdapPerson {
  dn: string;
  username: string;
  email: string | undefined;
  name: string | undefined;
  /** Undefined when no admin group filter is set. */
  admin: boolean | undefined;
  /** Whether the entry passes the group filter (true when none is set). */
  allowed: boolean;
}

const WRONG = 'Wrong username or password';

function first(entry: Entry, attribute: string | undefined): string | undefined {
  if (!attribute) return undefined;
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  const text = Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
  return text.trim() === '' ? undefined : text.trim();
}

function unavailable(settings: LdapSettings, error: unknown): ServiceUnavailableError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ServiceUnavailableError(`The directory at ${settings.url} cannot be used: ${reason}`, 'ldap.unavailable', { reason });
}

/** A connected client: TLS (ldaps:// or StartTLS) trusting the CA given, if any. */
async function connect(settings: LdapSettings): Promise<Client> {
  const { Client } = await import('ldapts');
  const ca = settings.ca_certificate?.trim() ? settings.ca_certificate : undefined;
  const tlsOptions = ca ? { ca: [ca] } : {};
  const client = new Client({
    url: settings.url,
    connectTimeout: LDAP_CONNECT_TIMEOUT_MS,
    timeout: LDAP_OPERATION_TIMEOUT_MS,
    ...(settings.url.toLowerCase().startsWith('ldaps:') ? { tlsOptions } : {}),
  });
  try {
    if (settings.start_tls) await client.startTLS(tlsOptions);
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
  return client;
}

/** The service bind: the bind DN with its password, or none (anonymous search). */
async function serviceBind(client: Client, settings: LdapSettings, secret: string | null): Promise<void> {
  if (settings.bind_dn?.trim()) await client.bind(settings.bind_dn, secret ?? '');
}

async function isInvalidCredentials(error: unknown): Promise<boolean> {
  const { InvalidCredentialsError } = await import('ldapts');
  return error instanceof InvalidCredentialsError;
}

async function matches(client: Client, dn: string, template: string | undefined): Promise<boolean | undefined> {
  if (!template?.trim()) return undefined;
  const filter = fillFilter(template, 'dn', dn);
  const { searchEntries } = await client.search(dn, { scope: 'base', filter, attributes: ['1.1'] });
  return searchEntries.length > 0;
}

/** Finds the one entry of `login` and maps it; `undefined` when there is none or more than one. */
async function findPerson(client: Client, settings: LdapSettings, login: string): Promise<LdapPerson | undefined> {
  const filter = fillFilter(settings.user_filter, 'username', login);
  const wanted = [settings.username_attribute, settings.email_attribute, settings.name_attribute];
  const attributes = wanted.filter((a): a is string => Boolean(a));
  const { searchEntries } = await client.search(settings.base_dn, { scope: 'sub', filter, attributes, sizeLimit: 2 });
  if (searchEntries.length !== 1) return undefined;
  const entry = searchEntries[0]!;
  const username = first(entry, settings.username_attribute);
  if (!username) return undefined;
  const allowed = (await matches(client, entry.dn, settings.group_filter)) ?? true;
  const admin = await matches(client, entry.dn, settings.admin_group_filter);
  const email = first(entry, settings.email_attribute);
  return { dn: entry.dn, username, email, name: first(entry, settings.name_attribute), admin, allowed };
}

/** Runs `work` on a connected, service-bound client; a directory that fails answers 503. */
async function withService<T>(settings: LdapSettings, secret: string | null, work: (client: Client) => Promise<T>): Promise<T> {
  let client: Client | undefined;
  try {
    client = await connect(settings);
    await serviceBind(client, settings, secret);
  } catch (error) {
    await client?.unbind().catch(() => undefined);
    if (await isInvalidCredentials(error)) {
      throw new ServiceUnavailableError(`The directory at ${settings.url} refused the service account ${settings.bind_dn}`, 'ldap.unavailable', {
        reason: 'the service account was refused',
      });
    }
    throw unavailable(settings, error);
  }
  try {
    return await work(client);
  } catch (error) {
    if (error instanceof UnauthorizedError || error instanceof ForbiddenError) throw error;
    throw unavailable(settings, error);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** Checks the password by binding as the entry, on a connection of its own. */
async function userBind(settings: LdapSettings, dn: string, password: string): Promise<boolean> {
  const client = await connect(settings).catch((error: unknown) => Promise.reject(unavailable(settings, error)));
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if (await isInvalidCredentials(error)) return false;
    throw unavailable(settings, error);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** Signs `login` in against the directory: the profile to hand to the identities, or 401/403/503. */
export async function ldapAuthenticate(
  settings: LdapSettings,
  secret: string | null,
  login: string,
  password: string,
  providerName: string,
): Promise<ExternalProfile> {
  // An empty password would be an "unauthenticated bind" (RFC 4513 5.1.2), which many servers accept.
  if (password === '' || login.trim() === '') throw new UnauthorizedError(WRONG, 'auth.invalid_credentials');
  const person = await withService(settings, secret, async (client) => {
    const found = await findPerson(client, settings, login.trim());
    if (!found || !(await userBind(settings, found.dn, password))) throw new UnauthorizedError(WRONG, 'auth.invalid_credentials');
    return found;
  });
  if (!person.allowed) {
    throw new ForbiddenError(`${providerName} does not let this account use Tarmac: ask an administrator`, 'ldap.not_allowed', {
      provider: providerName,
    });
  }
  return {
    subject: person.username,
    username: person.username,
    email: person.email,
    emailVerified: true, // the directory vouches for its own entries
    name: person.name,
    role: person.admin === undefined ? undefined : person.admin ? 'admin' : 'default',
  };
}

/** The admin's "Test": connect, TLS, service bind and, given a username, what that entry maps to. */
export async function ldapTest(settings: LdapSettings, secret: string | null, username: string | undefined) {
  const steps: string[] = [];
  try {
    return await withService(settings, secret, async (client) => {
      steps.push(settings.start_tls ? 'Connected and upgraded with StartTLS' : 'Connected');
      steps.push(settings.bind_dn?.trim() ? `Bound as ${settings.bind_dn}` : 'Searching anonymously');
      if (!username?.trim()) return { ok: true, message: steps.join('; '), user: null };
      const person = await findPerson(client, settings, username.trim());
      if (!person) return { ok: false, message: `${steps.join('; ')}; no single entry matches ${username.trim()}`, user: null };
      return { ok: true, message: `${steps.join('; ')}; found ${person.dn}`, user: person };
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), user: null };
  }
}
