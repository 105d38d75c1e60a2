// Zealot's sign-ins through a provider (user_providers) become Tarmac identities of the provider of
// the same kind: without one set up the row is refused and kept out of the import map, so the run
// after an administrator adds the provider brings it, and the person then signs in through that
// provider straight into their imported account. OmniAuth's LDAP uid (the entry's DN) becomes the
// username attribute's value. Zealot's side needs PostgreSQL on both engines' runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ldapSubject } from '../src/modules/zealot-import/steps/identities.ts';
import { createZealotInstallation } from './helpers/zealot/installation.ts';
import type { ZealotInstallation } from './helpers/zealot/installation.ts';
import { addGitLabProvider, importInto } from './helpers/zealot-import.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

describe('OmniAuth LDAP uids', () => {
  it('become the username attribute of the DN, unescaped, and stay whole otherwise', () => {
    expect(ldapSubject('uid=alice,ou=people,dc=example,dc=com', 'uid')).toBe('alice');
    expect(ldapSubject('UID = wei.zhang , ou=people', 'uid')).toBe('wei.zhang');
    expect(ldapSubject('cn=Smith\\2C John,ou=people', 'cn')).toBe('Smith, John');
    expect(ldapSubject('cn=Alice,ou=people', 'uid')).toBe('cn=Alice,ou=people');
    expect(ldapSubject('alice', 'uid')).toBe('alice');
  });
});

describe('importing Zealot sign-ins through providers', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zealot-identities-'));
  let zealot: ZealotInstallation;
  let server: TestServer;

  beforeAll(async () => {
    zealot = await createZealotInstallation({ shape: '6', dir });
    server = await startServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await zealot?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the provider, then links the identity so its next sign-in lands in the imported account', async () => {
    const first = await importInto(server, zealot);
    expect(first.tables.get('user_providers')).toMatchObject({ total: 1, refused: 1 });
    expect(first.lines).toContainEqual({
      table: 'user_providers', id: '1', outcome: 'refused',
      reason: 'no gitlab sign-in provider is set up in Tarmac: add exactly one (admin → Sign-in) and run the import again to keep this sign-in',
    });
    expect(await server.database.db.selectFrom('user_identities').selectAll().execute()).toEqual([]);

    const provider = await addGitLabProvider(server, 'company-gitlab', 'Company GitLab');
    const second = await importInto(server, zealot);
    expect(second.tables.get('user_providers')).toMatchObject({ total: 1, imported: 1 });
    expect(second.tables.get('users')).toMatchObject({ already: zealot.users.length });

    const owner = zealot.users[0]!;
    const account = await server.database.db.selectFrom('users').select('id').where('username', '=', owner.username).executeTakeFirstOrThrow();
    const signedIn = await server.services.identitiesService.complete(provider, { subject: '42', emailVerified: false }, { ip: '127.0.0.1' });
    expect(signedIn.status).toBe('signed-in');
    expect(signedIn.status === 'signed-in' && (signedIn.signedIn as { user: { id: number } }).user.id).toBe(account.id);

    const third = await importInto(server, zealot);
    expect(third.tables.get('user_providers')).toMatchObject({ total: 1, already: 1 });
  });
});
