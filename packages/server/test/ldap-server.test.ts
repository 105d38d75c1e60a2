// The test OpenLDAP (.ci/ldap.sh, helpers/ldap.ts) holds the directory ldap-directory.ts describes,
// as ldapts (the client the LDAP sign-in uses) sees it: the service account searches, each user binds
// with their password and not with another, StartTLS and LDAPS trust the run's CA and nothing else,
// groups list their members, and a Chinese name survives the trip. No Tarmac server: the database
// engine does not matter here.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Attribute, Change, Client, InsufficientAccessError, InvalidCredentialsError, type Entry } from 'ldapts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseShellExports } from './helpers/ci-services.ts';
import { LDAP_SCRIPT, ldapCa, ldapServer, ldapFromEnv, type LdapServer } from './helpers/ldap.ts';
import {
  LDAP_ADMIN, LDAP_BASE, LDAP_GROUPS, LDAP_GROUP_NAMES, LDAP_PEOPLE, LDAP_READER, LDAP_USERS, LDIF_PATH, directoryLdif, groupDn, ldapUser,
  userDn,
} from './helpers/ldap-directory.ts';

let server: LdapServer;
let ca: string;

let unavailable: Error | undefined;

beforeAll(async () => {
  try {
    server = await ldapServer();
    ca = ldapCa(server);
  } catch (error) {
    unavailable = error instanceof Error ? error : new Error(String(error));
  }
}, 600_000);

// No server is a failure of every test, not a skipped file.
beforeEach(() => {
  if (unavailable) throw unavailable;
});

/** Runs `use` with a client on `url` (plain ldap:// unless told), unbinding after. */
async function withClient<T>(use: (client: Client) => Promise<T>, url = server.url, tlsOptions?: { ca?: string }): Promise<T> {
  const client = new Client({ url, timeout: 10_000, connectTimeout: 5_000, tlsOptions });
  try {
    return await use(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function searchPeople(client: Client, filter: string, attributes?: string[]): Promise<Entry[]> {
  const { searchEntries } = await client.search(LDAP_PEOPLE, { scope: 'sub', filter, attributes });
  return searchEntries;
}

describe('the test directory', () => {
  it('is loaded from a .ci/ldap/directory.ldif that ldap-directory.ts still generates', () => {
    expect(readFileSync(LDIF_PATH, 'utf8'), 'run: node packages/server/test/helpers/ldap-directory.ts').toBe(directoryLdif());
  });

  it('is the server the environment describes: base, service account, CA file', () => {
    expect(server.base).toBe(LDAP_BASE);
    expect(server.bindDn).toBe(LDAP_READER.dn);
    expect(server.bindPassword).toBe(LDAP_READER.password);
    expect(server.url).toMatch(/^ldap:\/\/127\.0\.0\.1:\d+$/);
    expect(server.ldapsUrl).toMatch(/^ldaps:\/\/127\.0\.0\.1:\d+$/);
    expect(ca).toContain('BEGIN CERTIFICATE');
  });

  it('reads the lines .ci/ldap.sh prints, quoted or escaped, and refuses a partial set', () => {
    const text = "export TARMAC_CI_LDAP_BIND_DN=cn=reader\\,dc=tarmac\\,dc=test\nexport TARMAC_CI_LDAP_DIR='/tmp/a b'\n";
    expect(parseShellExports(text)).toEqual({ TARMAC_CI_LDAP_BIND_DN: 'cn=reader,dc=tarmac,dc=test', TARMAC_CI_LDAP_DIR: '/tmp/a b' });
    expect(ldapFromEnv({})).toBeUndefined();
    expect(() => ldapFromEnv({ TARMAC_CI_LDAP_URL: 'ldap://127.0.0.1:1' })).toThrow(/TARMAC_CI_LDAP_BIND_DN/);
  });
});

describe('service account and user binds', () => {
  it('the service account binds and finds a user by (uid=…), with the mapped attributes but no password', async () => {
    const bob = ldapUser('bob');
    const [entry, ...rest] = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      return searchPeople(client, `(uid=${bob.uid})`, ['uid', 'cn', 'mail', 'userPassword']);
    });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ dn: userDn('bob'), uid: 'bob', cn: bob.cn, mail: bob.mail });
    // ldapts lists a requested attribute the entry lacks (or the ACL hides) as [].
    expect(entry?.userPassword).toEqual([]);
  });

  it("the service account sees every user; anonymous sees nothing (no password either), a user sees no other user's password", async () => {
    const found = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      return searchPeople(client, '(objectClass=inetOrgPerson)', ['uid']);
    });
    expect(found.map((entry) => entry.uid).sort()).toEqual(LDAP_USERS.map((user) => user.uid).sort());
    // Anonymous reads nothing (not even the base: "No such object"), so no userPassword either.
    const anonymous = await withClient((client) => searchPeople(client, '(uid=*)', ['uid', 'userPassword']).catch((error: unknown) => error));
    expect(anonymous).toMatchObject({ name: 'NoSuchObjectError' });
    // A signed-in user reads the directory (as in most companies' directories), but no one else's password.
    const asBob = await withClient(async (client) => {
      await client.bind(userDn('bob'), ldapUser('bob').password);
      return searchPeople(client, '(uid=*)', ['uid', 'userPassword']);
    });
    expect(asBob.map((entry) => entry.uid).sort()).toEqual(LDAP_USERS.map((user) => user.uid).sort());
    expect(asBob.filter((entry) => entry.uid !== 'bob').map((entry) => entry.userPassword)).toEqual(LDAP_USERS.slice(1).map(() => []));
  });

  it.each(LDAP_USERS.map((user) => [user.uid, user] as const))('%s binds with their password and not with a wrong one', async (_uid, user) => {
    await withClient(async (client) => {
      await client.bind(userDn(user.uid), user.password);
      expect(await client.exop('1.3.6.1.4.1.4203.1.11.3')).toMatchObject({ value: `dn:${userDn(user.uid)}` });
    });
    await expect(withClient((client) => client.bind(userDn(user.uid), `${user.password}x`))).rejects.toBeInstanceOf(InvalidCredentialsError);
    const other = LDAP_USERS.find((candidate) => candidate.uid !== user.uid)!;
    await expect(withClient((client) => client.bind(userDn(user.uid), other.password))).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('an unknown user cannot bind, and the service account cannot read passwords or write', async () => {
    await expect(withClient((client) => client.bind(userDn('nobody'), 'x'))).rejects.toBeInstanceOf(InvalidCredentialsError);
    const error = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      const change = new Change({ operation: 'replace', modification: new Attribute({ type: 'description', values: ['changed'] }) });
      return client.modify(userDn('bob'), change).then(() => undefined, (caught: unknown) => caught);
    });
    expect(error).toBeInstanceOf(InsufficientAccessError);
  });

  it('the rootDN .ci/ldap.sh sets binds with the password ldap-directory.ts names', async () => {
    await withClient((client) => client.bind(LDAP_ADMIN.dn, LDAP_ADMIN.password));
  });
});

