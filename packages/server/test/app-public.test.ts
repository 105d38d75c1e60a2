// The app's public flag (guest mode, docs/guest-mode.md): off for a new app and for existing ones,
// changed only by the app's administrators (PUT /api/apps/{id} {public}), refused on an archived
// app like any other change but unarchiving, and the guest_mode setting is public and off by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startServer();
  owner = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

describe('an app\'s public flag', () => {
  it('is off for a new app and for an app written before the column', async () => {
    const created = await api(server, '/api/apps', { method: 'POST', token: owner.token, json: { name: 'Fresh' } });
    expect(created.status).toBe(201);
    expect(created.body.public).toBe(false);
    const { appId } = await newApp(server, { ownerId: owner.id });
    expect((await api(server, `/api/apps/${appId}`, { token: owner.token })).body.public).toBe(false);
  });

  it('is changed by the app\'s administrators and shows in the list', async () => {
    const { appId } = await newApp(server, { name: 'Shared', ownerId: owner.id });
    const on = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ public: true, name: 'Shared', archived: false });
    const row = await server.database.db.selectFrom('apps').select('public').where('id', '=', appId).executeTakeFirstOrThrow();
    expect(Boolean(row.public)).toBe(true);
    const list = await api(server, '/api/apps', { token: owner.token });
    const listed = (list.body as { items?: { id: number; public: boolean }[] }).items ?? (list.body as { id: number; public: boolean }[]);
    expect(listed.find((app) => app.id === appId)?.public).toBe(true);
    const off = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: false } });
    expect(off.body.public).toBe(false);
  });

  it('cannot be changed by a developer or member of the app (403), nor seen by a stranger (404)', async () => {
    const { appId } = await newApp(server, { ownerId: owner.id });
    const developer = await server.newUser({ role: 'developer' });
    const stranger = await server.newUser();
    await addCollaborator(server, appId, developer.id, 'developer');
    const refused = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: developer.token, json: { public: true } });
    expect(refused.status).toBe(403);
    const hidden = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: stranger.token, json: { public: true } });
    expect(hidden.status).toBe(404);
    expect((await api(server, `/api/apps/${appId}`, { token: owner.token })).body.public).toBe(false);
  });

  it('is refused on an archived app (409) unless it is unarchived in the same change; a non-boolean is 422', async () => {
    const { appId } = await newApp(server, { ownerId: owner.id });
    expect((await api(server, `/api/apps/${appId}/archive`, { method: 'POST', token: owner.token })).status).toBe(200);
    expect((await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: true } })).status).toBe(409);
    const both = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: true, archived: false } });
    expect(both.body).toMatchObject({ public: true, archived: false });
    const bad = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: 'yes' } });
    expect(bad.status).toBe(422);
  });
});

describe('the guest_mode setting', () => {
  it('is public and off by default', async () => {
    const response = await api(server, '/api/settings/public');
    expect(response.body.guest_mode).toBe(false);
  });
});
