// External identities (modules/identities): what every sign-in provider hands its result to.
// A known identity signs its account in; an email alone never takes over an account (a verified
// email asks its owner to confirm while signed in, an unverified one is refused); a provider that
// may not create accounts does not; the group mapping moves the admin role; the user lists and
// removes identities, but not their only way in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSABLE_PASSWORD_HASH } from '../src/auth/passwords.ts';
import type { AuthProviderRow } from '../src/db/types.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { engineUnderTest } from './helpers/database.ts';

let server: TestServer;
let provider: AuthProviderRow;
let closed: AuthProviderRow;
const client = { userAgent: 'test', ip: '127.0.0.1' };

beforeAll(async () => {
  server = await startServer();
  const timestamp = new Date().toISOString();
  const base = { kind: 'oidc', enabled: true, settings: '{}', secret: null, source: 'ui' as const, position: 0, created_at: timestamp, updated_at: timestamp };
  provider = await server.services.signInProvidersRepository.insert({ ...base, slug: 'corp', name: 'Corp SSO', allow_sign_up: true });
  closed = await server.services.signInProvidersRepository.insert({ ...base, slug: 'closed', name: 'Closed SSO', allow_sign_up: false });
});
afterAll(() => server.close());

const identities = (session: { cookie: string }) => api(server, '/api/user/identities', { headers: { cookie: session.cookie } });

