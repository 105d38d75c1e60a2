// What the web app's App screen needs beyond the Zealot API: GET /api/apps/{id} says what the
// caller may do (`permissions`, from the policy module, for every kind of caller), and
// GET /api/apps/{app_id}/collaborators/candidates lets an app's admins (who may be global
// members, without the right to list users) find people to add: unlocked users not on the
// team, by their whole email or the first 3 or more characters of their username, any case,
// by username, at most `limit`; never a list of everyone, so no one can walk the user list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPermissions } from '../src/auth/policy.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let tag: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  tag = `c${process.pid}`;
});
afterAll(() => server.close());

const NOT_FOUND = { error: 'Record not found' };
const FORBIDDEN = { error: "Only the app's administrators can manage its collaborators" };
const ALL = ['update', 'archive', 'delete', 'manage_schemes', 'manage_channels', 'manage_collaborators', 'read_keys', 'upload', 'update_releases', 'delete_releases', 'transfer'];

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** The permissions object with exactly `granted` true. */
function granting(granted: string[]) {
  return Object.fromEntries(ALL.map((key) => [key, granted.includes(key)]));
}

async function team() {
  const owner = await server.newUser({ role: 'developer' });
  const appAdmin = await server.newUser();
  const dev = await server.newUser();
  const viewer = await server.newUser();
  const tc = await newApp(server, { ownerId: owner.id });
  await addCollaborator(server, tc.appId, appAdmin.id, 'admin');
  await addCollaborator(server, tc.appId, dev.id, 'developer');
  await addCollaborator(server, tc.appId, viewer.id, 'member');
  return { tc, owner, appAdmin, dev, viewer };
}

describe('GET /api/apps/:id permissions', () => {
  it('tells each kind of caller exactly what the policy lets them do', async () => {
    const t = await team();
    const releases = ['read_keys', 'upload', 'update_releases', 'delete_releases'];
    const manage = ['update', 'archive', 'delete', 'manage_schemes', 'manage_channels', 'manage_collaborators', ...releases];
    const cases: [TestUser, string[]][] = [
      [t.viewer, []],
      [t.dev, releases],
      [t.appAdmin, manage],
      [t.owner, [...manage, 'transfer']],
      [admin, [...manage, 'transfer']],
    ];
    for (const [user, granted] of cases) {
      const res = await api(server, `/api/apps/${t.tc.appId}`, { token: user.token });
      expect([user.username, res.status, res.body.permissions]).toEqual([user.username, 200, granting(granted)]);
    }
  });

  it('comes from the policy module and follows a transfer', async () => {
    expect(appPermissions({ userId: 1, role: 'member' }, { role: 'member', owner: false })).toEqual(granting([]));
    expect(Object.keys(appPermissions({ userId: 1, role: 'admin' }, null)).sort()).toEqual([...ALL].sort());
    const t = await team();
    const moved = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: t.owner.token, json: { user_id: t.appAdmin.id } });
    expect([moved.status, moved.body.permissions.transfer, moved.body.permissions.manage_collaborators]).toEqual([200, false, true]);
    const asNewOwner = await api(server, `/api/apps/${t.tc.appId}`, { token: t.appAdmin.token });
    expect(asNewOwner.body.permissions.transfer).toBe(true);
  });

  it('is in every app answer of a write too (create, archive)', async () => {
    const developer = await server.newUser({ role: 'developer' });
    const created = await api(server, '/api/apps', { method: 'POST', token: developer.token, json: { name: 'Perms' } });
    expect([created.status, created.body.permissions.transfer]).toEqual([201, true]);
    const archived = await api(server, `/api/apps/${created.body.id}/archive`, { method: 'POST', token: developer.token });
    expect([archived.status, archived.body.archived, archived.body.permissions.archive]).toEqual([200, true, true]);
  });
});

