// The test directory every LDAP test signs in against: its users with their plain passwords and
// groups, the service account, and the LDIF .ci/ldap.sh loads into the throwaway OpenLDAP. This
// file is the one source: `.ci/ldap/directory.ldif` is generated from it
//   node packages/server/test/helpers/ldap-directory.ts   rewrites .ci/ldap/directory.ldif
// and test/ldap-server.test.ts fails when the committed file is stale.
// Passwords are stored salted-SHA1 ({SSHA}) with a salt derived from the entry, so the file is
// the same on every run.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const LDAP_BASE = 'dc=tarmac,dc=test';
export const LDAP_PEOPLE = `ou=people,${LDAP_BASE}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_BASE}`;
export const LDIF_PATH = path.resolve(import.meta.dirname, '../../../../.ci/ldap/directory.ldif');

/** The service account Tarmac binds as to search (read rights on the tree, not on passwords). */
export const LDAP_READER = { dn: `cn=reader,${LDAP_BASE}`, password: 'reader-secret-3b9d' } as const;
/** The database's rootDN (.ci/ldap.sh's olcRootDN): write access, for tests that change the tree. */
export const LDAP_ADMIN = { dn: `cn=admin,${LDAP_BASE}`, password: 'admin-secret-7c1e' } as const;

export type LdapGroup = 'tarmac-users' | 'tarmac-admins';

export interface LdapUser {
  uid: string;
  cn: string;
  sn: string;
  givenName: string;
  mail: string | undefined;
  password: string;
  groups: LdapGroup[];
  /** Why this user is in the directory. */
  role: string;
}

export const LDAP_USERS: readonly LdapUser[] = [
  {
    uid: 'alice', cn: 'Alice Martin', sn: 'Martin', givenName: 'Alice', mail: 'alice@tarmac.test', password: 'alice-pw-Q7x!',
    groups: ['tarmac-users', 'tarmac-admins'], role: 'an admin: in both groups',
  },
  {
    uid: 'bob', cn: 'Bob Jones', sn: 'Jones', givenName: 'Bob', mail: 'bob@tarmac.test', password: 'bob-pw-8kL#',
    groups: ['tarmac-users'], role: 'a plain user of the app',
  },
  {
    uid: 'wei.zhang', cn: '张伟', sn: '张', givenName: '伟', mail: 'zhang.wei@tarmac.test', password: '密码-wei-5',
    groups: ['tarmac-users'], role: 'a Chinese name (and a non-ASCII password)',
  },
  {
    uid: 'carol', cn: 'Carol White', sn: 'White', givenName: 'Carol', mail: undefined, password: 'carol-pw-2mZ%',
    groups: ['tarmac-users'], role: 'no mail attribute',
  },
  {
    uid: 'mallory', cn: 'Mallory Gray', sn: 'Gray', givenName: 'Mallory', mail: 'mallory@tarmac.test', password: 'mallory-pw-9vT&',
    groups: [], role: 'locked out: a valid account in no app group',
  },
];

export const LDAP_GROUP_NAMES: readonly LdapGroup[] = ['tarmac-users', 'tarmac-admins'];

export function userDn(uid: string): string {
  return `uid=${uid},${LDAP_PEOPLE}`;
}

export function groupDn(group: LdapGroup): string {
  return `cn=${group},${LDAP_GROUPS}`;
}

export function ldapUser(uid: string): LdapUser {
  const user = LDAP_USERS.find((candidate) => candidate.uid === uid);
  if (!user) throw new Error(`No LDAP test user ${uid}`);
  return user;
}

/** `{SSHA}` of the password with a salt derived from `saltOf` (stable across runs). */
export function sshaPassword(password: string, saltOf: string): string {
  const salt = createHash('sha256').update(`tarmac-ldap-salt:${saltOf}`).digest().subarray(0, 8);
  const digest = createHash('sha1').update(password, 'utf8').update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

/** One LDIF attribute line: base64 (`name:: …`) unless the value is a SAFE-STRING (RFC 2849). */
function line(name: string, value: string): string {
  // Printable ASCII, not starting with a space, ':' or '<', not ending with a space (stricter than the RFC: no controls).
  const safe = /^[!-9;=-~][ -~]*$/.test(value) && !value.endsWith(' ');
  return safe ? `${name}: ${value}` : `${name}:: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

function entry(dn: string, attributes: [string, string | undefined][]): string {
  const lines = [line('dn', dn), ...attributes.filter((pair): pair is [string, string] => pair[1] !== undefined).map(([n, v]) => line(n, v))];
  return `${lines.join('\n')}\n`;
}

function userEntry(user: LdapUser): string {
  return entry(userDn(user.uid), [
    ['objectClass', 'inetOrgPerson'],
    ['uid', user.uid],
    ['cn', user.cn],
    ['sn', user.sn],
    ['givenName', user.givenName],
    ['displayName', user.cn],
    ['mail', user.mail],
    ['userPassword', sshaPassword(user.password, user.uid)],
    // What the memberof overlay keeps up to date once slapd runs (slapadd bypasses overlays).
    ...user.groups.map((group): [string, string] => ['memberOf', groupDn(group)]),
  ]);
}

function groupEntry(group: LdapGroup): string {
  const members = LDAP_USERS.filter((user) => user.groups.includes(group)).map((user): [string, string] => ['member', userDn(user.uid)]);
  return entry(groupDn(group), [['objectClass', 'groupOfNames'], ['cn', group], ...members]);
}

/** The whole tree under LDAP_BASE, as .ci/ldap.sh loads it (slapadd). */
export function directoryLdif(): string {
  const head = [
    '# Generated by packages/server/test/helpers/ldap-directory.ts (node that-file.ts rewrites it): edit that file, not this one.',
    '# Loaded by .ci/ldap.sh into the test OpenLDAP; the users\' plain passwords and groups are in the .ts file.',
  ].join('\n');
  const entries = [
    entry(LDAP_BASE, [['objectClass', 'dcObject'], ['objectClass', 'organization'], ['dc', 'tarmac'], ['o', 'Tarmac test directory']]),
    entry(LDAP_PEOPLE, [['objectClass', 'organizationalUnit'], ['ou', 'people']]),
    entry(LDAP_GROUPS, [['objectClass', 'organizationalUnit'], ['ou', 'groups']]),
    entry(LDAP_READER.dn, [
      ['objectClass', 'organizationalRole'],
      ['objectClass', 'simpleSecurityObject'],
      ['cn', 'reader'],
      ['description', 'Service account Tarmac searches with'],
      ['userPassword', sshaPassword(LDAP_READER.password, 'reader')],
    ]),
    ...LDAP_USERS.map(userEntry),
    ...LDAP_GROUP_NAMES.map(groupEntry),
  ];
  return `${head}\n\n${entries.join('\n')}`;
}

if (import.meta.main) {
  writeFileSync(LDIF_PATH, directoryLdif());
  console.log(`wrote ${path.relative(process.cwd(), LDIF_PATH)}`);
}
