// The settings screen's API on a real server and database: each setting's checks (422 per
// field), where a value comes from (default, then saved, then an environment variable that
// wins and makes it read-only: 409), the reset, one audit line per changed key, the public few,
// the public URL check, and the effects without a restart: the site title and the in-app
// browser hint on an install page, preset schemes and retained builds on a new app.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp, storedRelease } from './helpers/factories.ts';
import { USER_AGENTS } from './helpers/browser.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let envServer: TestServer;
let admin: TestUser;
let envAdmin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser();
  envServer = await startServer({ TARMAC_SITE_TITLE: 'Env Builds', TARMAC_DEFAULT_LOCALE: 'zh-CN', TARMAC_DEFAULT_TIME_ZONE: 'Asia/Shanghai' });
  envAdmin = await envServer.newUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
  await envServer?.close();
});

interface View {
  key: string;
  group: string;
  value: unknown;
  default: unknown;
  source: 'default' | 'environment' | 'saved';
  editable: boolean;
  env_var: string | null;
  hints: { type: string; choices?: string[]; minimum?: number; maximum?: number; min_length?: number; max_length?: number };
}

async function list(on = server, as = admin): Promise<Record<string, View>> {
  const res = await api<{ settings: View[] }>(on, '/api/admin/settings', { token: as.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.settings.map((view) => [view.key, view]));
}
const put = (json: unknown, on = server, as = admin) => api(on, '/api/admin/settings', { method: 'PUT', token: as.token, json });
const reset = (key: string, on = server, as = admin) => api(on, `/api/admin/settings/${key}`, { method: 'DELETE', token: as.token });

async function auditLines(on: TestServer, key: string) {
  return on.database.db
    .selectFrom('audit_events')
    .select(['action', 'actor_id', 'target_type', 'target_id', 'details'])
    .where('action', '=', 'settings.update')
    .where('target_id', '=', key)
    .orderBy('id')
    .execute();
}

describe('the list', () => {
  it('shows every setting with its group, default, source and hints', async () => {
    const views = await list();
    expect(views.site_title).toMatchObject({ group: 'general', value: 'Tarmac', default: 'Tarmac', source: 'default', editable: true, env_var: 'TARMAC_SITE_TITLE' });
    expect(views.site_title!.hints).toMatchObject({ type: 'string', min_length: 3, max_length: 32 });
    expect(views.default_appearance!.hints.choices).toEqual(['light', 'dark', 'auto']);
    expect(views.default_retained_builds).toMatchObject({ group: 'retention', value: 0 });
    expect(views.default_retained_builds!.hints).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
    expect(views.registration_policy).toMatchObject({ group: 'access', value: 'closed' });
    // Changed on the sign-in screen, with its own checks: shown, not editable here.
    expect(views.password_sign_in_enabled).toMatchObject({ editable: false });
    expect(views.registration_enabled).toBeUndefined();
  });

  it('is for administrators only, and a member is refused before the body is read', async () => {
    expect((await api(server, '/api/admin/settings', { token: member.token })).status).toBe(403);
    expect((await put({ site_title: 'x' }, server, member)).status).toBe(403);
    expect((await reset('site_title', server, member)).status).toBe(403);
    expect((await api(server, '/api/admin/settings')).status).toBe(401);
  });
});

describe('changes', () => {
  it.each([
    ['site_title', 'ab', /too short|at least|minLength|3/i],
    ['site_title', 'x'.repeat(33), /32/],
    ['site_title', ' padded ', /spaces/],
    ['site_title', 42, /string/i],
    ['default_locale', 'fr', /./],
    ['default_appearance', 'sepia', /./],
    ['default_time_zone', 'Mars/Olympus', /IANA/],
    ['default_retained_builds', -1, /0|minimum/i],
    ['default_retained_builds', 1.5, /integer/i],
    ['in_app_browsers', ['has space'], /./],
    // preset_schemes names the field inside the value: app-presets.test.ts.
    ['default_role', 'admin', /./],
    ['registration_domains', ['not a domain'], /./],
    ['no_such_setting', true, /not a setting/],
  ])('refuses %s = %j with a 422 naming the field, and saves nothing', async (key, value, message) => {
    const res = await put({ site_title: 'Never Saved', [key]: value });
    expect(res.status).toBe(422);
    const body = res.body as { code: string; details: Record<string, string[]> };
    expect(body.code).toBe('validation.failed');
    expect(Object.keys(body.details)).toContain(key);
    expect(body.details[key]!.join(' ')).toMatch(message);
    expect((await list()).site_title!.value).not.toBe('Never Saved');
  });

  it('saves, reports the saved source, writes one audit line per changed key, and resets', async () => {
    const res = await put({ site_title: 'Acme Builds', default_time_zone: 'Asia/Shanghai', default_appearance: 'auto' });
    expect(res.status).toBe(200);
    const views = Object.fromEntries((res.body as { settings: View[] }).settings.map((view) => [view.key, view]));
    expect(views.site_title).toMatchObject({ value: 'Acme Builds', source: 'saved' });
    expect(views.default_time_zone).toMatchObject({ value: 'Asia/Shanghai', source: 'saved' });

    const titleLines = await auditLines(server, 'site_title');
    expect(titleLines).toHaveLength(1);
    expect(titleLines[0]).toMatchObject({ actor_id: admin.id, target_type: 'setting' });
    expect(JSON.parse(titleLines[0]!.details)).toEqual({ from: 'Tarmac', to: 'Acme Builds' });
    // Sent with its default value: not a change, no line.
    expect(await auditLines(server, 'default_appearance')).toHaveLength(0);

    const back = await reset('default_time_zone');
    expect(back.status).toBe(200);
    expect((await list()).default_time_zone).toMatchObject({ value: 'UTC', source: 'default' });
    const zoneLines = await auditLines(server, 'default_time_zone');
    expect(zoneLines.map((line) => JSON.parse(line.details) as unknown)).toEqual([{ from: 'UTC', to: 'Asia/Shanghai' }, { from: 'Asia/Shanghai', to: 'UTC' }]);
  });

  it('answers 404 for resetting a key that is no setting', async () => {
    const res = await reset('no_such_setting');
    expect(res.status).toBe(404);
  });

  it('audits changes through the old PUT /api/settings too', async () => {
    const res = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { default_role: 'developer' } });
    expect(res.status).toBe(200);
    const lines = await auditLines(server, 'default_role');
    expect(JSON.parse(lines.at(-1)!.details)).toEqual({ from: 'member', to: 'developer' });
    await reset('default_role');
  });
});

