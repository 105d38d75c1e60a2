// fastlane's zealot_sync_devices, replayed (zealot-clients.md §2.1 and §4.6). For every device
// of the Apple developer account the action sends PUT /api/devices/<udid> with a form body
// of `token`, `name` and `model`, encoded by Faraday 1.x's url_encoded middleware: keys
// sorted, spaces as `+`, everything but letters, digits and ` .~_-` percent-encoded, no
// charset on the content type. It never reads the answer, so a 404 or an error looks like a
// successful sync: every device must really be stored, found or created by UDID, with 200
// and the device (Zealot's field names: id, udid, name, model, platform, status, created_at,
// updated_at). The same sync again is one row and changes nothing. Members get 403, a bad
// token 401, a bad UDID or field 422, and a refusal stores nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from '@tarmac/appinfo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp, uploadBuild } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let developer: TestUser;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  developer = await server.newUser({ role: 'developer' });
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser({ role: 'member' });
});
afterAll(() => server.close());

const JSON_TYPE = 'application/json; charset=utf-8';

/** Faraday::Utils.escape: bytes outside `a-zA-Z0-9 .~_-` as %XX (upper case), then spaces as `+`. */
function faradayEscape(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[a-zA-Z0-9 .~_-]/.test(char) && byte < 0x80 ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('')
    .replace(/ /g, '+');
}

/** Faraday's NestedParamsEncoder: keys sorted, a nil value written as the bare key. */
function faradayForm(params: Record<string, string | null>): string {
  return Object.keys(params)
    .sort()
    .map((key) => {
      const value = params[key];
      return value === null || value === undefined ? faradayEscape(key) : `${faradayEscape(key)}=${faradayEscape(value)}`;
    })
    .join('&');
}

interface Answer {
  status: number;
  contentType: string | null;
  body: any;
}

