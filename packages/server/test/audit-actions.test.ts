// Every action of the audit log, performed through the real API: one `it` per action asserts
// the line it leaves (outcome, actor and how they came, target, address, details), on the engine
// of DATABASE_URL. The last test fails when an action of AUDIT_ACTIONS has no test here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/auth/totp.ts';
import { AUDIT_ACTIONS } from '../src/modules/audit/actions.ts';
import { engineUnderTest } from './helpers/database.ts';
import { makeZip, uploadDebugFile } from './helpers/debug-files.ts';
import { uploadFixture } from './helpers/browser.ts';
import { addCollaborator, newApp, storedRelease } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
const tested = new Set<string>();
const AGENT = 'audit-test/1.0';

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

/** The newest line of `action`, read through the admin API (which these tests so use too). */
async function lastLine(action: string): Promise<Record<string, any>> {
  const response = await api<Record<string, any>[]>(server, `/api/admin/audit-events?action=${action}&per_page=1`, { token: admin.token });
  expect(response.status, response.text).toBe(200);
  expect(response.body.length, `no ${action} line`).toBe(1);
  return response.body[0]!;
}

async function lines(action: string): Promise<Record<string, any>[]> {
  return (await api<Record<string, any>[]>(server, `/api/admin/audit-events?action=${action}&per_page=100`, { token: admin.token })).body;
}

const byToken = (user: TestUser) => ({ actor_id: user.id, actor_name: user.username, actor_via: 'token', outcome: 'success', ip: '127.0.0.1' });

function action(name: string, body: () => Promise<void>) {
  tested.add(name);
  it(name, body);
}

