// Guards an app's team (/api/apps/{app_id}/collaborators… and /api/apps/{app_id}/transfer):
// the app's admins add, re-role and remove collaborators, any collaborator looks one up,
// outsiders get 404; a user is named by user_id, email or username; the owner stays an admin
// and cannot be removed (409) until ownership moves, which only the owner or a global admin
// can do (403 for everyone else on the team), and only to someone already on the team.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  outsider = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const NOT_FOUND = { error: 'Record not found' };
const FORBIDDEN = { error: "Only the app's administrators can manage its collaborators" };
const TRANSFER_FORBIDDEN = { error: "Only the app's owner or an administrator can transfer its ownership" };
const OWNER_STAYS_ADMIN = { error: "The app's owner must stay an admin; transfer ownership to someone else first" };
const OWNER_STAYS = { error: "The app's owner cannot be removed; transfer ownership to someone else first" };
const MISSING_ID = 2147483647;

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

function collaboratorJson(user: TestUser, role: string, owner = false) {
  return { id: user.id, username: user.username, email: user.email, role, owner };
}

interface Team {
  tc: TestChannel;
  owner: TestUser;
  appAdmin: TestUser;
  dev: TestUser;
  viewer: TestUser;
}

/** A new app with an owner and one collaborator of each role. */
async function team(): Promise<Team> {
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

describe('POST /api/apps/:app_id/collaborators', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators`, { method: 'POST', json: { user_id: outsider.id, role: 'member' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders (and for a missing app), 403 to the app's members and developers", async () => {
    const t = await team();
    const newcomer = await server.newUser();
    const json = { user_id: newcomer.id, role: 'member' };
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators`, { method: 'POST', token: outsider.token, json });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/apps/${t.tc.appId}/collaborators`, { method: 'POST', token: user.token, json });
      expect([refused.status, refused.body]).toMatchObject([403, FORBIDDEN]);
    }
    const missing = await api(server, `/api/apps/${MISSING_ID}/collaborators`, { method: 'POST', token: admin.token, json });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('answers 422 for a missing or unknown role, a missing user, or a user that does not exist', async () => {
    const t = await team();
    const newcomer = await server.newUser();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ user_id: newcomer.id }, { role: ['is required'] }],
      [{ user_id: newcomer.id, role: 'owner' }, { role: ['must be one of member, developer, admin'] }],
      [{ role: 'member' }, { user_id: ['is required: name the user by user_id, email or username'] }],
      [{ role: 'member', email: ' ', username: '' }, { user_id: ['is required: name the user by user_id, email or username'] }],
      [{ user_id: 'me', role: 'member' }, { user_id: ['must be a whole number'] }],
      [{ user_id: MISSING_ID, role: 'member' }, { user_id: [`does not match any user (got ${MISSING_ID})`] }],
      [{ email: 'nobody@example.com', role: 'member' }, { email: ['does not match any user (got "nobody@example.com")'] }],
      [{ username: 'nobody-at-all', role: 'member' }, { username: ['does not match any user (got "nobody-at-all")'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/apps/${t.tc.appId}/collaborators`, { method: 'POST', token: t.appAdmin.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('answers 409 for a user already on the team, the owner included', async () => {
    const t = await team();
    for (const user of [t.viewer, t.owner]) {
      const res = await api(server, `/api/apps/${t.tc.appId}/collaborators`, { method: 'POST', token: t.appAdmin.token, json: { user_id: user.id, role: 'admin' } });
      expect([res.status, res.body]).toMatchObject([409, { error: `${user.username} is already a collaborator of this app; change their role with PUT instead` }]);
    }
  });

  it('adds a user named by user_id, email (any case) or username (201); they then see the app', async () => {
    const t = await team();
    const [byId, byEmail, byName] = [await server.newUser(), await server.newUser(), await server.newUser()];
    const url = `/api/apps/${t.tc.appId}/collaborators`;
    const first = await api(server, url, { method: 'POST', token: t.appAdmin.token, json: { user_id: byId.id, role: 'developer' } });
    expect([first.status, first.body]).toEqual([201, collaboratorJson(byId, 'developer')]);
    const second = await api(server, url, { method: 'POST', token: t.owner.token, json: { email: byEmail.email.toUpperCase(), role: 'member' } });
    expect([second.status, second.body]).toEqual([201, collaboratorJson(byEmail, 'member')]);
    const third = await api(server, url, { method: 'POST', token: admin.token, form: { username: byName.username, role: 'admin' } });
    expect([third.status, third.body]).toEqual([201, collaboratorJson(byName, 'admin')]);

    const seen = await api(server, `/api/apps/${t.tc.appId}`, { token: byEmail.token });
    expect([seen.status, seen.body.role]).toEqual([200, 'member']);
    expect(seen.body.collaborators).toEqual([
      collaboratorJson(t.owner, 'admin', true),
      collaboratorJson(t.appAdmin, 'admin'),
      collaboratorJson(t.dev, 'developer'),
      collaboratorJson(t.viewer, 'member'),
      collaboratorJson(byId, 'developer'),
      collaboratorJson(byEmail, 'member'),
      collaboratorJson(byName, 'admin'),
    ]);
  });

  it('uses user_id when several ways to name the user are sent', async () => {
    const t = await team();
    const [chosen, ignored] = [await server.newUser(), await server.newUser()];
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators`, {
      method: 'POST',
      token: t.owner.token,
      json: { user_id: chosen.id, email: ignored.email, username: ignored.username, role: 'member' },
    });
    expect([res.status, res.body]).toEqual([201, collaboratorJson(chosen, 'member')]);
  });
});

describe('GET /api/apps/:app_id/collaborators/:user_id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`);
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and for a user not on the team; 422 for bad ids', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`, { token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    const stranger = await api(server, `/api/apps/${t.tc.appId}/collaborators/${outsider.id}`, { token: t.viewer.token });
    expect([stranger.status, stranger.body]).toMatchObject([404, NOT_FOUND]);
    const bad = await api(server, `/api/apps/${t.tc.appId}/collaborators/x`, { token: admin.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ user_id: ['must be a whole number'] })]);
  });

  it('shows any collaborator a teammate, and who owns the app', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.dev.id}`, { token: t.viewer.token });
    expect([res.status, res.body]).toEqual([200, collaboratorJson(t.dev, 'developer')]);
    const owner = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.owner.id}`, { token: admin.token });
    expect([owner.status, owner.body]).toEqual([200, collaboratorJson(t.owner, 'admin', true)]);
  });
});

