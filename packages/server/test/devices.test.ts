// /api/devices: the iOS devices that registered through /udid. Anyone signed in may list and
// read them; global developers and administrators may rename one; only global administrators
// may delete one. A caller without the right gets 403 before the input is validated or the
// device looked up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let developer: TestUser;
let member: TestUser;

interface Seeded {
  id: number;
  udid: string;
}
let phone: Seeded;
let ipad: Seeded;
let legacy: Seeded;

async function seed(values: { udid: string; name: string | null; product: string | null; updated_at: string }): Promise<Seeded> {
  const row = await server.database.db
    .insertInto('devices')
    .values({ ...values, os_version: '21A329', serial: 'SERIAL1', imei: null, created_at: '2026-01-01T00:00:00.000Z' })
    .returning(['id', 'udid'])
    .executeTakeFirstOrThrow();
  return row;
}

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: 'https://tarmac.example.com' });
  admin = await server.newUser({ role: 'admin' });
  developer = await server.newUser({ role: 'developer' });
  member = await server.newUser({ role: 'member' });
  phone = await seed({ udid: '00008030-001A2B3C4D5E802E', name: "Ann's iPhone", product: 'iPhone15,2', updated_at: '2026-01-03T00:00:00.000Z' });
  ipad = await seed({ udid: '00008103-000A1B2C3D4E5F60', name: 'QA iPad', product: 'iPad13,18', updated_at: '2026-01-02T00:00:00.000Z' });
  legacy = await seed({ udid: 'e801228c2086d3aacc917b9c3d19bfa56efcab5b', name: null, product: 'iPhone99,1', updated_at: '2026-01-01T00:00:00.000Z' });
});
afterAll(() => server.close());

const NOT_FOUND = { error: 'Record not found' };

function deviceJson(device: Seeded, overrides: Record<string, unknown> = {}) {
  return {
    id: device.id,
    udid: device.udid,
    name: expect.anything(),
    product: expect.anything(),
    model: expect.anything(),
    os_version: '21A329',
    ios_version: '17.0',
    serial: 'SERIAL1',
    imei: null,
    // Seeded without a source: the column's default, as for every device from before syncs.
    source: 'udid',
    platform: null,
    status: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: ISO_TIME,
    ...overrides,
  };
}