describe(`audit log actions on ${engineUnderTest()}`, () => {
  action('session.sign_in', async () => {
    const user = await server.newUser();
    const response = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password }, headers: { 'user-agent': AGENT } });
    expect(response.status).toBe(200);
    expect(await lastLine('session.sign_in')).toMatchObject({
      outcome: 'success', actor_id: user.id, actor_name: user.username, actor_via: 'session',
      target_type: 'user', target_id: String(user.id), target_name: user.username,
      ip: '127.0.0.1', user_agent: AGENT, request_id: expect.any(String), details: { method: 'password' },
    });
  });

  action('session.sign_in_failed', async () => {
    const unknown = await api(server, '/api/session', { method: 'POST', json: { login: 'nobody-at-all', password: 'wrong password 1' } });
    expect(unknown.status).toBe(401);
    expect(await lastLine('session.sign_in_failed')).toMatchObject({
      outcome: 'failure', actor_id: null, actor_name: 'nobody-at-all', actor_via: 'anonymous', ip: '127.0.0.1',
      details: { method: 'password', reason: 'auth.invalid_credentials' },
    });
    const user = await server.newUser();
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.email, password: 'not the password' } })).status).toBe(401);
    const wrong = await lastLine('session.sign_in_failed');
    expect(wrong).toMatchObject({ actor_id: null, actor_name: user.email, details: { reason: 'auth.invalid_credentials' } });
    // The password is never written.
    expect(JSON.stringify(wrong)).not.toContain('not the password');
    const locked = await server.newUser({ locked: true });
    expect((await api(server, '/api/session', { method: 'POST', json: { login: locked.username, password: locked.password } })).status).toBe(403);
    expect(await lastLine('session.sign_in_failed')).toMatchObject({ actor_name: locked.username, details: { reason: 'auth.account_locked' } });
  });

  it('session.sign_in and session.sign_in_failed after a second factor (the password step alone is no sign-in)', async () => {
    const user = await server.newUser();
    const session = await signIn(server, user.username, user.password);
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const setup = await api(server, '/api/user/two-factor/setup', { method: 'POST', json: { password: user.password }, headers });
    const enabled = await api(server, '/api/user/two-factor/enable', { method: 'POST', json: { code: totpCode(setup.body.secret, Date.now()) }, headers });
    expect(enabled.status, enabled.text).toBe(200);
    const mine = async () => (await lines('session.sign_in')).filter((line) => line.actor_id === user.id).length;
    const before = await mine();
    const step = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(step.status).toBe(202);
    expect(await mine()).toBe(before);
    const challenge = step.body.challenge as string;
    const wrong = await api(server, '/api/session/two-factor', { method: 'POST', json: { challenge, code: '000000' } });
    expect(wrong.status).toBe(401);
    expect(await lastLine('session.sign_in_failed')).toMatchObject({
      outcome: 'failure', actor_id: null, details: { method: 'two_factor', reason: 'auth.two_factor_code_wrong', user_id: user.id },
    });
    const recovery = (enabled.body.recovery_codes as string[])[0]!;
    const right = await api(server, '/api/session/two-factor', { method: 'POST', json: { challenge, recovery_code: recovery } });
    expect(right.status, right.text).toBe(200);
    expect(await lastLine('session.sign_in')).toMatchObject({ actor_id: user.id, actor_via: 'session', details: { method: 'two_factor', recovery_code: true } });
    expect(JSON.stringify(await lines('session.sign_in'))).not.toContain(recovery);
  });

  action('session.sign_out', async () => {
    const user = await server.newUser();
    const { cookie, csrf } = await signIn(server, user.username, user.password);
    const response = await api(server, '/api/session', { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } });
    expect(response.status).toBe(200);
    expect(await lastLine('session.sign_out')).toMatchObject({
      outcome: 'success', actor_id: user.id, actor_via: 'session', target_type: 'user', target_id: String(user.id),
    });
  });

  action('token.create', async () => {
    const user = await server.newUser();
    const response = await api(server, '/api/user/tokens', { method: 'POST', token: user.token, json: { name: 'CI runner' } });
    expect(response.status).toBe(201);
    const line = await lastLine('token.create');
    expect(line).toMatchObject({ ...byToken(user), target_type: 'token', target_id: String(response.body.id), target_name: 'CI runner' });
    expect(JSON.stringify(line)).not.toContain(response.body.token);
  });

  action('token.revoke', async () => {
    const user = await server.newUser();
    const created = await api(server, '/api/user/tokens', { method: 'POST', token: user.token, json: { name: 'Old laptop' } });
    expect((await api(server, `/api/user/tokens/${created.body.id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    expect(await lastLine('token.revoke')).toMatchObject({ ...byToken(user), target_type: 'token', target_id: String(created.body.id), target_name: 'Old laptop' });
  });

  action('user.create', async () => {
    const json = { username: 'audit-new', email: 'audit-new@example.com', password: 'a long enough password', role: 'developer' };
    const response = await api(server, '/api/users', { method: 'POST', token: admin.token, json });
    expect(response.status, response.text).toBe(201);
    const line = await lastLine('user.create');
    expect(line).toMatchObject({
      ...byToken(admin), target_type: 'user', target_id: String(response.body.id), target_name: 'audit-new',
      details: { email: 'audit-new@example.com', role: 'developer' },
    });
    expect(JSON.stringify(line)).not.toContain('a long enough password');
  });

  it('user.create and session.sign_in for a sign-up: the new account is the actor', async () => {
    expect((await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { registration_policy: 'open' } })).status).toBe(200);
    const json = { username: 'self-made', email: 'self-made@example.com', password: 'a long enough password' };
    const response = await api(server, '/api/users/register', { method: 'POST', json });
    expect(response.status, response.text).toBe(201);
    const id = response.body.user.id as number;
    expect(await lastLine('user.create')).toMatchObject({
      actor_id: id, actor_name: 'self-made', actor_via: 'anonymous', target_id: String(id), details: { how: 'sign_up', email: json.email },
    });
    expect(await lastLine('session.sign_in')).toMatchObject({ actor_id: id, details: { method: 'sign_up' } });
    await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { registration_policy: 'closed' } });
  });

  action('user.update', async () => {
    const user = await server.newUser();
    const json = { email: `changed-${user.username}@example.com`, password: 'another long password' };
    expect((await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json })).status).toBe(200);
    const line = await lastLine('user.update');
    expect(line).toMatchObject({
      ...byToken(admin), target_id: String(user.id),
      details: { email: { from: user.email, to: json.email }, also_changed: ['password'] },
    });
    expect(JSON.stringify(line)).not.toContain('another long password');
  });

  it('user.update when an administrator turns a user\'s two-factor sign-in off', async () => {
    const user = await server.newUser();
    const response = await api(server, `/api/users/${user.id}/two-factor/reset`, { method: 'POST', token: admin.token });
    expect(response.status, response.text).toBe(200);
    expect(await lastLine('user.update')).toMatchObject({ ...byToken(admin), target_id: String(user.id), details: { two_factor: 'reset' } });
  });

  action('user.role_change', async () => {
    const user = await server.newUser({ role: 'member' });
    expect((await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { role: 'developer' } })).status).toBe(200);
    expect(await lastLine('user.role_change')).toMatchObject({
      ...byToken(admin), target_type: 'user', target_id: String(user.id), details: { role: { from: 'member', to: 'developer' } },
    });
  });

  action('user.lock', async () => {
    const user = await server.newUser();
    // Zealot's documented lock is a GET.
    expect((await api(server, `/api/users/${user.id}/lock`, { token: admin.token })).status).toBe(202);
    expect(await lastLine('user.lock')).toMatchObject({ ...byToken(admin), target_type: 'user', target_id: String(user.id), target_name: user.username });
  });

  action('user.unlock', async () => {
    const user = await server.newUser({ locked: true });
    expect((await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token })).status).toBe(202);
    expect(await lastLine('user.unlock')).toMatchObject({ ...byToken(admin), target_id: String(user.id), target_name: user.username });
    // Locking by PUT locked: true is a user.lock too.
    expect((await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { locked: true } })).status).toBe(200);
    expect(await lastLine('user.lock')).toMatchObject({ target_id: String(user.id) });
  });

  action('user.delete', async () => {
    const user = await server.newUser();
    expect((await api(server, `/api/users/${user.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('user.delete')).toMatchObject({
      ...byToken(admin), target_type: 'user', target_id: String(user.id), target_name: user.username, details: { email: user.email },
    });
  });

  action('collaborator.add', async () => {
    const place = await newApp(server, { ownerId: admin.id });
    const user = await server.newUser();
    const response = await api(server, `/api/apps/${place.appId}/collaborators`, { method: 'POST', token: admin.token, json: { user_id: user.id, role: 'member' } });
    expect(response.status, response.text).toBe(201);
    expect(await lastLine('collaborator.add')).toMatchObject({
      ...byToken(admin), target_type: 'user', target_id: String(user.id), target_name: user.username, details: { app_id: place.appId, role: 'member' },
    });
  });

  action('collaborator.role_change', async () => {
    const place = await newApp(server, { ownerId: admin.id });
    const user = await server.newUser();
    await addCollaborator(server, place.appId, user.id, 'member');
    const path = `/api/apps/${place.appId}/collaborators/${user.id}`;
    expect((await api(server, path, { method: 'PUT', token: admin.token, json: { role: 'developer' } })).status).toBe(200);
    expect(await lastLine('collaborator.role_change')).toMatchObject({
      ...byToken(admin), target_id: String(user.id), details: { app_id: place.appId, role: { from: 'member', to: 'developer' } },
    });
  });

  action('collaborator.remove', async () => {
    const place = await newApp(server, { ownerId: admin.id });
    const user = await server.newUser();
    await addCollaborator(server, place.appId, user.id, 'developer');
    expect((await api(server, `/api/apps/${place.appId}/collaborators/${user.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('collaborator.remove')).toMatchObject({
      ...byToken(admin), target_id: String(user.id), target_name: user.username, details: { app_id: place.appId, role: 'developer' },
    });
  });

  action('app.owner_transfer', async () => {
    const owner = await server.newUser({ role: 'developer' });
    const next = await server.newUser({ role: 'developer' });
    const place = await newApp(server, { ownerId: owner.id, name: 'Transferred' });
    await addCollaborator(server, place.appId, next.id, 'admin');
    const response = await api(server, `/api/apps/${place.appId}/transfer`, { method: 'POST', token: owner.token, json: { user_id: next.id } });
    expect(response.status, response.text).toBe(200);
    expect(await lastLine('app.owner_transfer')).toMatchObject({
      ...byToken(owner), target_type: 'app', target_id: String(place.appId), target_name: 'Transferred',
      details: { owner: { from: owner.username, to: next.username } },
    });
  });

  action('channel.password_change', async () => {
    const place = await newApp(server, { ownerId: admin.id });
    const put = (password: string) => api(server, `/api/channels/${place.channelId}`, { method: 'PUT', token: admin.token, json: { password } });
    expect((await put('first secret words')).status).toBe(200);
    const set = await lastLine('channel.password_change');
    expect(set).toMatchObject({ ...byToken(admin), target_type: 'channel', target_id: String(place.channelId), details: { change: 'set', slug: place.slug } });
    expect((await put('second secret words')).status).toBe(200);
    expect((await lastLine('channel.password_change')).details.change).toBe('changed');
    expect((await put('')).status).toBe(200);
    expect((await lastLine('channel.password_change')).details.change).toBe('removed');
    const all = JSON.stringify(await lines('channel.password_change'));
    expect(all).not.toContain('secret words');
    // Changing something else leaves no password line.
    const count = (await lines('channel.password_change')).length;
    await api(server, `/api/channels/${place.channelId}`, { method: 'PUT', token: admin.token, json: { name: 'Renamed' } });
    expect((await lines('channel.password_change')).length).toBe(count);
    // fastlane's `password` option sets it with an upload; an upload without the field changes nothing.
    const uploaded = await newApp(server, { ownerId: admin.id, deviceType: 'android' });
    await uploadFixture(server, admin.token, uploaded.key, 'android.apk');
    expect((await lines('channel.password_change')).length).toBe(count);
    await uploadFixture(server, admin.token, uploaded.key, 'android.apk', { password: 'upload secret words' });
    expect(await lastLine('channel.password_change')).toMatchObject({
      ...byToken(admin), target_type: 'channel', target_id: String(uploaded.channelId), details: { change: 'set', slug: uploaded.slug, via: 'upload' },
    });
    await uploadFixture(server, admin.token, uploaded.key, 'android.apk', { password: '' });
    expect((await lastLine('channel.password_change')).details.change).toBe('removed');
    expect(JSON.stringify(await lines('channel.password_change'))).not.toContain('upload secret');
  });

  action('channel.key_change', async () => {
    const place = await newApp(server, { ownerId: admin.id });
    const response = await api(server, `/api/channels/${place.channelId}/key`, { method: 'POST', token: admin.token });
    expect(response.status).toBe(200);
    const line = await lastLine('channel.key_change');
    expect(line).toMatchObject({ ...byToken(admin), target_type: 'channel', target_id: String(place.channelId), details: { app_id: place.appId } });
    expect(JSON.stringify(line)).not.toContain(response.body.key);
    expect(JSON.stringify(line)).not.toContain(place.key);
  });

  action('settings.update', async () => {
    const response = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { default_role: 'developer' } });
    expect(response.status, response.text).toBe(200);
    expect(await lastLine('settings.update')).toMatchObject({
      ...byToken(admin), target_type: 'setting', target_id: 'default_role', details: { from: 'member', to: 'developer' },
    });
    // Sending the value it already has changes nothing and writes nothing.
    const count = (await lines('settings.update')).length;
    await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { default_role: 'developer' } });
    expect((await lines('settings.update')).length).toBe(count);
  });

  const provider = { slug: 'audit-gh', kind: 'github', name: 'GitHub', settings: { client_id: 'x', allowed_organizations: ['acme'], admin_organizations: [] } };
  let providerId = 0;
  action('sign_in_provider.create', async () => {
    const response = await api(server, '/api/admin/sign-in-providers', { method: 'POST', token: admin.token, json: { ...provider, secret: 'client-secret-value' } });
    expect(response.status, response.text).toBe(201);
    providerId = response.body.id;
    const line = await lastLine('sign_in_provider.create');
    expect(line).toMatchObject({ ...byToken(admin), target_type: 'sign_in_provider', target_id: String(providerId), target_name: 'audit-gh', details: { kind: 'github' } });
    expect(JSON.stringify(line)).not.toContain('client-secret-value');
  });

  action('sign_in_provider.update', async () => {
    const response = await api(server, `/api/admin/sign-in-providers/${providerId}`, { method: 'PUT', token: admin.token, json: { enabled: false, secret: 'new-secret-value' } });
    expect(response.status, response.text).toBe(200);
    const line = await lastLine('sign_in_provider.update');
    expect(line).toMatchObject({ ...byToken(admin), target_id: String(providerId), details: { fields: ['enabled', 'secret'] } });
    expect(JSON.stringify(line)).not.toContain('new-secret-value');
  });

  action('sign_in_provider.delete', async () => {
    expect((await api(server, `/api/admin/sign-in-providers/${providerId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('sign_in_provider.delete')).toMatchObject({ ...byToken(admin), target_id: String(providerId), target_name: 'audit-gh' });
  });

  action('app.delete', async () => {
    const place = await newApp(server, { ownerId: admin.id, name: 'Doomed app' });
    expect((await api(server, `/api/apps/${place.appId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('app.delete')).toMatchObject({ ...byToken(admin), target_type: 'app', target_id: String(place.appId), target_name: 'Doomed app' });
  });

  action('scheme.delete', async () => {
    const place = await newApp(server, { ownerId: admin.id, name: 'Scheme host', scheme: 'Nightly' });
    expect((await api(server, `/api/schemes/${place.schemeId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('scheme.delete')).toMatchObject({
      ...byToken(admin), target_type: 'scheme', target_id: String(place.schemeId), target_name: 'Nightly', details: { app_id: place.appId, app: 'Scheme host' },
    });
  });

  action('channel.delete', async () => {
    const place = await newApp(server, { ownerId: admin.id, channel: 'Doomed channel' });
    expect((await api(server, `/api/channels/${place.channelId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('channel.delete')).toMatchObject({
      ...byToken(admin), target_type: 'channel', target_id: String(place.channelId), target_name: 'Doomed channel', details: { slug: place.slug },
    });
  });

  action('release.delete', async () => {
    const place = await newApp(server, { ownerId: admin.id });
    await storedRelease(server, place.channelId, 7);
    const release = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', place.channelId).executeTakeFirstOrThrow();
    expect((await api(server, `/api/releases/${release.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('release.delete')).toMatchObject({
      ...byToken(admin), target_type: 'release', target_id: String(release.id), target_name: '1.0 (7)',
      details: { channel_id: place.channelId, release_version: '1.0', build_version: '7' },
    });
  });

  action('debug_file.delete', async () => {
    const place = await newApp(server, { ownerId: admin.id, name: 'Symbols' });
    const upload = await uploadDebugFile(
      server,
      { token: admin.token, channel_key: place.key, release_version: '2.1.0', build_version: '10' },
      { data: makeZip([{ name: 'mapping.txt', data: 'com.example.Main -> a:\n    void run() -> a\n' }]), name: 'android-proguard-mapping.zip' },
    );
    expect(upload.status, upload.text).toBe(201);
    expect((await api(server, `/api/debug_files/${upload.body.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await lastLine('debug_file.delete')).toMatchObject({
      ...byToken(admin), target_type: 'debug_file', target_id: String(upload.body.id), target_name: 'android-proguard-mapping.zip',
      details: { app_id: place.appId, app: 'Symbols', release_version: '2.1.0', build_version: '10' },
    });
  });

  action('release.download_protected', async () => {
    const member = await server.newUser();
    const open = await newApp(server, { ownerId: admin.id });
    await storedRelease(server, open.channelId, 1);
    const guarded = await newApp(server, { ownerId: admin.id });
    await addCollaborator(server, guarded.appId, member.id, 'member');
    await storedRelease(server, guarded.channelId, 3);
    expect((await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: admin.token, json: { password: 'guard words here' } })).status).toBe(200);
    const id = async (channelId: number) =>
      (await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId).executeTakeFirstOrThrow()).id;
    // An open channel's download leaves no line.
    const before = (await lines('release.download_protected')).length;
    expect((await api(server, `/${open.slug}/${await id(open.channelId)}/download/app.apk`, { token: admin.token })).status).toBe(200);
    expect((await lines('release.download_protected')).length).toBe(before);
    // A team member downloads the guarded build: one line, naming the channel.
    const releaseId = await id(guarded.channelId);
    const response = await api(server, `/${guarded.slug}/${releaseId}/download/app.apk`, { token: member.token });
    expect(response.status).toBe(200);
    expect(await lastLine('release.download_protected')).toMatchObject({
      ...byToken(member), target_type: 'release', target_id: String(releaseId), details: { channel: guarded.slug, channel_id: guarded.channelId },
    });
    // Zealot's id-only path too.
    expect((await api(server, `/download/releases/${releaseId}/app.apk`, { token: member.token })).status).toBe(200);
    expect((await lines('release.download_protected')).length).toBe(before + 2);
  });

  it('has a test for every action (backups are tested by the backups module, later additions in audit-gaps.test.ts)', () => {
    const elsewhere = new Set(['backup.create', 'backup.delete', 'backup.download', 'backup.restore', 'invitation.accept', 'schedule.run']);
    expect(AUDIT_ACTIONS.filter((name) => !tested.has(name) && !elsewhere.has(name))).toEqual([]);
  });
});