describe(`external identities on ${engineUnderTest()}`, () => {
  it('creates an account at the first sign-in with the default role, then signs the same subject in again', async () => {
    await server.services.settingsService.set('default_role', 'developer');
    const profile = { subject: 'sub-1', username: 'new person', email: 'new.person@corp.test', emailVerified: true, name: 'New Person' };
    const first = await server.services.identitiesService.complete(provider, profile, client);
    expect(first.status).toBe('signed-in');
    if (first.status !== 'signed-in') return;
    expect(first.created).toBe(true);
    const user = (first.signedIn as { user: { id: number; username: string; role: string; password_hash: string } }).user;
    expect(user).toMatchObject({ username: 'newperson', role: 'developer', password_hash: UNUSABLE_PASSWORD_HASH });
    const again = await server.services.identitiesService.complete(provider, { ...profile, email: 'changed@corp.test' }, client);
    expect(again).toMatchObject({ status: 'signed-in', created: false });
    const listed = await server.services.identitiesService.list(user.id);
    expect(listed).toMatchObject([{ subject: 'sub-1', email: 'changed@corp.test', provider_slug: 'corp' }]);
    await server.services.settingsService.set('default_role', 'member');
  });

  it('never signs in to an existing account by email: a verified email asks the owner to confirm, an unverified one is refused', async () => {
    const owner = await server.newUser();
    const unverified = server.services.identitiesService.complete(provider, { subject: 'sub-2', email: owner.email, emailVerified: false }, client);
    await expect(unverified).rejects.toMatchObject({ code: 'identity.email_unverified' });
    const pending = await server.services.identitiesService.complete(provider, { subject: 'sub-2', email: owner.email.toUpperCase(), emailVerified: true }, client);
    expect(pending.status).toBe('link-required');
    if (pending.status !== 'link-required') return;

    const other = await server.newUser();
    const otherSession = await signIn(server, other.username, other.password);
    const wrong = await api(server, '/api/user/identities/confirm', {
      method: 'POST', json: { link_token: pending.linkToken }, headers: { cookie: otherSession.cookie, 'x-csrf-token': otherSession.csrf },
    });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'identity.link_other_account' } });

    const session = await signIn(server, owner.username, owner.password);
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const confirmed = await api(server, '/api/user/identities/confirm', { method: 'POST', json: { link_token: pending.linkToken }, headers });
    expect(confirmed).toMatchObject({ status: 200, body: { provider: { slug: 'corp', name: 'Corp SSO', kind: 'oidc' }, email: owner.email.toUpperCase() } });
    const reused = await api(server, '/api/user/identities/confirm', { method: 'POST', json: { link_token: pending.linkToken }, headers });
    expect(reused).toMatchObject({ status: 404, body: { code: 'identity.link_expired' } });
    const signedIn = await server.services.identitiesService.complete(provider, { subject: 'sub-2', emailVerified: false }, client);
    expect(signedIn.status === 'signed-in' && (signedIn.signedIn as { user: { id: number } }).user.id).toBe(owner.id);

    const list = await identities(session);
    expect(list.body).toHaveLength(1);
    const removed = await api(server, `/api/user/identities/${list.body[0].id}`, { method: 'DELETE', headers });
    expect(removed.status).toBe(200);
    expect((await identities(session)).body).toEqual([]);
    const gone = await api(server, `/api/user/identities/${list.body[0].id}`, { method: 'DELETE', headers });
    expect(gone).toMatchObject({ status: 404, body: { code: 'identity.not_found' } });
  });

  it('creates nothing where the provider may not create accounts, or gives no email', async () => {
    const before = await server.database.db.selectFrom('users').select('id').execute();
    await expect(server.services.identitiesService.complete(closed, { subject: 'x', email: 'x@corp.test', emailVerified: true }, client))
      .rejects.toMatchObject({ code: 'identity.sign_up_closed' });
    await expect(server.services.identitiesService.complete(provider, { subject: 'y', emailVerified: true }, client))
      .rejects.toMatchObject({ code: 'identity.email_missing' });
    expect(await server.database.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });

  it('gives and takes the admin role by group for accounts it created, and refuses a locked account', async () => {
    const profile = { subject: 'sub-3', username: 'grouped', email: 'grouped@corp.test', emailVerified: true, role: 'admin' as const };
    const first = await server.services.identitiesService.complete(provider, profile, client);
    const user = first.status === 'signed-in' ? (first.signedIn as { user: { id: number; role: string } }).user : undefined;
    expect(user?.role).toBe('admin');
    await server.services.identitiesService.complete(provider, { ...profile, role: 'default' }, client);
    expect((await server.database.db.selectFrom('users').select('role').where('id', '=', user!.id).executeTakeFirst())?.role).toBe('member');
    await server.database.db.updateTable('users').set({ locked: true }).where('id', '=', user!.id).execute();
    await expect(server.services.identitiesService.complete(provider, profile, client)).rejects.toMatchObject({ code: 'auth.account_locked' });
  });

  it('keeps the only way in: an account without a password cannot remove its last identity; linking from settings adds one', async () => {
    const created = await server.services.identitiesService.complete(provider, { subject: 'sub-4', email: 'only@corp.test', emailVerified: true }, client);
    const userId = created.status === 'signed-in' ? (created.signedIn as { user: { id: number } }).user.id : 0;
    const [only] = await server.services.identitiesService.list(userId);
    await expect(server.services.identitiesService.unlink(userId, only!.id)).rejects.toMatchObject({ code: 'identity.last_sign_in_method' });
    const linked = await server.services.identitiesService.complete(closed, { subject: 'sub-4b', emailVerified: false }, client, userId);
    expect(linked).toEqual({ status: 'linked', userId });
    await server.services.identitiesService.unlink(userId, only!.id);
    const taken = server.services.identitiesService.complete(closed, { subject: 'sub-4b', emailVerified: false }, client, userId + 1000);
    await expect(taken).rejects.toMatchObject({ code: 'identity.taken' });
  });

  it('signs both in when the same new person arrives twice at once, with one account and one identity', async () => {
    const profile = { subject: 'sub-race', username: 'racer', email: 'racer@corp.test', emailVerified: true };
    const both = await Promise.all([
      server.services.identitiesService.complete(provider, profile, client),
      server.services.identitiesService.complete(provider, profile, client),
    ]);
    const ids = both.map((result) => (result.status === 'signed-in' ? (result.signedIn as { user: { id: number } }).user.id : 0));
    expect(ids[0]).toBeGreaterThan(0);
    expect(ids[1]).toBe(ids[0]);
    const users = await server.database.db.selectFrom('users').select('id').where('email', '=', 'racer@corp.test').execute();
    expect(users).toHaveLength(1);
    const identities = await server.database.db.selectFrom('user_identities').select('id').where('subject', '=', 'sub-race').execute();
    expect(identities).toHaveLength(1);
  });

  it('refuses a malformed confirmation or id with 422 and links nothing', async () => {
    const user = await server.newUser();
    const session = await signIn(server, user.username, user.password);
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const confirm = (json: unknown) => api(server, '/api/user/identities/confirm', { method: 'POST', json, headers });
    for (const body of [{}, { link_token: '' }, { link_token: 'x'.repeat(201) }, { link_token: 'a', extra: 1 }]) {
      expect((await confirm(body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await confirm({ link_token: 'not-a-token' })).status).toBe(404);
    for (const id of ['abc', '0', '99999999999']) {
      expect((await api(server, `/api/user/identities/${id}`, { method: 'DELETE', headers })).status, id).toBe(422);
    }
    expect((await identities(session)).body).toEqual([]);
  });
});