describe('PUT /api/apps/:app_id/collaborators/:user_id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`, { method: 'PUT', json: { role: 'admin' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers (who cannot promote themselves)", async () => {
    const t = await team();
    const url = `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`;
    const res = await api(server, url, { method: 'PUT', token: outsider.token, json: { role: 'admin' } });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, url, { method: 'PUT', token: user.token, json: { role: 'admin' } });
      expect([refused.status, refused.body]).toMatchObject([403, FORBIDDEN]);
    }
  });

  it('answers 404 for a user not on the team and 422 for a missing or unknown role', async () => {
    const t = await team();
    const stranger = await api(server, `/api/apps/${t.tc.appId}/collaborators/${outsider.id}`, { method: 'PUT', token: t.owner.token, json: { role: 'member' } });
    expect([stranger.status, stranger.body]).toMatchObject([404, NOT_FOUND]);
    const url = `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`;
    const missing = await api(server, url, { method: 'PUT', token: t.owner.token, json: {} });
    expect([missing.status, missing.body]).toMatchObject([422, validation({ role: ['is required'] })]);
    const unknown = await api(server, url, { method: 'PUT', token: t.owner.token, json: { role: 'boss' } });
    expect([unknown.status, unknown.body]).toMatchObject([422, validation({ role: ['must be one of member, developer, admin'] })]);
  });

  it('answers 409 to demoting the owner; keeping them admin is fine', async () => {
    const t = await team();
    const url = `/api/apps/${t.tc.appId}/collaborators/${t.owner.id}`;
    for (const role of ['developer', 'member']) {
      const res = await api(server, url, { method: 'PUT', token: admin.token, json: { role } });
      expect([res.status, res.body]).toMatchObject([409, OWNER_STAYS_ADMIN]);
    }
    const same = await api(server, url, { method: 'PUT', token: t.appAdmin.token, json: { role: 'admin' } });
    expect([same.status, same.body]).toEqual([200, collaboratorJson(t.owner, 'admin', true)]);
  });

  it("changes a collaborator's role, which changes what they may do", async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`, { method: 'PUT', token: t.appAdmin.token, json: { role: 'developer' } });
    expect([res.status, res.body]).toEqual([200, collaboratorJson(t.viewer, 'developer')]);
    const channel = await api(server, `/api/channels/${t.tc.channelId}`, { token: t.viewer.token });
    expect(channel.body.key).toBe(t.tc.key);
    // An app admin may step down; then they can no longer manage the team.
    const down = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.appAdmin.id}`, { method: 'PUT', token: t.appAdmin.token, json: { role: 'member' } });
    expect([down.status, down.body]).toEqual([200, collaboratorJson(t.appAdmin, 'member')]);
    const after = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.dev.id}`, { method: 'PUT', token: t.appAdmin.token, json: { role: 'admin' } });
    expect([after.status, after.body]).toMatchObject([403, FORBIDDEN]);
  });
});

describe('DELETE /api/apps/:app_id/collaborators/:user_id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`, { method: 'DELETE' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const url = `/api/apps/${t.tc.appId}/collaborators/${t.dev.id}`;
    const res = await api(server, url, { method: 'DELETE', token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, url, { method: 'DELETE', token: user.token });
      expect([refused.status, refused.body]).toMatchObject([403, FORBIDDEN]);
    }
  });

  it('answers 404 for a user not on the team, 422 for a bad id, 409 for the owner', async () => {
    const t = await team();
    const stranger = await api(server, `/api/apps/${t.tc.appId}/collaborators/${outsider.id}`, { method: 'DELETE', token: t.owner.token });
    expect([stranger.status, stranger.body]).toMatchObject([404, NOT_FOUND]);
    const bad = await api(server, `/api/apps/${t.tc.appId}/collaborators/0`, { method: 'DELETE', token: t.owner.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ user_id: ['must be at least 1'] })]);
    for (const user of [t.owner, t.appAdmin, admin]) {
      const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.owner.id}`, { method: 'DELETE', token: user.token });
      expect([res.status, res.body]).toMatchObject([409, OWNER_STAYS]);
    }
  });

  it('removes a collaborator, who then no longer sees the app', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.dev.id}`, { method: 'DELETE', token: t.appAdmin.token });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
    const gone = await api(server, `/api/apps/${t.tc.appId}`, { token: t.dev.token });
    expect([gone.status, gone.body]).toMatchObject([404, NOT_FOUND]);
    const again = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.dev.id}`, { method: 'DELETE', token: t.appAdmin.token });
    expect([again.status, again.body]).toMatchObject([404, NOT_FOUND]);
    // A collaborator may leave on their own only if they manage the team.
    const leave = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.appAdmin.id}`, { method: 'DELETE', token: t.appAdmin.token });
    expect([leave.status, leave.body]).toEqual([200, { message: 'OK' }]);
  });
});