describe('settings the environment holds', () => {
  it('wins over a saved value, shows the variable, and cannot be changed or reset (409)', async () => {
    // A value saved before the variable was set (or by another instance) is shadowed.
    await envServer.database.db.insertInto('settings').values({ key: 'site_title', value: '"Saved Title"', updated_at: new Date().toISOString() }).execute();
    const views = await list(envServer, envAdmin);
    expect(views.site_title).toMatchObject({ value: 'Env Builds', source: 'environment', editable: false, env_var: 'TARMAC_SITE_TITLE' });
    expect(views.default_locale).toMatchObject({ value: 'zh-CN', source: 'environment', editable: false });
    expect(views.default_appearance).toMatchObject({ source: 'default', editable: true });

    const refused = await put({ site_title: 'Other', default_appearance: 'dark' }, envServer, envAdmin);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'settings.from_environment', params: { key: 'site_title', variable: 'TARMAC_SITE_TITLE' } });
    expect((await list(envServer, envAdmin)).default_appearance!.value).toBe('auto');
    expect((await reset('default_locale', envServer, envAdmin)).status).toBe(409);
    expect(await auditLines(envServer, 'site_title')).toHaveLength(0);

    const open = await api(envServer, '/api/settings/public');
    expect(open.body).toMatchObject({ site_title: 'Env Builds', default_locale: 'zh-CN', default_time_zone: 'Asia/Shanghai' });
  });

  it('refuses a bad variable at start with its name', async () => {
    await expect(startServer({ TARMAC_DEFAULT_TIME_ZONE: 'Nowhere/Land' })).rejects.toThrow(/TARMAC_DEFAULT_TIME_ZONE/);
    await expect(startServer({ TARMAC_SITE_TITLE: 'ab' })).rejects.toThrow(/TARMAC_SITE_TITLE/);
  });
});