describe('GET /api/devices', () => {
  it('lists every device for any signed-in user, most recently updated first, with model names', async () => {
    const res = await api(server, '/api/devices', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      deviceJson(phone, { name: "Ann's iPhone", product: 'iPhone15,2', model: 'iPhone 14 Pro', updated_at: '2026-01-03T00:00:00.000Z' }),
      deviceJson(ipad, { name: 'QA iPad', product: 'iPad13,18', model: 'iPad (10th generation)', updated_at: '2026-01-02T00:00:00.000Z' }),
      deviceJson(legacy, { name: null, product: 'iPhone99,1', model: null, updated_at: '2026-01-01T00:00:00.000Z' }),
    ]);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-pages')).toBe('1');
  });

  it('pages with per_page and page, and says so in the headers', async () => {
    const res = await api<{ id: number }[]>(server, '/api/devices?per_page=1&page=2', { token: developer.token });
    expect(res.body.map((d) => d.id)).toEqual([ipad.id]);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-pages')).toBe('3');
    expect(res.headers.get('x-page')).toBe('2');
    expect(res.headers.get('link')).toContain('rel="next"');
  });

  it('finds devices by part of the UDID, name or model identifier, in any case', async () => {
    const ids = async (q: string) => (await api<{ id: number }[]>(server, `/api/devices?q=${encodeURIComponent(q)}`, { token: member.token })).body.map((d) => d.id);
    expect(await ids('001a2b3c')).toEqual([phone.id]);
    expect(await ids('E801228C')).toEqual([legacy.id]);
    expect(await ids('qa ipad')).toEqual([ipad.id]);
    expect(await ids('IPHONE')).toEqual([phone.id, legacy.id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('   ')).toHaveLength(3);
  });

  it('refuses bad paging and an overlong search with 422', async () => {
    const res = await api(server, '/api/devices?per_page=0', { token: member.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Validation failed: per_page must be at least 1', details: { per_page: ['must be at least 1'] } });
    expect((await api(server, `/api/devices?q=${'x'.repeat(101)}`, { token: member.token })).status).toBe(422);
  });
});

describe('GET /api/devices/:id', () => {
  it('answers one device to any signed-in user', async () => {
    const res = await api(server, `/api/devices/${ipad.id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(deviceJson(ipad, { name: 'QA iPad', product: 'iPad13,18', model: 'iPad (10th generation)', updated_at: '2026-01-02T00:00:00.000Z' }));
  });

  it('answers 404 for an unknown id and 422 for one that is not a number', async () => {
    const missing = await api(server, '/api/devices/999999', { token: member.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject(NOT_FOUND);
    expect((await api(server, '/api/devices/abc', { token: member.token })).status).toBe(422);
  });
});

describe('PATCH /api/devices/:id', () => {
  it('refuses members with 403 before looking at the body or the id', async () => {
    for (const [path, json] of [
      [`/api/devices/${phone.id}`, { name: 'Mine now' }],
      [`/api/devices/${phone.id}`, { name: 42 }],
      ['/api/devices/999999', {}],
    ] as const) {
      const res = await api(server, path, { method: 'PATCH', token: member.token, json });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'Only developers and administrators can rename devices' });
    }
    expect((await api(server, `/api/devices/${phone.id}`, { token: member.token })).body.name).toBe("Ann's iPhone");
  });

  it('lets a developer rename a device, trimmed', async () => {
    const res = await api(server, `/api/devices/${phone.id}`, { method: 'PATCH', token: developer.token, json: { name: '  QA iPhone 14 Pro  ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(deviceJson(phone, { name: 'QA iPhone 14 Pro', product: 'iPhone15,2', model: 'iPhone 14 Pro' }));
    expect(res.body.updated_at).not.toBe('2026-01-03T00:00:00.000Z');
  });

  it('lets an administrator clear the name with an empty string, and accepts 255 characters of any script', async () => {
    const cleared = await api(server, `/api/devices/${legacy.id}`, { method: 'PATCH', token: admin.token, json: { name: '   ' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.name).toBeNull();
    const long = await api(server, `/api/devices/${legacy.id}`, { method: 'PATCH', token: admin.token, json: { name: '测'.repeat(255) } });
    expect(long.status).toBe(200);
    expect(long.body.name).toBe('测'.repeat(255));
  });

  it('refuses a missing, overlong or control-character name with 422', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['is required'] }],
      [{ name: { first: 'A' } }, { name: ['must be a string'] }],
      [{ name: 'x'.repeat(256) }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ name: 'a\u0007b' }, { name: ['cannot contain control characters'] }],
      // A NUL is refused where requests come in, for every route (src/http/text-input.ts).
      [{ name: 'a\u0000b' }, { name: ['must not contain a NUL character (\\u0000)'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/devices/${ipad.id}`, { method: 'PATCH', token: developer.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.details).toEqual(details);
    }
    expect((await api(server, `/api/devices/${ipad.id}`, { token: developer.token })).body.name).toBe('QA iPad');
  });

  it('answers 404 for an unknown device', async () => {
    const res = await api(server, '/api/devices/999999', { method: 'PATCH', token: developer.token, json: { name: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });
});

describe('DELETE /api/devices/:id', () => {
  it('refuses members and developers with 403, whatever the id', async () => {
    for (const user of [member, developer]) {
      for (const id of [String(ipad.id), '999999', 'abc']) {
        const res = await api(server, `/api/devices/${id}`, { method: 'DELETE', token: user.token });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error: 'Only administrators can delete devices' });
      }
    }
    expect((await api(server, `/api/devices/${ipad.id}`, { token: member.token })).status).toBe(200);
  });

  it('lets an administrator delete a device; it is gone', async () => {
    const res = await api(server, `/api/devices/${ipad.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    expect((await api(server, `/api/devices/${ipad.id}`, { token: admin.token })).status).toBe(404);
    const again = await api(server, `/api/devices/${ipad.id}`, { method: 'DELETE', token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject(NOT_FOUND);
    expect((await api(server, '/api/devices', { token: admin.token })).headers.get('x-total-count')).toBe('2');
  });
});

// The build and teardown screens show the team's names beside a provisioning profile's UDIDs:
// they send the profile's list and get back the registered devices among it, in one request.
describe('POST /api/devices/lookup', () => {
  it('refuses a caller who is not signed in', async () => {
    const res = await api(server, '/api/devices/lookup', { method: 'POST', json: { udids: [phone.udid] } });
    expect(res.status).toBe(401);
  });

  it('answers the registered devices among the UDIDs, in any case, with their iOS versions', async () => {
    const stamp = '2026-01-04T00:00:00.000Z';
    const beta = await server.database.db
      .insertInto('devices')
      .values({ udid: '00008110-000A0B0C0D0E0F10', name: 'Beta iPhone', product: 'iPhone16,1', os_version: '21F90', created_at: stamp, updated_at: stamp })
      .returning(['id', 'udid'])
      .executeTakeFirstOrThrow();
    const udids = ['00008110-000a0b0c0d0e0f10', 'E801228C2086D3AACC917B9C3D19BFA56EFCAB5B', 'ffffffffffffffffffffffffffffffffffffffff', phone.udid, phone.udid];
    const res = await api(server, '/api/devices/lookup', { method: 'POST', token: member.token, json: { udids } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      deviceJson(phone, { name: 'QA iPhone 14 Pro', product: 'iPhone15,2', model: 'iPhone 14 Pro' }),
      { ...deviceJson(beta, { name: 'Beta iPhone', product: 'iPhone16,1', model: 'iPhone 15 Pro', os_version: '21F90', ios_version: '17.5.1' }), serial: null, created_at: stamp },
      deviceJson(legacy, { name: '测'.repeat(255), product: 'iPhone99,1', model: null }),
    ]);
    const none = await api(server, '/api/devices/lookup', { method: 'POST', token: member.token, json: { udids: [] } });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('refuses what is not a list of UDIDs with 422', async () => {
    const cases: [unknown, Record<string, unknown[]>][] = [
      [{}, { udids: ['is required'] }],
      // (The schema's sentence says "a array" today; the errors work rewrites these sentences.)
      [{ udids: { first: phone.udid } }, { udids: [expect.stringMatching(/^must be an? array$/)] }],
      [{ udids: [phone.udid, 'not-a-udid'] }, { 'udids.1': ['"not-a-udid" is not a UDID: expected 40 hex digits, or 8 and 16 hex digits joined by a hyphen'] }],
      [{ udids: Array.from({ length: 1001 }, () => phone.udid) }, { udids: ['must have at most 1000 items'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, '/api/devices/lookup', { method: 'POST', token: member.token, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(res.body.details).toEqual(details);
    }
  });
});