describe('TLS', () => {
  /** Node's codes for a certificate chain it cannot verify. */
  const UNTRUSTED = /^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?)$/;

  it('StartTLS on ldap:// with the run\'s CA, then binds and searches', async () => {
    const entries = await withClient(async (client) => {
      await client.startTLS({ ca, servername: '127.0.0.1' });
      await client.bind(server.bindDn, server.bindPassword);
      return searchPeople(client, '(uid=alice)', ['uid']);
    });
    expect(entries.map((entry) => entry.uid)).toEqual(['alice']);
  });

  it('LDAPS with the run\'s CA, then a user binds', async () => {
    const alice = ldapUser('alice');
    await withClient((client) => client.bind(userDn('alice'), alice.password), server.ldapsUrl, { ca });
  });

  it('without the CA neither LDAPS nor StartTLS trusts the certificate', async () => {
    const bind = (client: Client): Promise<void> => client.bind(server.bindDn, server.bindPassword);
    const ldaps = await withClient(bind, server.ldapsUrl, {}).catch((e: unknown) => e);
    expect(ldaps).toBeInstanceOf(Error);
    expect((ldaps as NodeJS.ErrnoException).code).toMatch(UNTRUSTED);
    const startTls = await withClient((client) => client.startTLS({})).catch((e: unknown) => e);
    expect(startTls).toBeInstanceOf(Error);
    expect((startTls as NodeJS.ErrnoException).code).toMatch(UNTRUSTED);
  });
});