describe('GET /api/apps/:app_id/collaborators/candidates', () => {
  it('answers 404 to outsiders and for a missing app, 403 to members and developers of the app', async () => {
    const t = await team();
    const outsider = await server.newUser({ role: 'developer' });
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?q=user`, { token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?q=user`, { token: user.token });
      expect([refused.status, refused.body]).toMatchObject([403, FORBIDDEN]);
    }
    const missing = await api(server, '/api/apps/2147483647/collaborators/candidates', { token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it("finds unlocked users not on the team by the start of the username or the whole email, any case, for the app's admins", async () => {
    const t = await team();
    const zed = await server.newUser({ username: `${tag}_Zed` });
    const amy = await server.newUser({ username: `${tag}_amy` });
    const onTeam = await server.newUser({ username: `${tag}_onteam` });
    await server.newUser({ username: `${tag}_locked`, locked: true });
    await addCollaborator(server, t.tc.appId, onTeam.id, 'member');

    // A global member who is an admin of the app can search (GET /api/users is admins only).
    const usersList = await api(server, '/api/users', { token: t.appAdmin.token });
    expect(usersList.status).toBe(403);
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?q=${tag.toUpperCase()}`, { token: t.appAdmin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: amy.id, username: amy.username, email: amy.email },
      { id: zed.id, username: zed.username, email: zed.email },
    ]);

    const byEmail = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?${qs({ q: zed.email.toUpperCase() })}`, { token: t.owner.token });
    expect(byEmail.body).toEqual([{ id: zed.id, username: zed.username, email: zed.email }]);

    // The found id is what POST /collaborators takes.
    const added = await api(server, `/api/apps/${t.tc.appId}/collaborators`, { method: 'POST', token: admin.token, json: { user_id: amy.id, role: 'developer' } });
    expect(added.status).toBe(201);
    const after = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?${qs({ q: tag })}`, { token: admin.token });
    expect(after.body).toEqual([{ id: zed.id, username: zed.username, email: zed.email }]);
  });

  it('never lists everyone: no part of an email, no middle of a username, nothing under 3 characters', async () => {
    const t = await team();
    const zed = await server.newUser({ username: `${tag}_Quill` });
    const short = 'Validation failed: q is too short (minimum is 3 characters): type the start of a username, or a whole email';
    for (const q of [undefined, '', '  ', 'u', 'us', ' q ']) {
      const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates${q === undefined ? '' : `?${qs({ q })}`}`, { token: t.owner.token });
      expect([q, res.status, res.body.error]).toEqual([q, 422, short]);
    }
    // Parts that used to find users: the middle of a username, part of an email, the domain.
    for (const q of ['Quill', '_quill', '@example.com', 'example.com', `${zed.username.toLowerCase()}@example`, '%%%', '___', `${tag}%`]) {
      const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?${qs({ q })}`, { token: t.owner.token });
      expect([q, res.status, res.body]).toEqual([q, 200, []]);
    }
    const prefix = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?${qs({ q: `${tag}_qu` })}`, { token: t.owner.token });
    expect(prefix.body).toEqual([{ id: zed.id, username: zed.username, email: zed.email }]);
  });

  it('honours limit', async () => {
    const t = await team();
    await server.newUser({ username: `${tag}_lim1` });
    await server.newUser({ username: `${tag}_lim2` });
    const one = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?${qs({ q: `${tag}_lim`, limit: '1' })}`, { token: t.owner.token });
    expect([one.status, one.body.length]).toEqual([200, 1]);
  });

  it('answers 422 for a bad limit or a too long q', async () => {
    const t = await team();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ limit: '0' }, { limit: ['must be at least 1'] }],
      [{ limit: '51' }, { limit: ['must be at most 50'] }],
      [{ limit: 'many' }, { limit: ['must be a whole number'] }],
      [{ q: 'x'.repeat(256) }, { q: ['is too long (maximum is 255 characters)'] }],
    ];
    for (const [query, details] of cases) {
      const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/candidates?${qs(query)}`, { token: admin.token });
      expect([query, res.status, res.body]).toMatchObject([query, 422, validation(details)]);
    }
  });
});
