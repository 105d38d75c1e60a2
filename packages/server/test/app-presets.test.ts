// The preset schemes of a new app: GET /api/apps/presets for whoever may create apps (the new-app
// dialog pre-fills them), POST /api/apps with the schemes the creator chose (absent: the presets;
// [] none; each name checked, no name twice, nothing stored on a refusal), and the preset_schemes
// setting refused field by field so the settings form shows each problem on its box.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let developer: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  developer = await server.newUser({ role: 'developer' });
  member = await server.newUser({ role: 'member' });
});
afterAll(() => server.close());

interface Refusal {
  code: string;
  details: Record<string, string[]>;
  fields: Record<string, { code: string; params?: Record<string, unknown> }[]>;
}
type Created = { id: number; schemes: { name: string; retained_builds: number; channels: { name: string; device_type: string }[] }[] };

const putSettings = (json: Record<string, unknown>) => api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json });
const resetSetting = (key: string) => api(server, `/api/admin/settings/${key}`, { method: 'DELETE', token: admin.token });
const createApp = (json: Record<string, unknown>) => api(server, '/api/apps', { method: 'POST', token: developer.token, json });
const shape = (app: Created) => app.schemes.map((scheme) => [scheme.name, scheme.channels.map((c) => [c.name, c.device_type])]);

async function rowCounts() {
  const { db } = server.database;
  const count = async (table: 'apps' | 'schemes' | 'channels' | 'collaborators') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { apps: await count('apps'), schemes: await count('schemes'), channels: await count('channels'), collaborators: await count('collaborators') };
}

const PRESETS = [
  { scheme: 'Production', channels: [{ name: 'iOS', device_type: 'ios' }, { name: 'Android', device_type: 'android' }] },
  { scheme: 'Beta', channels: [{ name: 'HarmonyOS', device_type: 'harmonyos' }] },
  { scheme: 'Nightly', channels: [] },
];

