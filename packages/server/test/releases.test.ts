// One release after its upload: any collaborator reads it (with the channel key only for
// developers and admins); the app's developers and admins edit and delete it, other
// collaborators get 403, people outside the app 404 (so release ids cannot be probed); an
// archived app's releases do not change (409). An edit takes Zealot's fields as JSON, a form
// or multipart fields, parses changelog and custom fields like the upload, and keeps the
// version key in step with the versions. A delete removes the row, then the package and icon.
// The icon endpoint serves the PNG made from the package's icon.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionKey } from '../src/modules/versions/fns.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const IPA = readFileSync(path.join(FIXTURES, 'iphone.ipa'));

let server: TestServer;
let owner: TestUser;
let developer: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE });
  owner = await server.newUser({ role: 'developer' });
  developer = await server.newUser({ role: 'member' });
  member = await server.newUser({ role: 'member' });
  outsider = await server.newUser({ role: 'developer' });
  admin = await server.newUser({ role: 'admin' });
});
afterAll(() => server.close());

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const NOT_FOUND = { error: 'Record not found' };
const MISSING_ID = 2147483647;

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

/** An app whose team is the owner (admin), a developer and a member, with one android channel. */
async function team(): Promise<TestChannel> {
  const tc = await newApp(server, { ownerId: owner.id });
  await addCollaborator(server, tc.appId, developer.id, 'developer');
  await addCollaborator(server, tc.appId, member.id, 'member');
  return tc;
}