/** One `sync_deivce` call of the plugin: PUT, the form body, Faraday's user agent. */
async function fastlaneSync(
  token: string,
  device: { udid: string; name: string | null; model: string | null },
  extra: Record<string,
  string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/api/devices/${device.udid}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Faraday v1.10.3', accept: '*/*' },
    body: faradayForm({ token, name: device.name, model: device.model, ...extra }),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  return { status: response.status, contentType, body: contentType?.includes('json') ? JSON.parse(text) : text };
}

async function deviceCount(): Promise<number> {
  const row = await server.database.db.selectFrom('devices').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

async function listed(): Promise<Record<string, unknown>[]> {
  const res = await api<Record<string, unknown>[]>(server, '/api/devices?per_page=100', { token: member.token });
  expect(res.status).toBe(200);
  return res.body;
}

// What Spaceship::ConnectAPI::Device.all gives for a team: a new-style UDID in upper case, an
// older 40-digit one in lower case, names with typographic quotes, spaces and CJK.
const ACCOUNT = [
  { udid: '00008120-001A2B3C4D5E6F70', name: 'Ann’s iPhone 15 Pro', model: 'iPhone 15 Pro' },
  { udid: '6f1b2c3d4e5f60718293a4b5c6d7e8f901234567', name: '测试 iPad & Co', model: 'iPad Air 2' },
  { udid: '00008103-000A1B2C3D4E5F60', name: 'QA Mac mini', model: 'Mac mini (M1, 2020)' },
];

describe('fastlane zealot_sync_devices: PUT /api/devices/:udid', () => {
  it('writes the body exactly as Faraday does', () => {
    expect(faradayForm({ token: 't0k', name: 'Ann’s iPhone 15 Pro', model: 'iPhone 15 Pro' })).toBe(
      'model=iPhone+15+Pro&name=Ann%E2%80%99s+iPhone+15+Pro&token=t0k',
    );
    expect(faradayForm({ token: 't', name: null })).toBe('name&token=t');
  });

  it("stores every device of the account with 200 and the device, Zealot's fields first", async () => {
    for (const device of ACCOUNT) {
      const res = await fastlaneSync(developer.token, device);
      expect(res.status, device.udid).toBe(200);
      expect(res.contentType).toBe(JSON_TYPE);
      expect(res.body).toEqual({
        id: expect.any(Number),
        udid: device.udid,
        name: device.name,
        model: device.model,
        platform: null,
        status: null,
        created_at: ISO_TIME,
        updated_at: ISO_TIME,
        // Tarmac's own fields: what the device reports through /udid (nothing yet) and where it came from.
        product: null,
        os_version: null,
        ios_version: null,
        serial: null,
        imei: null,
        source: 'sync',
      });
    }
    const devices = await listed();
    expect(devices.map((d) => [d.udid, d.name, d.model, d.source])).toEqual(
      expect.arrayContaining(ACCOUNT.map((d) => [d.udid, d.name, d.model, 'sync'])),
    );
    expect(devices).toHaveLength(3);
  });

  it('is idempotent: the same sync again answers 200 with the same device, one row, nothing changed', async () => {
    const before = await listed();
    for (const device of ACCOUNT) {
      const res = await fastlaneSync(developer.token, device);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before.find((d) => d.udid === device.udid));
    }
    expect(await deviceCount()).toBe(3);
    expect(await listed()).toEqual(before);
  });

  it('finds the device whatever the case of the UDID in the path, and stores it in Apple\'s form', async () => {
    const [phone, pad] = [ACCOUNT[0]!, ACCOUNT[1]!];
    const lower = await fastlaneSync(developer.token, { ...phone, udid: phone.udid.toLowerCase() });
    expect(lower.status).toBe(200);
    expect(lower.body.udid).toBe(phone.udid);
    const upper = await fastlaneSync(admin.token, { ...pad, udid: pad.udid.toUpperCase() });
    expect(upper.status).toBe(200);
    expect(upper.body.udid).toBe(pad.udid);
    expect(await deviceCount()).toBe(3);
  });

  it("takes Apple's new name and model, and keeps the stored name when the sync sends none", async () => {
    const phone = ACCOUNT[0]!;
    const renamed = await fastlaneSync(developer.token, { ...phone, name: 'Ann’s work iPhone', model: 'iPhone 15 Pro Max' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ udid: phone.udid, name: 'Ann’s work iPhone', model: 'iPhone 15 Pro Max', source: 'sync' });
    // A nil name (a bare `name` key) or an empty one: the team's name stays.
    for (const name of [null, '', '   ']) {
      const res = await fastlaneSync(developer.token, { udid: phone.udid, name, model: null });
      expect(res.status, JSON.stringify(name)).toBe(200);
      expect(res.body).toMatchObject({ name: 'Ann’s work iPhone', model: 'iPhone 15 Pro Max' });
    }
  });

  it("stores Apple's platform and status when the sync gives them, and shows them in the list", async () => {
    const mac = ACCOUNT[2]!;
    const res = await fastlaneSync(developer.token, mac, { platform: 'MAC_OS', status: 'DISABLED' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ udid: mac.udid, platform: 'MAC_OS', status: 'DISABLED', source: 'sync' });
    // The older portal client's words, in any case, are stored as the App Store Connect API's.
    const again = await fastlaneSync(developer.token, mac, { platform: 'mac', status: 'c' });
    expect(again.body).toMatchObject({ platform: 'MAC_OS', status: 'ENABLED' });
    const enabled = await fastlaneSync(developer.token, ACCOUNT[1]!, { platform: 'ios', status: 'enabled' });
    expect(enabled.body).toMatchObject({ platform: 'IOS', status: 'ENABLED' });
    const devices = await listed();
    expect(devices.find((d) => d.udid === mac.udid)).toMatchObject({ platform: 'MAC_OS', status: 'ENABLED', source: 'sync' });
  });

  it("stores an Intel Mac, which Apple's portal lists by its hardware UUID, in uppercase", async () => {
    const intel = { udid: '5b0f3e1a-9c2d-4e8f-a1b2-c3d4e5f60718', name: 'Build Mac mini', model: 'Mac mini (2018)' };
    const res = await fastlaneSync(developer.token, intel, { platform: 'MAC_OS' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ udid: intel.udid.toUpperCase(), name: 'Build Mac mini', platform: 'MAC_OS', source: 'sync' });
    const again = await fastlaneSync(developer.token, { ...intel, udid: intel.udid.toUpperCase() });
    expect(again.body.id).toBe(res.body.id);
  });

  it('keeps the source and what the device reported through /udid when a sync lists a registered device', async () => {
    const udid = '00008030-001A2B3C4D5E802E';
    await server.database.db
      .insertInto('devices')
      .values({ udid, name: null, product: 'iPhone15,2', os_version: '21A329', serial: 'SERIAL1', imei: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const res = await fastlaneSync(developer.token, { udid, name: 'Bo’s iPhone', model: 'iPhone 14 Pro' }, { status: 'ENABLED' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      udid,
      name: 'Bo’s iPhone',
      product: 'iPhone15,2',
      model: 'iPhone 14 Pro',
      os_version: '21A329',
      ios_version: '17.0',
      serial: 'SERIAL1',
      source: 'udid',
      status: 'ENABLED',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(res.body.updated_at).not.toBe('2026-01-01T00:00:00.000Z');
  });

  it('stores one row when the same new device is synced by several runs at once', async () => {
    const device = { udid: '00008101-000A0B0C0D0E0F10', name: 'Race iPhone', model: 'iPhone 12' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => fastlaneSync(developer.token, device)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a): unknown => a.body.id)).size).toBe(1);
    const rows = await server.database.db.selectFrom('devices').select('id').where('udid', '=', device.udid).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates a device from its UDID alone when the sync sends only the token', async () => {
    const udid = '00008101-000A0B0C0D0E0F11';
    const res = await fetch(`${server.url}/api/devices/${udid}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: faradayForm({ token: developer.token }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ udid, name: null, model: null, platform: null, status: null, source: 'sync' });
    // No body at all is not a form: 422, as for every route that takes one.
    const bare = await fetch(`${server.url}/api/devices/00008101-000A0B0C0D0E0F12?token=${developer.token}`, { method: 'PUT' });
    expect(bare.status).toBe(422);
    expect(await bare.json()).toMatchObject({ error: 'Validation failed: body must be a JSON object', details: { body: ['must be a JSON object'] } });
    expect(await server.database.db.selectFrom('devices').select('id').where('udid', '=', '00008101-000A0B0C0D0E0F12').execute()).toEqual([]);
  });

  it('takes the token as a header or a query parameter too, and a JSON body', async () => {
    const udid = 'abcdefabcdefabcdefabcdefabcdefabcdefabcd';
    const byHeader = await api(server, `/api/devices/${udid}`, { method: 'PUT', token: developer.token, form: { name: 'Header' } });
    expect(byHeader.status).toBe(200);
    const byQuery = await api(server, `/api/devices/${udid}?token=${developer.token}`, { method: 'PUT', json: { name: 'Query', model: 'iPhone 8' } });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({ udid, name: 'Query', model: 'iPhone 8', source: 'sync' });
  });
});

describe('PUT /api/devices/:udid refusals: nothing stored, never a 500', () => {
  const udid = '00008110-0011223344556677';

  it('answers 401 without a token or with a wrong one', async () => {
    const before = await deviceCount();
    const missing = await fastlaneSync('', { udid, name: 'X', model: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: 'Unauthorized user token' });
    const wrong = await fastlaneSync('not-a-real-token', { udid, name: 'X', model: null });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'Unauthorized user token' });
    expect(await deviceCount()).toBe(before);
  });

  it('answers 403 to a member, whatever the UDID or body', async () => {
    const before = await deviceCount();
    for (const path of [udid, 'not-a-udid']) {
      const res = await fastlaneSync(member.token, { udid: path, name: 'Mine', model: 'x'.repeat(2000) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'Only developers and administrators can sync devices' });
    }
    expect(await deviceCount()).toBe(before);
  });

  it('answers 422 for a UDID that is not in one of Apple\'s forms', async () => {
    const before = await deviceCount();
    for (const bad of [
      'not-a-udid',
      '0'.repeat(39),
      '0'.repeat(41),
      'g'.repeat(40),
      '00008110_0011223344556677',
      '00008110-00112233445566',
      '12345678-1234-1234-1234-123456789AB',
      '%E6%B5%8B%E8%AF%95',
      '..%2F..%2Fetc',
      '%20' + udid,
    ]) {
      const res = await fastlaneSync(developer.token, { udid: bad, name: 'X', model: null });
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.body.details), bad).toEqual(['udid']);
    }
    const long = await fastlaneSync(developer.token, { udid: 'a'.repeat(65), name: 'X', model: null });
    expect(long.status).toBe(422);
    expect(long.body.details).toEqual({ udid: ['is too long (maximum is 64 characters)'] });
    expect(await deviceCount()).toBe(before);
  });

  it('answers 422 for hostile fields, naming each', async () => {
    const before = await deviceCount();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ name: 'x'.repeat(256) }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ name: 'a\u0007b' }, { name: ['cannot contain control characters'] }],
      [{ name: 'a\u0000b' }, { name: ['must not contain a NUL character (\\u0000)'] }],
      [{ model: 'm'.repeat(256) }, { model: ['is too long (maximum is 255 characters)'] }],
      [{ model: 'x'.repeat(1025) }, { model: ['is too long (maximum is 1024 characters)'] }],
      [{ platform: 'i OS' }, { platform: ['"i OS" is not one of Apple\'s platform values, such as IOS or MAC_OS'] }],
      [{ status: 'ENABLED; DROP TABLE devices' }, { status: ['"ENABLED; DROP TABLE devices" is not one of Apple\'s status values, such as ENABLED or DISABLED'] }],
      [
        { name: 'n'.repeat(300), platform: '🙂' },
        { name: ['is too long (maximum is 255 characters)'], platform: ['"🙂" is not one of Apple\'s platform values, such as IOS or MAC_OS'] },
      ],
    ];
    for (const [fields, details] of cases) {
      const { name = null, model = null, ...extra } = fields;
      const res = await fastlaneSync(developer.token, { udid, name, model }, extra);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.details).toEqual(details);
    }
    // A repeated key (an array) and a JSON value of the wrong type.
    const repeated = await fetch(`${server.url}/api/devices/${udid}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `name=a&name=b&token=${developer.token}`,
    });
    expect(repeated.status).toBe(422);
    const typed = await api(server, `/api/devices/${udid}`, { method: 'PUT', token: developer.token, json: { name: { first: 'A' }, status: ['ENABLED', 'DISABLED'] } });
    expect(typed.status).toBe(422);
    const array = await api(server, `/api/devices/${udid}`, { method: 'PUT', token: developer.token, json: [] });
    expect(array.status).toBe(422);
    const broken = await api(server, `/api/devices/${udid}`, { method: 'PUT', token: developer.token, raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await deviceCount()).toBe(before);
    expect(server.logs.join('')).not.toContain('"level":50');
  });
});

describe('devices an uploaded build lists', () => {
  const IPHONE_IPA = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/iphone.ipa');
  const ANDROID_APK = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk');

  async function profileUdids(): Promise<string[]> {
    const info = await inspect(IPHONE_IPA);
    if (info.format !== 'ipa') throw new Error(`iphone.ipa parsed as ${info.format}`);
    return info.details.provisioningProfile!.devices;
  }

  async function sources(): Promise<Map<string, string>> {
    const rows = await server.database.db.selectFrom('devices').select(['udid', 'source']).execute();
    return new Map(rows.map((row) => [row.udid.toLowerCase(), row.source]));
  }

  it("joins the device list with source profile when an iOS build is uploaded, as in Zealot; a synced device stays synced, and an Android build adds none", async () => {
    const udids = await profileUdids();
    expect(udids).toHaveLength(100);
    const synced = udids[0]!;
    expect((await fastlaneSync(developer.token, { udid: synced, name: 'Already synced', model: 'iPhone 7' })).status).toBe(200);
    const channel = await newApp(server, { ownerId: developer.id, deviceType: 'ios', bundleId: '*' });
    await uploadBuild(server, developer.token, channel.key, readFileSync(IPHONE_IPA), 'iphone.ipa');

    const stored = await sources();
    for (const udid of udids) expect(stored.get(udid.toLowerCase()), udid).toBe(udid === synced ? 'sync' : 'profile');
    const shown = await api<Record<string, unknown>[]>(server, `/api/devices?q=${udids[1]!.slice(0, 12)}`, { token: member.token });
    expect(shown.body).toEqual([expect.objectContaining({ udid: expect.any(String), source: 'profile', name: null })]);

    // The same build again, and an Android build: nothing new.
    const count = await deviceCount();
    await uploadBuild(server, developer.token, channel.key, readFileSync(IPHONE_IPA), 'iphone.ipa');
    const android = await newApp(server, { ownerId: developer.id, deviceType: 'android', bundleId: '*' });
    await uploadBuild(server, developer.token, android.key, readFileSync(ANDROID_APK), 'android.apk');
    expect(await deviceCount()).toBe(count);
  });
});
