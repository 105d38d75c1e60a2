// A real OpenLDAP for the tests (.ci/ldap.sh), holding the directory of ldap-directory.ts. When
// TARMAC_CI_LDAP_URL is set (CI starts one for both engine runs, a developer may keep one running),
// that server is used; otherwise the first test file that asks starts one for the whole run, in the
// folder global-setup provides (`ldapDir`), and global-setup's teardown stops it. A run without
// LDAP tests starts nothing. A server that cannot be started fails the test that asked (never a skip).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { startOnce } from './ci-services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file starts the run's OpenLDAP when TARMAC_CI_LDAP_URL is unset (global-setup.ts). */
    ldapDir?: string;
  }
}

export const LDAP_SCRIPT = path.resolve(import.meta.dirname, '../../../../.ci/ldap.sh');

export interface LdapServer {
  /** ldap://127.0.0.1:PORT, offering StartTLS. */
  url: string;
  /** ldaps://127.0.0.1:PORT. */
  ldapsUrl: string;
  /** The CA that signed the server's certificate (PEM file), made for this server. */
  caFile: string;
  /** The service account (read rights, no passwords). */
  bindDn: string;
  bindPassword: string;
  base: string;
  /** The folder .ci/ldap.sh stop takes. */
  dir: string;
}

const NAMES = {
  url: 'TARMAC_CI_LDAP_URL',
  ldapsUrl: 'TARMAC_CI_LDAPS_URL',
  caFile: 'TARMAC_CI_LDAP_CA',
  bindDn: 'TARMAC_CI_LDAP_BIND_DN',
  bindPassword: 'TARMAC_CI_LDAP_BIND_PASSWORD',
  base: 'TARMAC_CI_LDAP_BASE',
  dir: 'TARMAC_CI_LDAP_DIR',
} as const satisfies Record<keyof LdapServer, string>;

/** The server the TARMAC_CI_LDAP_* variables describe; undefined without TARMAC_CI_LDAP_URL, an error when one is missing. */
export function ldapFromEnv(env: Record<string, string | undefined>): LdapServer | undefined {
  if (!env.TARMAC_CI_LDAP_URL) return undefined;
  const missing = Object.values(NAMES).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`TARMAC_CI_LDAP_URL is set but not ${missing.join(', ')} (use every line .ci/ldap.sh start prints)`);
  return Object.fromEntries(Object.entries(NAMES).map(([key, name]) => [key, env[name]!])) as unknown as LdapServer;
}

let started: Promise<LdapServer> | undefined;

/** The run's OpenLDAP: the one TARMAC_CI_LDAP_URL names, or one started once for the run. */
export function ldapServer(): Promise<LdapServer> {
  started ??= (async () => {
    const given = ldapFromEnv(process.env);
    if (given) return given;
    const dir = inject('ldapDir');
    if (!dir) throw new Error('No OpenLDAP: set TARMAC_CI_LDAP_URL and the rest (see .ci/ldap.sh) or run through vitest.config.ts');
    return ldapFromEnv(await startOnce(dir, LDAP_SCRIPT, 'OpenLDAP server'))!;
  })();
  return started;
}

/** The CA of the server, for `tlsOptions: { ca }`. */
export function ldapCa(server: LdapServer): string {
  return readFileSync(server.caFile, 'utf8');
}