/** Uploads a fixture through the API; answers the release id. */
async function uploaded(tc: TestChannel, file: Buffer = APK, fields: Record<string, string> = {}): Promise<number> {
  const form = new FormData();
  form.append('token', owner.token);
  form.append('channel_key', tc.key);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), file === IPA ? 'iphone.ipa' : 'android.apk');
  const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
  const body = (await response.json()) as { id: number };
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** The whole JSON of an apk release uploaded by uploaded() into a team() channel, before any edit. */
function apkJson(id: number, tc: TestChannel, withKey: boolean, overrides: Record<string, unknown> = {}) {
  return {
    id,
    version: expect.any(Number),
    app_name: 'Demo Beta Android',
    bundle_id: 'com.icyleaf.appinfodemo',
    release_version: '2.1.0',
    build_version: '10',
    release_type: null,
    source: 'api',
    branch: null,
    git_commit: null,
    ci_url: null,
    size: APK.length,
    platform: 'Android',
    device_type: 'phone',
    format: 'apk',
    min_os_version: '14',
    checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
    file_name: 'android.apk',
    icon_url: `${BASE}/${tc.slug}/${id}/icon.png`,
    install_url: `${BASE}/${tc.slug}/${id}/download`,
    download_url: `${BASE}/${tc.slug}/${id}/download`,
    release_url: `${BASE}/${tc.slug}/${id}`,
    qrcode_url: `${BASE}/channels/${tc.slug}/releases/${id}/qrcode`,
    changelog: [],
    text_changelog: '',
    custom_fields: [],
    download_count: 0,
    install_count: 0,
    created_at: ISO_TIME,
    app: { id: tc.appId, name: 'Demo' },
    scheme: { id: tc.schemeId, name: 'Beta', new_build_callout: true, retained_builds: 0 },
    channel: {
      id: tc.channelId,
      slug: tc.slug,
      name: 'Android',
      device_type: 'android',
      bundle_id: '*',
      git_url: null,
      has_password: false,
      ...(withKey ? { key: tc.key } : {}),
      download_filename_type: 'version_datetime',
    },
    custom_fields_view: { kind: 'none' },
    install_problems: [],
    metadata: expect.objectContaining({ format: 'apk', bundle_id: 'com.icyleaf.appinfodemo', details: expect.objectContaining({ min_sdk: 14 }) }),
    ...overrides,
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function archive(tc: TestChannel): Promise<void> {
  await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', tc.appId).execute();
}

describe('GET /api/releases/:id', () => {
  let tc: TestChannel;
  let id: number;
  beforeAll(async () => {
    tc = await team();
    id = await uploaded(tc);
  });

  it('answers 401 without a token', async () => {
    const res = await api(server, `/api/releases/${id}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it("answers 404 to someone outside the app, as for a release that does not exist", async () => {
    for (const path of [`/api/releases/${id}`, `/api/releases/${MISSING_ID}`]) {
      const res = await api(server, path, { token: outsider.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    }
  });

  it('answers 422 to an id that is not a number', async () => {
    const res = await api(server, '/api/releases/abc', { token: owner.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ id: ['must be a whole number'] }));
  });

  it('shows a collaborator member the release without the channel key', async () => {
    const res = await api(server, `/api/releases/${id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(apkJson(id, tc, false, { version: 1 }));
  });

  it('shows developers and global admins the channel key', async () => {
    for (const user of [developer, admin]) {
      const res = await api(server, `/api/releases/${id}?token=${user.token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(apkJson(id, tc, true, { version: 1 }));
    }
  });
});

describe('PUT /api/releases/:id', () => {
  let tc: TestChannel;
  let id: number;
  beforeAll(async () => {
    tc = await team();
    id = await uploaded(tc, APK, { branch: 'main', changelog: 'Initial' });
  });

  it('answers 401 without a token', async () => {
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', json: { release_type: 'beta' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 404 to someone outside the app', async () => {
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', token: outsider.token, json: { release_type: 'beta' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });

  it('answers 403 to a collaborator member', async () => {
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', token: member.token, json: { release_type: 'beta' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "Only the app's developers and administrators can edit releases" });
  });

  it('answers 422 per field for input that breaks the rules', async () => {
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', token: developer.token, json: { release_type: 'x'.repeat(65), build_version: 'y'.repeat(256) } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ build_version: ['is too long (maximum is 255 characters)'], release_type: ['is too long (maximum is 64 characters)'] }));

    const parsed = await api(server, `/api/releases/${id}`, {
      method: 'PUT',
      token: developer.token,
      json: { changelog: [{ author: 'nobody' }], custom_fields: '{not json' },
    });
    expect(parsed.status).toBe(422);
    expect(parsed.body.details).toEqual({
      changelog: ['entry 1 has no message: send strings or objects like {"message": "…", "author": "…"}'],
      custom_fields: [expect.stringMatching(/^is not valid JSON/)],
    });
  });

  type BlankCase = [string, Parameters<typeof api>[2], Record<string, string[]>];
  // Zealot's Release model requires release_version and build_version: clearing Version in the
  // edit form used to store "" and leave a build without a version.
  it.each([
    ['JSON', { json: { release_version: '' } }, { release_version: ["can't be blank"] }],
    ['JSON, blank text', { json: { release_version: '  ', build_version: '\t' } }, { release_version: ["can't be blank"], build_version: ["can't be blank"] }],
    ['a form', { form: { build_version: '' } }, { build_version: ["can't be blank"] }],
    ['multipart', { multipart: { release_version: ' ', release_type: 'beta' } }, { release_version: ["can't be blank"] }],
  ] as BlankCase[])('answers 422 naming the field for a blank release_version or build_version (%s), and stores nothing', async (_how, body, details) => {
    const before = await server.database.db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', token: developer.token, ...body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation(details));
    const after = await server.database.db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("changes the fields a developer sends (JSON, Zealot's Python CLI), and the version key with the versions", async () => {
    const res = await api(server, `/api/releases/${id}?token=${developer.token}`, {
      method: 'PUT',
      json: {
        release_version: '3.0.0',
        build_version: '42',
        release_type: 'release',
        source: 'python-script',
        branch: 'origin/release/3.0',
        git_commit: 'deadbeef',
        ci_url: 'https://ci.example.com/7',
        changelog: [{ message: 'Ready', author: 'Ann' }, 'Polish'],
        custom_fields: { Jira: 'APP-7' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      apkJson(id, tc, true, {
        version: 1,
        release_version: '3.0.0',
        build_version: '42',
        release_type: 'release',
        source: 'python-script',
        branch: 'release/3.0',
        git_commit: 'deadbeef',
        ci_url: 'https://ci.example.com/7',
        changelog: [{ message: 'Ready', author: 'Ann' }, { message: 'Polish' }],
        text_changelog: '- Ready\n- Polish',
        custom_fields: { Jira: 'APP-7' },
        custom_fields_view: { kind: 'json', text: '{\n  "Jira": "APP-7"\n}' },
      }),
    );
    const row = await server.database.db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.version_key).toBe(versionKey('3.0.0', '42'));

    const buildOnly = await api(server, `/api/releases/${id}`, { method: 'PUT', token: developer.token, json: { build_version: '43' } });
    expect(buildOnly.body).toMatchObject({ release_version: '3.0.0', build_version: '43', branch: 'release/3.0' });
    const after = await server.database.db.selectFrom('releases').select('version_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.version_key).toBe(versionKey('3.0.0', '43'));
  });

  it('takes a form with the token as a field; empty text clears a field and puts source back to "api"', async () => {
    const res = await api(server, `/api/releases/${id}`, {
      method: 'PUT',
      form: { token: owner.token, branch: '', source: '', changelog: '- one\n- two', custom_fields: '["[]"]' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ branch: null, source: 'api', changelog: [{ message: 'one' }, { message: 'two' }], custom_fields: ['[]'] });
    expect(res.body).toHaveProperty('custom_fields_view', { kind: 'none' });
  });

  it("answers Zealot's [{icon, name, value}] as stored, and as fields in custom_fields_view (the one rule the pages show)", async () => {
    const fields = [{ icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' }, { name: 'Pipeline', value: 4242 }, { name: 'Note', value: null }];
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', token: owner.token, json: { custom_fields: fields } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ custom_fields: fields });
    const expected = [{ icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' }, { name: 'Pipeline', value: '4242' }, { name: 'Note', value: '' }];
    expect(res.body).toHaveProperty('custom_fields_view', { kind: 'fields', fields: expected });
    const read = await api(server, `/api/releases/${id}`, { token: owner.token });
    expect(read.body).toHaveProperty('custom_fields_view', { kind: 'fields', fields: expected });
  });

  it('takes multipart fields, and lets a global admin edit', async () => {
    const res = await api(server, `/api/releases/${id}`, { method: 'PUT', token: admin.token, multipart: { release_type: 'enterprise', changelog: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ release_type: 'enterprise', changelog: [], text_changelog: '' });
  });

  it('answers 409 when the app is archived', async () => {
    const archived = await team();
    const archivedId = await uploaded(archived);
    await archive(archived);
    const res = await api(server, `/api/releases/${archivedId}`, { method: 'PUT', token: developer.token, json: { release_type: 'beta' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: `App "Demo" is archived and cannot be changed; unarchive it first (DELETE /api/apps/${archived.appId}/archive)` });
  });
});

describe('DELETE /api/releases/:id', () => {
  let tc: TestChannel;
  beforeAll(async () => {
    tc = await team();
  });

  it('answers 401 without a token', async () => {
    const id = await uploaded(tc);
    const res = await api(server, `/api/releases/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 404 to someone outside the app, and 403 to a collaborator member; the release stays', async () => {
    const id = await uploaded(tc);
    const outside = await api(server, `/api/releases/${id}`, { method: 'DELETE', token: outsider.token });
    expect(outside.status).toBe(404);
    expect(outside.body).toMatchObject(NOT_FOUND);
    const inside = await api(server, `/api/releases/${id}`, { method: 'DELETE', token: member.token });
    expect(inside.status).toBe(403);
    expect(inside.body).toMatchObject({ error: "Only the app's developers and administrators can delete releases" });
    expect((await api(server, `/api/releases/${id}`, { token: member.token })).status).toBe(200);
  });

  it('lets a developer delete: the row, then the package and the icon', async () => {
    const id = await uploaded(tc);
    const row = await server.database.db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const storage = path.join(server.dataDir, 'storage');
    expect(await filesUnder(storage)).toEqual(expect.arrayContaining([row.file_key, row.icon_key]));

    const res = await api(server, `/api/releases/${id}`, { method: 'DELETE', token: developer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    expect(await server.database.db.selectFrom('releases').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const left = await filesUnder(storage);
    expect(left).not.toContain(row.file_key);
    expect(left).not.toContain(row.icon_key);

    const again = await api(server, `/api/releases/${id}`, { method: 'DELETE', token: developer.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject(NOT_FOUND);
  });

  it('answers 409 when the app is archived', async () => {
    const archived = await team();
    const id = await uploaded(archived);
    await archive(archived);
    const res = await api(server, `/api/releases/${id}`, { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(409);
  });
});

/** Checks a PNG from its bytes: signature, every chunk's CRC, and image data that inflates to the size the header promises. */
function decodePng(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  let offset = 8;
  const chunks: { type: string; body: Buffer }[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    expect(data.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(crc32(data.subarray(offset + 4, offset + 8 + length)));
    chunks.push({ type, body });
    offset += 12 + length;
  }
  expect(chunks[0]!.type).toBe('IHDR');
  expect(chunks.at(-1)!.type).toBe('IEND');
  const header = chunks[0]!.body;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colourType, , , interlace] = [header[8]!, header[9]!, header[10], header[11], header[12]];
  expect(interlace).toBe(0);
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType]!;
  const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.body)));
  expect(pixels.length).toBe(height * (1 + Math.ceil((width * channels * bitDepth) / 8)));
  return { width, height };
}

describe('GET /api/releases/:id/icon', () => {
  it("answers the package's icon as a valid PNG to the team; its public URL (icon_url) without credentials", async () => {
    const tc = await team();
    const id = await uploaded(tc);
    for (const [url, headers] of [
      [`${server.url}/api/releases/${id}/icon`, { authorization: `Bearer ${owner.token}` }],
      [`${server.url}/${tc.slug}/${id}/icon.png`, {}],
    ] as const) {
      const response = await fetch(url, { headers });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const { width, height } = decodePng(Buffer.from(await response.arrayBuffer()));
      expect(width).toBeGreaterThan(0);
      expect(height).toBeGreaterThan(0);
    }
    // Without credentials the id-only path finds nothing (public-urls.test.ts).
    expect((await api(server, `/api/releases/${id}/icon`)).body).toMatchObject(NOT_FOUND);
  });

  it('answers 404 for a release without an icon and for one that does not exist', async () => {
    const ios = await newApp(server, { ownerId: owner.id, deviceType: 'ios' });
    const id = await uploaded(ios, IPA);
    for (const target of [id, MISSING_ID]) {
      const res = await api(server, `/api/releases/${target}/icon`, { token: owner.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    }
  });

  it('answers 422 to an id that is not a number', async () => {
    const res = await api(server, '/api/releases/abc/icon');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ id: ['must be a whole number'] }));
  });
});