describe('groups and names', () => {
  async function groupsOf(uid: string): Promise<string[]> {
    const { searchEntries } = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      return client.search(LDAP_GROUPS, { scope: 'one', filter: `(&(objectClass=groupOfNames)(member=${userDn(uid)}))`, attributes: ['cn'] });
    });
    return searchEntries.map((entry) => String(entry.cn)).sort();
  }

  it('a groupOfNames search by member finds each user\'s groups; the locked-out user has none', async () => {
    for (const user of LDAP_USERS) expect(await groupsOf(user.uid), user.uid).toEqual([...user.groups].sort());
    expect(await groupsOf('mallory')).toEqual([]);
    const members = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      const { searchEntries } = await client.search(groupDn('tarmac-admins'), { scope: 'base', attributes: ['member'] });
      return searchEntries[0]?.member;
    });
    expect(members).toBe(userDn('alice'));
    expect(LDAP_GROUP_NAMES).toEqual(['tarmac-users', 'tarmac-admins']);
  });

  it('memberOf (the memberof overlay) filters users by group, and follows a group changed while slapd runs', async () => {
    const users = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      return searchPeople(client, `(&(uid=*)(memberOf=${groupDn('tarmac-admins')}))`, ['uid', 'memberOf']);
    });
    expect(users).toEqual([{ dn: userDn('alice'), uid: 'alice', memberOf: [groupDn('tarmac-users'), groupDn('tarmac-admins')] }]);
    // A group of this test's own (the run shares the server): mallory gains and loses it.
    const group = `cn=tarmac-test-${randomBytes(4).toString('hex')},${LDAP_GROUPS}`;
    const memberOf = (client: Client) =>
      searchPeople(client, '(uid=mallory)', ['memberOf']).then(([entry]) => ([] as string[]).concat(entry?.memberOf as string | string[]));
    await withClient(async (client) => {
      await client.bind(LDAP_ADMIN.dn, LDAP_ADMIN.password);
      await client.add(group, { objectClass: 'groupOfNames', member: userDn('mallory') });
      expect(await memberOf(client)).toEqual([group]);
      await client.del(group);
      expect(await memberOf(client)).toEqual([]);
    });
  });

  it('a Chinese name round-trips: found by (cn=张伟), read back as 张伟, and a non-ASCII password binds', async () => {
    const zhang = ldapUser('wei.zhang');
    const entries = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      return searchPeople(client, '(cn=张伟)', ['uid', 'cn', 'sn', 'givenName']);
    });
    expect(entries).toEqual([{ dn: userDn('wei.zhang'), uid: 'wei.zhang', cn: '张伟', sn: '张', givenName: '伟' }]);
    await withClient((client) => client.bind(userDn('wei.zhang'), zhang.password), server.ldapsUrl, { ca });
  });

  it('the user without mail has no mail attribute', async () => {
    const [carol] = await withClient(async (client) => {
      await client.bind(server.bindDn, server.bindPassword);
      return searchPeople(client, '(uid=carol)', ['uid', 'mail']);
    });
    expect(ldapUser('carol').mail).toBeUndefined();
    expect(carol).toEqual({ dn: userDn('carol'), uid: 'carol', mail: [] });
  });
});

describe('.ci/ldap.sh', () => {
  const run = (...args: string[]) => spawnSync('bash', [LDAP_SCRIPT, ...args], { encoding: 'utf8', timeout: 120_000 });

  it('starts a second server beside the run\'s on other free ports, and stop ends only that slapd and removes its folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-ldap-second-'));
    const started = run('start', dir);
    expect(started.status, started.stderr).toBe(0);
    const env = parseShellExports(started.stdout);
    expect(env.TARMAC_CI_LDAP_DIR).toBe(realpathSync(dir));
    expect(env.TARMAC_CI_LDAP_URL).not.toBe(server.url);
    const pid = Number(readFileSync(path.join(dir, 'pids'), 'utf8').trim());
    expect(() => process.kill(pid, 0)).not.toThrow();
    const again = run('start', dir);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds a server');
    expect(run('stop', dir).status).toBe(0);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a port that is not a number, and usage without a command', () => {
    const bad = spawnSync('bash', [LDAP_SCRIPT, 'start'], { encoding: 'utf8', env: { ...process.env, TARMAC_CI_LDAP_PORT: '389x' } });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('TARMAC_CI_LDAP_PORT must be a port number, got "389x"');
    expect(run().status).toBe(2);
  });
});