describe('public settings', () => {
  it('are readable signed out and follow a change at once', async () => {
    await put({ site_title: 'Public Title', default_appearance: 'dark' });
    const res = await api(server, '/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ site_title: 'Public Title', default_appearance: 'dark', default_locale: 'en', default_time_zone: 'UTC' });
    expect(res.body).not.toHaveProperty('preset_schemes');
  });
});

describe('effects without a restart', () => {
  it('puts the site title on install pages', async () => {
    const owner = await server.newUser();
    const channel = await newApp(server, { ownerId: owner.id, name: 'TitleApp', deviceType: 'android' });
    await storedRelease(server, channel.channelId, 1);
    await put({ site_title: 'Acme Builds' });
    const page = await api(server, `/${channel.slug}`, { headers: { 'user-agent': USER_AGENTS.android } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<title>[^<]* · Acme Builds<\/title>/);
    expect(page.text).toContain('· Acme Builds</footer>');
    await put({ site_title: 'Second Title' });
    const again = await api(server, `/${channel.slug}`, { headers: { 'user-agent': USER_AGENTS.android } });
    expect(again.text).toMatch(/<title>[^<]* · Second Title<\/title>/);
  });

  it('shows the open-in-browser hint for WeChat and for a User-Agent word the setting adds', async () => {
    const owner = await server.newUser();
    const channel = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
    await storedRelease(server, channel.channelId, 1);
    const wechat = await api(server, `/${channel.slug}`, { headers: { 'user-agent': USER_AGENTS.wechatAndroid } });
    expect(wechat.text).toContain('WeChat cannot install apps from its built-in browser');
    const customUa = `${USER_AGENTS.android} CorpChat/3.2`;
    const before = await api(server, `/${channel.slug}`, { headers: { 'user-agent': customUa } });
    expect(before.text).not.toContain('cannot install apps from its built-in browser');
    expect((await put({ in_app_browsers: ['corpchat/'] })).status).toBe(200);
    const after = await api(server, `/${channel.slug}`, { headers: { 'user-agent': customUa } });
    expect(after.text).toContain('This app cannot install apps from its built-in browser');
    await reset('in_app_browsers');
  });

  it('gives a new app the preset schemes and retained builds when its creator names no schemes', async () => {
    const channels = [{ name: 'iOS', device_type: 'ios' }, { name: 'Android', device_type: 'android' }];
    const presets = [{ scheme: 'Production', channels }];
    expect((await put({ preset_schemes: presets, default_retained_builds: 5 })).status).toBe(200);
    const created = await api(server, '/api/apps', { method: 'POST', token: admin.token, json: { name: 'Preset App' } });
    expect(created.status).toBe(201);
    type Created = { schemes: { name: string; retained_builds: number; channels: { name: string; device_type: string }[] }[] };
    const body = created.body as Created;
    expect(body.schemes.map((scheme) => [scheme.name, scheme.retained_builds])).toEqual([['Production', 5]]);
    expect(body.schemes[0]!.channels.map((channel) => [channel.name, channel.device_type])).toEqual([['iOS', 'ios'], ['Android', 'android']]);

    // Schemes the creator names win; an empty list means none.
    const named = await api(server, '/api/apps', { method: 'POST', token: admin.token, json: { name: 'Own', schemes: [{ name: 'Beta' }] } });
    expect((named.body as typeof body).schemes.map((scheme) => [scheme.name, scheme.retained_builds])).toEqual([['Beta', 5]]);
    const none = await api(server, '/api/apps', { method: 'POST', token: admin.token, json: { name: 'Bare', schemes: [] } });
    expect((none.body as typeof body).schemes).toEqual([]);
    await reset('preset_schemes');
    await reset('default_retained_builds');
  });
});

describe('the public URL check', () => {
  it('fetches /api/version at the address in use and reports http, reachable, and this Tarmac', async () => {
    const res = await api(server, '/api/admin/settings/check-url', { method: 'POST', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, reachable: true, status: 200, https: false, certificate_trusted: null });
    expect(res.body).toMatchObject({ is_tarmac: true });
    expect(res.body).toMatchObject({ error: null, ios_install_problem: 'loopback' });
    expect((res.body as { url: string }).url).toBe(`${server.url}/api/version`);
  });

  it('reports an address nothing answers at', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const dead = await startServer({ TARMAC_URL: `http://127.0.0.1:${port}` });
    try {
      const deadAdmin = await dead.newUser({ role: 'admin' });
      const res = await api(dead, '/api/admin/settings/check-url', { method: 'POST', token: deadAdmin.token });
      expect(res.body).toMatchObject({ configured: true, reachable: false, status: null, is_tarmac: false, ios_install_problem: 'loopback' });
      expect((res.body as { error: string }).error).toBe('ECONNREFUSED');
    } finally {
      await dead.close();
    }
  });
});
