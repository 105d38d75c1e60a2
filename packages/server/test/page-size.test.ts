// Page sizes from the settings, on a real server and database (the engine of DATABASE_URL): a list
// asked without per_page answers the `per_page` setting's count, a per_page above `max_per_page`
// is a 422 naming per_page, the query schema's ceiling (1000) stays, a change applies without a
// restart, per_page above the maximum is capped by it, TARMAC_PER_PAGE / TARMAC_MAX_PER_PAGE
// hold them read-only, and the public settings tell the web app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from './helpers/database.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let envServer: TestServer;
let admin: TestUser;
let envAdmin: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  // 7 accounts or more: enough for pages of 3.
  for (let i = 0; i < 6; i += 1) await server.newUser();
  envServer = await startServer({ TARMAC_PER_PAGE: '2', TARMAC_MAX_PER_PAGE: '4' });
  envAdmin = await envServer.newUser({ role: 'admin' });
  for (let i = 0; i < 5; i += 1) await envServer.newUser();
});
afterAll(async () => {
  await server?.close();
  await envServer?.close();
});

const put = (json: unknown, on = server, as = admin) => api(on, '/api/admin/settings', { method: 'PUT', token: as.token, json });
const reset = (key: string) => api(server, `/api/admin/settings/${key}`, { method: 'DELETE', token: admin.token });
const users = (query = '', on = server, as = admin) => api<any>(on, `/api/users${query}`, { token: as.token });

describe(`page sizes from the settings on ${engineUnderTest()}`, () => {
  it('uses 25 and 100 by default: a list without per_page answers 25 at most, 101 is a 422', async () => {
    const plain = await users();
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-per-page')).toBe('25');
    expect((await users('?per_page=100')).status).toBe(200);
    const tooMany = await users('?per_page=101');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.details).toEqual({ per_page: ['must be at most 100'] });
    expect(tooMany.body.fields?.per_page?.[0]).toMatchObject({ code: 'too_large', params: { max: 100 } });
    // The schema's own ceiling stays, whatever the setting.
    expect((await users('?per_page=1001')).status).toBe(422);
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ per_page: 25, max_per_page: 100 });
  });

  it('applies a change at once, on another list too; the default never exceeds the maximum', async () => {
    expect((await put({ per_page: 3, max_per_page: 5 })).status).toBe(200);
    const first = await users();
    expect(first.headers.get('x-per-page')).toBe('3');
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('link')).toContain('per_page=3');
    expect((await users('?per_page=5')).body).toHaveLength(5);
    expect((await users('?per_page=6')).body.details).toEqual({ per_page: ['must be at most 5'] });
    const audit = await api(server, '/api/admin/audit-events', { token: admin.token });
    expect(audit.headers.get('x-per-page')).toBe('3');
    expect((await api(server, '/api/admin/audit-events?per_page=6', { token: admin.token })).status).toBe(422);
    expect((await put({ per_page: 50 })).status).toBe(200);
    expect((await users()).headers.get('x-per-page')).toBe('5');
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ per_page: 5, max_per_page: 5 });
    await reset('per_page');
    await reset('max_per_page');
    expect((await users()).headers.get('x-per-page')).toBe('25');
  });

  it('refuses values outside 1 to 1000 per field', async () => {
    const wrong = await put({ per_page: 0, max_per_page: 1001 });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.details).sort()).toEqual(['max_per_page', 'per_page']);
    expect((await put({ per_page: 2.5 })).status).toBe(422);
  });

  it('TARMAC_PER_PAGE and TARMAC_MAX_PER_PAGE win and are read-only', async () => {
    const listed = await users('', envServer, envAdmin);
    expect(listed.headers.get('x-per-page')).toBe('2');
    expect(listed.body).toHaveLength(2);
    expect((await users('?per_page=5', envServer, envAdmin)).status).toBe(422);
    const changed = await put({ per_page: 3 }, envServer, envAdmin);
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'settings.from_environment' });
  });
});