describe('POST /api/apps/:app_id/transfer', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', json: { user_id: t.dev.id } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders (and for a missing app), 403 to everyone on the team but the owner', async () => {
    const t = await team();
    const json = { user_id: t.dev.id };
    const res = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: outsider.token, json });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.appAdmin, t.dev, t.viewer]) {
      const refused = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: user.token, json });
      expect([refused.status, refused.body]).toMatchObject([403, TRANSFER_FORBIDDEN]);
    }
    const missing = await api(server, `/api/apps/${MISSING_ID}/transfer`, { method: 'POST', token: admin.token, json });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('answers 422 without a user_id, or for someone not on the team', async () => {
    const t = await team();
    const url = `/api/apps/${t.tc.appId}/transfer`;
    const none = await api(server, url, { method: 'POST', token: t.owner.token, json: {} });
    expect([none.status, none.body]).toMatchObject([422, validation({ user_id: ['is required'] })]);
    for (const userId of [outsider.id, MISSING_ID]) {
      const res = await api(server, url, { method: 'POST', token: t.owner.token, json: { user_id: userId } });
      expect([res.status, res.body]).toMatchObject([422, validation({ user_id: ['is not a collaborator of this app; add them first'] })]);
    }
  });

  it('answers 422 for a collaborator whose account is locked, and the owner stays', async () => {
    const t = await team();
    const locked = await server.newUser({ locked: true });
    await addCollaborator(server, t.tc.appId, locked.id, 'admin');
    for (const caller of [t.owner, admin]) {
      const res = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: caller.token, json: { user_id: locked.id } });
      expect([res.status, res.body]).toMatchObject([
        422,
        validation({ user_id: ['is a locked account: an owner must be able to sign in; unlock it first or choose someone else'] }),
      ]);
    }
    const owners = await server.database.db.selectFrom('collaborators').select('user_id').where('app_id', '=', t.tc.appId).where('owner', '=', true).execute();
    expect(owners).toEqual([{ user_id: t.owner.id }]);
  });

  it('makes a collaborator the owner and an admin; the old owner stays an admin but loses the owner rights', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: t.owner.token, json: { user_id: t.viewer.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: t.tc.appId,
      name: 'Demo',
      archived: false,
      public: false,
      owner: { id: t.viewer.id, username: t.viewer.username },
      role: 'admin',
      schemes: [
        {
          id: t.tc.schemeId,
          name: 'Beta',
          new_build_callout: true,
          retained_builds: 0,
          channels: [
            {
              id: t.tc.channelId,
              slug: t.tc.slug,
              name: 'Android',
              device_type: 'android',
              bundle_id: '*',
              git_url: null,
              has_password: false,
              key: t.tc.key,
              download_filename_type: 'version_datetime',
              release_count: 0,
              latest_release: null,
            },
          ],
        },
      ],
      release_count: 0,
      icon_url: null,
      collaborators: [
        collaboratorJson(t.viewer, 'admin', true),
        collaboratorJson(t.owner, 'admin'),
        collaboratorJson(t.appAdmin, 'admin'),
        collaboratorJson(t.dev, 'developer'),
      ],
      // The old owner, now an admin: everything but another transfer.
      permissions: {
        update: true,
        archive: true,
        delete: true,
        manage_schemes: true,
        manage_channels: true,
        manage_collaborators: true,
        read_keys: true,
        upload: true,
        update_releases: true,
        delete_releases: true,
        transfer: false,
      },
    });
    const again = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: t.owner.token, json: { user_id: t.dev.id } });
    expect([again.status, again.body]).toMatchObject([403, TRANSFER_FORBIDDEN]);
    const removeOld = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.owner.id}`, { method: 'DELETE', token: t.viewer.token });
    expect([removeOld.status, removeOld.body]).toEqual([200, { message: 'OK' }]);
    const removeNew = await api(server, `/api/apps/${t.tc.appId}/collaborators/${t.viewer.id}`, { method: 'DELETE', token: admin.token });
    expect([removeNew.status, removeNew.body]).toMatchObject([409, OWNER_STAYS]);
  });

  it('lets a global admin give an ownerless app an owner; transferring to the owner changes nothing', async () => {
    const lone = await server.newUser();
    const tc = await newApp(server);
    await addCollaborator(server, tc.appId, lone.id, 'member');
    const res = await api(server, `/api/apps/${tc.appId}/transfer`, { method: 'POST', token: admin.token, json: { user_id: lone.id } });
    expect([res.status, res.body.owner, res.body.role, res.body.collaborators]).toEqual([
      200,
      { id: lone.id, username: lone.username },
      null,
      [collaboratorJson(lone, 'admin', true)],
    ]);
    const same = await api(server, `/api/apps/${tc.appId}/transfer`, { method: 'POST', token: lone.token, json: { user_id: lone.id } });
    expect([same.status, same.body.collaborators]).toEqual([200, [collaboratorJson(lone, 'admin', true)]]);
  });

  it('works on an archived app', async () => {
    const t = await team();
    await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', t.tc.appId).execute();
    const res = await api(server, `/api/apps/${t.tc.appId}/transfer`, { method: 'POST', token: t.owner.token, json: { user_id: t.appAdmin.id } });
    expect([res.status, res.body.owner]).toEqual([200, { id: t.appAdmin.id, username: t.appAdmin.username }]);
  });
});