describe('GET /api/apps/presets', () => {
  it('answers no schemes and 0 retained builds while nothing is set', async () => {
    const res = await api(server, '/api/apps/presets', { token: developer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ schemes: [], retained_builds: 0 });
  });

  it('answers the saved presets in order, in the shape POST /api/apps takes, at once after a change', async () => {
    expect((await putSettings({ preset_schemes: PRESETS, default_retained_builds: 7 })).status).toBe(200);
    try {
      for (const user of [developer, admin]) {
        const res = await api(server, '/api/apps/presets', { token: user.token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          schemes: PRESETS.map((preset) => ({ name: preset.scheme, channels: preset.channels })),
          retained_builds: 7,
        });
      }
    } finally {
      await resetSetting('preset_schemes');
      await resetSetting('default_retained_builds');
    }
  });

  it('refuses a member, who may not create apps (403), and a caller without credentials (401)', async () => {
    const refused = await api(server, '/api/apps/presets', { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Only developers and administrators can create apps' });
    expect((await api(server, '/api/apps/presets')).status).toBe(401);
  });
});

describe('POST /api/apps with chosen schemes', () => {
  it('creates exactly the schemes sent; without schemes the presets; with [] none', async () => {
    expect((await putSettings({ preset_schemes: PRESETS, default_retained_builds: 3 })).status).toBe(200);
    try {
      const chosen = [
        { name: 'Production', channels: [{ name: 'iOS', device_type: 'ios' }] },
        { name: 'Internal', channels: [{ name: 'Windows', device_type: 'windows' }, { name: 'Linux', device_type: 'linux' }] },
      ];
      const own = await createApp({ name: 'Chosen', schemes: chosen });
      expect(own.status).toBe(201);
      expect(shape(own.body as Created)).toEqual([['Production', [['iOS', 'ios']]], ['Internal', [['Windows', 'windows'], ['Linux', 'linux']]]]);
      expect((own.body as Created).schemes.map((scheme) => scheme.retained_builds)).toEqual([3, 3]);
      // Read back: the stored app, not only the answer.
      expect(shape((await api(server, `/api/apps/${(own.body as Created).id}`, { token: developer.token })).body as Created)).toEqual(shape(own.body as Created));

      const preset = await createApp({ name: 'Preset' });
      expect(shape(preset.body as Created)).toEqual(PRESETS.map((p) => [p.scheme, p.channels.map((c) => [c.name, c.device_type])]));
      const none = await createApp({ name: 'None', schemes: [] });
      expect((none.body as Created).schemes).toEqual([]);
      // The same channel name in two schemes is fine.
      const twoSchemes = await createApp({
        name: 'Same channel names',
        schemes: [{ name: 'A', channels: [{ name: 'iOS', device_type: 'ios' }] }, { name: 'B', channels: [{ name: 'iOS', device_type: 'ios' }] }],
      });
      expect(twoSchemes.status).toBe(201);
    } finally {
      await resetSetting('preset_schemes');
      await resetSetting('default_retained_builds');
    }
  });

  it('answers 422 per field for blank, duplicate and too long names, unknown platforms and too many, and stores nothing', async () => {
    const before = await rowCounts();
    const ios = { name: 'iOS', device_type: 'ios' };
    const cases: [unknown, Record<string, string>][] = [
      [[{ name: 'Beta' }, { name: ' beta ' }], { 'schemes.1.name': 'duplicate' }],
      [[{ name: 'Beta', channels: [ios, { name: 'IOS', device_type: 'android' }] }], { 'schemes.0.channels.1.name': 'duplicate' }],
      [[{ name: '   ', channels: [{ name: ' ', device_type: 'ios' }] }], { 'schemes.0.name': 'blank', 'schemes.0.channels.0.name': 'blank' }],
      [[{ name: 'Beta', channels: [{ name: '', device_type: 'ios' }] }], { 'schemes.0.channels.0.name': 'blank' }],
      [[{ name: 'x'.repeat(256) }], { 'schemes.0.name': 'too_long' }],
      [[{ name: 'Beta', channels: [{ name: 'Phone', device_type: 'symbian' }] }], { 'schemes.0.channels.0.device_type': 'one_of' }],
      [[{ name: 'Beta', channels: Array.from({ length: 11 }, (_, i) => ({ name: `C${i}`, device_type: 'ios' })) }], { 'schemes.0.channels': 'too_many_items' }],
      [Array.from({ length: 11 }, (_, i) => ({ name: `S${i}` })), { schemes: 'too_many_items' }],
      // A good first scheme does not get stored when a later one is refused.
      [[{ name: 'Good', channels: [ios] }, { name: 'Bad', channels: [ios, ios] }], { 'schemes.1.channels.1.name': 'duplicate' }],
    ];
    for (const [schemes, expected] of cases) {
      const res = await createApp({ name: 'Refused', schemes });
      expect(res.status, JSON.stringify(schemes).slice(0, 120)).toBe(422);
      const body = res.body as Refusal;
      expect(body.code).toBe('validation.failed');
      const codes = Object.fromEntries(Object.entries(body.fields).map(([field, problems]) => [field, problems[0]!.code]));
      expect(codes).toEqual(expected);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the preset_schemes setting', () => {
  const get = async () => {
    const res = await api(server, '/api/admin/settings', { token: admin.token });
    return (res.body as { settings: { key: string; value: unknown; source: string }[] }).settings.find((s) => s.key === 'preset_schemes')!;
  };

  it.each([
    [[{ scheme: 'Beta', channels: [{ name: 'iOS', device_type: 'toaster' }] }], { 'preset_schemes.0.channels.0.device_type': 'one_of' }],
    [[{ scheme: ' ', channels: [] }], { 'preset_schemes.0.scheme': 'blank' }],
    [[{ scheme: 'x'.repeat(65), channels: [] }], { 'preset_schemes.0.scheme': 'too_long' }],
    [[{ scheme: 'Beta', channels: [] }, { scheme: 'BETA', channels: [] }], { 'preset_schemes.1.scheme': 'duplicate' }],
    [
      [{ scheme: 'Beta', channels: [{ name: 'iOS', device_type: 'ios' }, { name: 'ios', device_type: 'android' }] }],
      { 'preset_schemes.0.channels.1.name': 'duplicate' },
    ],
    [[{ scheme: 'Beta' }], { 'preset_schemes.0.channels': 'required' }],
    [[{ scheme: 'Beta', channels: [], colour: 'red' }], { 'preset_schemes.0': 'unknown_field' }],
    [Array.from({ length: 11 }, (_, i) => ({ scheme: `S${i}`, channels: [] })), { preset_schemes: 'too_many_items' }],
    ['Production', { preset_schemes: 'type' }],
  ])('refuses %j with a 422 on the field inside the value, and saves nothing', async (value, expected) => {
    const res = await putSettings({ preset_schemes: value });
    expect(res.status).toBe(422);
    const body = res.body as Refusal;
    const codes = Object.fromEntries(Object.entries(body.fields).map(([field, problems]) => [field, problems[0]!.code]));
    expect(codes).toEqual(expected);
    expect(await get()).toMatchObject({ value: [], source: 'default' });
  });
});
