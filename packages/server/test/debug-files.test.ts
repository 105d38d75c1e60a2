// Debug files over HTTP, with the real fixtures (../shared/fixtures/debug-files) and dSYMs
// made here by clang, ld64.lld, dsymutil and llvm-lipo: thin and fat, several bundles in one
// zip, bundles inside a folder; and Proguard zips with and without an AndroidManifest.xml.
// Covered: who may upload, list, read, delete and download (the team by role, outsiders 404,
// channel keys for Zealot's public calls); the kind read from the content, and a 422 that says
// what a zip holds when it is neither; versions from the fields or the file; the same zip for
// the same versions answered with the stored file, a known UUID in another zip stored anew
// (keep_both ignored); the link to the build with the same versions; the
// download order rules (versions compare as versions, not as text); the stored zip served only
// to the team or through a signed link that expires; and that a failed upload leaves no row,
// no stored file and no temporary file.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollaboratorsRepository } from '../src/modules/collaborators/repository.ts';
import { createDownloadSigner } from '../src/modules/debug-files/fns.ts';
import { createDebugFilesRepository } from '../src/modules/debug-files/repository.ts';
import { createDebugFilesService } from '../src/modules/debug-files/service.ts';
import { createReleasesRepository } from '../src/modules/releases/repository.ts';
import { TOKEN_FIRST } from '../src/modules/uploads/keyed-upload.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { DSYM_FIXTURE, FIXTURES, PROGUARD_FIXTURE, dsymBundle, dsymPlist, dsymWorkshop, makeZip, uploadDebugFile } from './helpers/debug-files.ts';
import type { Dwarf } from './helpers/debug-files.ts';
import { ISO_TIME, api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const FIXTURE_UUID = 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5';
const PROGUARD_DEBUG_ID = '0a1f3400-8261-513d-88b7-2de2de6d4cae';
const PROGUARD_ZEALOT_ID = '81384aeb-4837-5f73-a771-417b4399a483';
const dsymZip = readFileSync(DSYM_FIXTURE);
const proguardZip = readFileSync(PROGUARD_FIXTURE);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let server: TestServer;
let owner: TestUser;
let developer: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;
let ios: TestChannel;
let android: { id: number; key: string };
let workshop: ReturnType<typeof dsymWorkshop>;
const dwarf: Record<string, Dwarf> = {};

beforeAll(async () => {
  server = await startServer();
  owner = await server.newUser({ role: 'developer' });
  developer = await server.newUser();
  member = await server.newUser();
  outsider = await server.newUser({ role: 'developer' });
  admin = await server.newUser({ role: 'admin' });
  ios = await newApp(server, { name: 'Demo', ownerId: owner.id, channel: 'iOS', deviceType: 'ios' });
  await addCollaborator(server, ios.appId, developer.id, 'developer');
  await addCollaborator(server, ios.appId, member.id, 'member');
  const created = await api(server, `/api/schemes/${ios.schemeId}/channels`, { method: 'POST', token: owner.token, json: { name: 'Android', device_type: 'android' } });
  expect(created.status, created.text).toBe(201);
  android = { id: created.body.id, key: created.body.key };

  workshop = dsymWorkshop();
  dwarf.PhoneApp = workshop.build('PhoneApp', ['x86_64', 'arm64']);
  dwarf.PhoneWidget = workshop.build('PhoneWidget');
  dwarf.Other = workshop.build('Other');
}, 60_000);

afterAll(async () => {
  workshop?.close();
  await server?.close();
});

const upload = (fields: Record<string, string | undefined>, file: { data: Buffer; name: string } | null, token = owner.token) =>
  uploadDebugFile(server, { token, ...fields }, file);
const fixtureDsym = { data: dsymZip, name: 'ios-dsym-single.zip' };
const fixtureProguard = { data: proguardZip, name: 'android-proguard-mapping.zip' };

async function rowCount(): Promise<number> {
  const row = await server.database.db.selectFrom('debug_files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every stored debug file zip, as keys. */
function storedKeys(): string[] {
  const root = path.join(server.dataDir, 'storage', 'debug-files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(server.dataDir, 'storage'), path.join(entry.parentPath, entry.name)))
    .sort();
}

function tempFiles(): string[] {
  const dir = path.join(server.dataDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** Asserts the failure left nothing: same rows, same stored files, no temporary file. */
async function expectNothingLeft(before: { rows: number; keys: string[] }) {
  expect(await rowCount()).toBe(before.rows);
  expect(storedKeys()).toEqual(before.keys);
  expect(tempFiles()).toEqual([]);
}

async function snapshot() {
  return { rows: await rowCount(), keys: storedKeys() };
}

function expectedFixtureJson(overrides: Record<string, unknown> = {}) {
  return {
    id: expect.any(Number),
    app_id: ios.appId,
    app_name: 'Demo',
    device_type: 'ios',
    category: 'dSYM',
    release_version: '1.0',
    build_version: '1',
    name: 'iOS',
    bundle_id: 'com.icyleaf.iOS',
    archs: ['arm64'],
    uuids: [FIXTURE_UUID],
    file_name: 'ios-dsym-single.zip',
    file_url: expect.stringMatching(new RegExp(`^${server.url}/download/debug_files/\\d+/Demo_ios_1\\.0_1_ios-dsym-single\\.zip\\?expires=\\d+&signature=[\\w-]{43}$`)),
    file_size: dsymZip.length,
    checksum: sha256(dsymZip),
    created_at: ISO_TIME,
    channel: { id: ios.channelId, name: 'iOS', slug: ios.slug },
    release: null,
    uploader: { id: owner.id, username: owner.username },
    metadata: [
      {
        id: expect.any(Number),
        category: 'dSYM',
        uuid: FIXTURE_UUID,
        created_at: ISO_TIME,
        size: 866911,
        name: 'iOS',
        bundle_id: 'com.icyleaf.iOS',
        bundle_name: 'ios.DSYM',
        arch: 'arm64',
        extension: false,
      },
    ],
    permissions: { delete: true },
    ...overrides,
  };
}

let fixtureId: number;
let proguardId: number;

describe('POST /api/debug_files/upload', () => {
  it('refuses a caller without a token (401), before storing anything', async () => {
    const before = await snapshot();
    const res = await uploadDebugFile(server, { channel_key: ios.key }, fixtureDsym);
    expect([res.status, res.body]).toMatchObject([401, { error: TOKEN_FIRST }]);
    await expectNothingLeft(before);
  });

  it('refuses an unknown channel key with 401, an outsider with 404 and a member with 403', async () => {
    const before = await snapshot();
    const unknown = await upload({ channel_key: 'not-a-key' }, fixtureDsym);
    expect([unknown.status, unknown.body]).toMatchObject([401, { error: 'Unauthorized channel key' }]);
    const stranger = await upload({ channel_key: ios.key }, fixtureDsym, outsider.token);
    expect([stranger.status, stranger.body]).toMatchObject([404, { error: 'Record not found' }]);
    const reader = await upload({ channel_key: ios.key }, fixtureDsym, member.token);
    expect([reader.status, reader.body]).toMatchObject([403, { error: "Only the app's developers and administrators can upload debug files" }]);
    await expectNothingLeft(before);
  });

  it("refuses a locked user's token field (403) and an unknown token field (401), before storing anything", async () => {
    const before = await snapshot();
    const locked = await server.newUser({ role: 'developer', locked: true });
    const lockedRes = await upload({ channel_key: ios.key }, fixtureDsym, locked.token);
    expect([lockedRes.status, lockedRes.body]).toMatchObject([403, { error: 'This account is locked; ask an administrator to unlock it' }]);
    const unknown = await upload({ channel_key: ios.key }, fixtureDsym, 'not-a-token');
    expect([unknown.status, unknown.body]).toMatchObject([401, { error: 'Unauthorized user token' }]);
    await expectNothingLeft(before);
  });

  it('needs a channel key and a file (422 per field)', async () => {
    const before = await snapshot();
    const noKey = await upload({ channel_key: '' }, fixtureDsym);
    expect(noKey.status).toBe(422);
    expect(noKey.body.details.channel_key[0]).toMatch(/^is required/);
    const noFile = await upload({ channel_key: ios.key }, null);
    expect(noFile.status).toBe(422);
    expect(noFile.body.details.file[0]).toMatch(/^is required: send the package as a multipart\/form-data file part named "file"; send a zip of the \.dSYM folders/);
    await expectNothingLeft(before);
  });

  it('stores the dSYM fixture as fastlane sends it (empty version parts: read from the dSYM)', async () => {
    const res = await upload({ channel_key: ios.key, release_version: '', build_version: '' }, fixtureDsym);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual(expectedFixtureJson());
    fixtureId = res.body.id;
    expect(storedKeys()).toEqual([expect.stringMatching(/^debug-files\/[0-9a-f-]{36}\/ios-dsym-single\.zip$/)]);
    expect(tempFiles()).toEqual([]);
  });

  it('answers the same zip for the same versions with the stored file, storing nothing; keep_both changes nothing', async () => {
    const before = await snapshot();
    const first = await api(server, `/api/debug_files/${fixtureId}`, { token: owner.token });
    for (const fields of [{}, { keep_both: 'true' }, { release_version: '1.0', build_version: '1' }]) {
      const again = await upload({ channel_key: ios.key, ...fields }, fixtureDsym);
      expect(again.status, again.text).toBe(201);
      expect({ ...again.body, file_url: undefined }).toEqual({ ...first.body, file_url: undefined });
      await expectNothingLeft(before);
    }
  });

  it('answers the stored file when an identical upload finished while this one was being stored, and removes its copy', async () => {
    // The race, made certain: the check before storing misses the file (as when both uploads
    // checked before either wrote), the check inside the write transaction finds it.
    const { db, engine } = server.database;
    const repository = createDebugFilesRepository(db, engine);
    const service = createDebugFilesService({
      debugFilesRepository: {
        ...repository,
        findIdentical: (same, executor, lock) => (lock ? repository.findIdentical(same, executor, lock) : Promise.resolve(undefined)),
      },
      releasesRepository: createReleasesRepository(db, engine),
      collaboratorsRepository: createCollaboratorsRepository(db, engine),
      storage: server.services.storage,
      signer: createDownloadSigner(server.config.secretKey),
      clock: server.services.clock,
    });
    const before = await snapshot();
    const temp = path.join(server.dataDir, 'tmp', 'raced-upload');
    copyFileSync(DSYM_FIXTURE, temp);
    const answer = await service.upload({
      actor: { userId: owner.id, role: 'developer' },
      fields: { channelKey: ios.key },
      file: { path: temp, size: dsymZip.length, sha256: sha256(dsymZip), filename: 'ios-dsym-single.zip' },
    });
    expect([answer.existing, answer.file.id]).toEqual([true, fixtureId]);
    // The copy stored for it is gone again (the temporary file was moved into storage).
    await expectNothingLeft(before);
  });

  it('stores the same zip sent with the key of another platform as a new file (a dSYM for iOS and for macOS)', async () => {
    const created = await api(server, `/api/schemes/${ios.schemeId}/channels`, { method: 'POST', token: owner.token, json: { name: 'Mac', device_type: 'macos' } });
    expect(created.status, created.text).toBe(201);
    const before = await snapshot();
    const mac = await upload({ channel_key: created.body.key }, fixtureDsym);
    expect(mac.status, mac.text).toBe(201);
    expect([mac.body.id === fixtureId, mac.body.device_type]).toEqual([false, 'macos']);
    expect(await rowCount()).toBe(before.rows + 1);
    const again = await upload({ channel_key: created.body.key }, fixtureDsym);
    expect(again.body.id).toBe(mac.body.id);
    // The later tests count on one file of 1.0 (1).
    expect((await api(server, `/api/debug_files/${mac.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(server, `/api/channels/${created.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    await expectNothingLeft(before);
  });

  it('stores a zip holding a UUID the app already has as a new file; the UUID then finds both, newest first', async () => {
    const dup = workshop.build('Dup');
    const first = await upload({ channel_key: ios.key }, { data: makeZip(dsymBundle('Dup.app.dSYM', 'Dup', dup, dsymPlist('com.example.Dup', '1.1', '11'))), name: 'dup.zip' });
    expect(first.status, first.text).toBe(201);
    const before = await snapshot();
    const mixed = makeZip([
      ...dsymBundle('Extra.app.dSYM', 'Extra', workshop.build('Extra'), dsymPlist('com.example.Extra', '1.0', '1')),
      ...dsymBundle('Frameworks/Dup.framework.dSYM', 'Dup', dup, null),
    ]);
    const res = await upload({ channel_key: ios.key }, { data: mixed, name: 'mixed.zip' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.uuids).toContain(dup.slices[0]!.uuid);
    expect(await rowCount()).toBe(before.rows + 1);
    expect(storedKeys()).toHaveLength(before.keys.length + 1);
    const found = await api(server, `/api/debug_files/uuid/${dup.slices[0]!.uuid}`, { token: owner.token });
    expect([found.status, (found.body as { id: number }[]).map((file) => file.id)]).toEqual([200, [res.body.id, first.body.id]]);
    expect(found.headers.get('x-total-count')).toBe('2');
    const page = await api(server, `/api/debug_files/uuid/${dup.slices[0]!.uuid}?per_page=1&page=2`, { token: owner.token });
    expect((page.body as { id: number }[]).map((file) => file.id)).toEqual([first.body.id]);
    // The later tests count on one file of 1.0 (1).
    expect((await api(server, `/api/debug_files/${res.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
  });

  it('reads several bundles in one zip, inside a folder, with fat objects: every slice with the UUID llvm-dwarfdump prints', async () => {
    const zip = makeZip([
      ...dsymBundle('Build/dSYMs/PhoneWidget.appex.dSYM', 'PhoneWidget', dwarf.PhoneWidget!, dsymPlist('com.example.PhoneApp.widget', '4.5', '450')),
      ...dsymBundle('Build/dSYMs/PhoneApp.app.dSYM', 'PhoneApp', dwarf.PhoneApp!, dsymPlist('com.example.PhoneApp', '4.5', '450')),
    ]);
    const res = await upload({ channel_key: ios.key }, { data: zip, name: 'PhoneApp.app.dSYM.zip' });
    expect(res.status, res.text).toBe(201);
    const app = dwarf.PhoneApp!.slices;
    const widget = dwarf.PhoneWidget!.slices;
    expect(app.map((s) => s.arch).sort()).toEqual(['arm64', 'x86_64']);
    expect(res.body).toMatchObject({
      category: 'dSYM',
      release_version: '4.5',
      build_version: '450',
      name: 'PhoneApp',
      bundle_id: 'com.example.PhoneApp',
      archs: [...new Set([...widget, ...app].map((s) => s.arch))],
      uuids: [...widget, ...app].map((s) => s.uuid),
    });
    expect((res.body.metadata as Record<string, unknown>[]).map((m) => [
      m.name,
      m.arch,
      m.uuid,
      m.bundle_id,
      m.bundle_name,
      m.extension,
    ])).toEqual([
      ...widget.map((s) => ['PhoneWidget', s.arch, s.uuid, 'com.example.PhoneApp.widget', 'PhoneWidget.appex.dSYM', true]),
      ...app.map((s) => ['PhoneApp', s.arch, s.uuid, 'com.example.PhoneApp', 'PhoneApp.app.dSYM', false]),
    ]);
  });

  it('takes the versions sent over the ones in the dSYM', async () => {
    const zip = makeZip(dsymBundle('Other.app.dSYM', 'Other', dwarf.Other!, dsymPlist('com.example.Other', '1.0', '1')));
    const res = await upload({ channel_key: ios.key, release_version: '7.0', build_version: '70' }, { data: zip, name: 'Other.zip' });
    expect(res.status, res.text).toBe(201);
    expect([res.body.release_version, res.body.build_version]).toEqual(['7.0', '70']);
  });

  it('stores a Proguard mapping with the versions sent, and both of its ids', async () => {
    const without = await upload({ channel_key: android.key, release_version: '', build_version: '' }, fixtureProguard);
    expect(without.status).toBe(422);
    const needed = 'is required for a Proguard mapping: send the versionName (release_version) and versionCode (build_version) of the build it belongs to (the zip has no AndroidManifest.xml to read them from)';
    expect(without.body.details).toEqual({ release_version: [needed], build_version: [needed] });

    const res = await upload({ channel_key: android.key, release_version: '2.1.0', build_version: '10' }, fixtureProguard);
    expect(res.status, res.text).toBe(201);
    proguardId = res.body.id;
    expect(res.body).toEqual({
      id: expect.any(Number),
      app_id: ios.appId,
      app_name: 'Demo',
      device_type: 'android',
      category: 'Proguard',
      release_version: '2.1.0',
      build_version: '10',
      name: null,
      bundle_id: null,
      archs: [],
      uuids: [PROGUARD_DEBUG_ID, PROGUARD_ZEALOT_ID],
      file_name: 'android-proguard-mapping.zip',
      file_url: expect.stringMatching(/\/download\/debug_files\/\d+\/Demo_android_2\.1\.0_10_android-proguard-mapping\.zip\?expires=\d+&signature=/),
      file_size: proguardZip.length,
      checksum: sha256(proguardZip),
      created_at: ISO_TIME,
      channel: { id: android.id, name: 'Android', slug: expect.any(String) },
      release: null,
      uploader: { id: owner.id, username: owner.username },
      metadata: [
        {
          id: expect.any(Number),
          category: 'Proguard',
          uuid: PROGUARD_DEBUG_ID,
          created_at: ISO_TIME,
          size: expect.any(Number),
          package_name: null,
          zealot_uuid: PROGUARD_ZEALOT_ID,
          files: [{ name: 'mapping.txt', size: res.body.metadata[0].size }],
        },
      ],
      permissions: { delete: true },
    });
    const again = await upload({ channel_key: android.key, release_version: '2.1.0', build_version: '10' }, fixtureProguard);
    expect([again.status, again.body.id]).toEqual([201, proguardId]);
  });

  it('reads the package and versions of a Proguard zip from its AndroidManifest.xml', async () => {
    const manifest = '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.demo" android:versionCode="42" android:versionName="3.2.1"><application/></manifest>\n';
    const zip = makeZip([
      { name: 'outputs/mapping/release/', data: '' },
      { name: 'outputs/mapping/release/mapping.txt', data: 'com.example.demo.MainActivity -> a.a:\n    void onCreate(android.os.Bundle) -> a\n' },
      { name: 'outputs/mapping/release/AndroidManifest.xml', data: manifest },
      { name: 'outputs/mapping/release/R.txt', data: 'int string app_name 0x7f0e001b\n' },
    ]);
    const res = await upload({ channel_key: android.key }, { data: zip, name: 'mapping.zip' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ release_version: '3.2.1', build_version: '42', name: 'com.example.demo', bundle_id: 'com.example.demo' });
    expect(res.body.metadata[0]).toMatchObject({ category: 'Proguard', package_name: 'com.example.demo' });
    expect((res.body.metadata[0].files as { name: string }[]).map((f) => f.name)).toEqual([
      'outputs/mapping/release/mapping.txt',
      'outputs/mapping/release/AndroidManifest.xml',
      'outputs/mapping/release/R.txt',
    ]);
  });

  it('refuses a debug file for another platform than the channel, and a bundle id the channel does not take', async () => {
    const before = await snapshot();
    const dsymToAndroid = await upload({ channel_key: android.key, keep_both: 'true' }, fixtureDsym);
    expect(dsymToAndroid.status).toBe(422);
    expect(dsymToAndroid.body.details.file).toEqual([
      'is a dSYM (Apple debug symbols), but channel "Android" takes Android builds: upload it with the key of the app\'s iOS or macOS channel',
    ]);
    const proguardToIos = await upload({ channel_key: ios.key, release_version: '1', build_version: '1', keep_both: 'true' }, fixtureProguard);
    expect(proguardToIos.status).toBe(422);
    expect(proguardToIos.body.details.file).toEqual(['is a Proguard mapping (Android), but channel "iOS" takes iOS builds: upload it with the key of the app\'s Android channel']);
    const strict = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'Strict', bundleId: 'com.example.strict' });
    const other = await upload({ channel_key: strict.key }, fixtureDsym);
    expect(other.status).toBe(422);
    expect(other.body.details.file).toEqual(['is for bundle id "com.icyleaf.iOS", but channel "Strict" takes only bundle id "com.example.strict"']);
    await expectNothingLeft(before);
  });

  it('says what a zip holds when it is neither a dSYM nor a Proguard mapping, and refuses bad and empty zips (422, nothing kept)', async () => {
    const before = await snapshot();
    const cases: [string, Buffer, RegExp][] = [
      [
        'other.zip',
        makeZip([
          { name: 'README.txt', data: 'hello' },
          { name: 'images/logo.png', data: 'not really a png' },
        ]),
        /^is a zip archive, but neither a dSYM \(no X\.dSYM\/Contents\/Resources\/DWARF\/<object> inside\) nor a Proguard mapping \(no mapping\.txt inside\): it holds 2 entries such as "README\.txt", "images\/logo\.png"; send a zip of the \.dSYM folders/,
      ],
      ['empty.zip', makeZip([]), /^is a zip archive, but neither a dSYM .*: it is empty; send a zip/],
      ['empty-file.zip', Buffer.alloc(0), /^empty_file: The file is empty \(0 bytes\)$/],
      ['notes.zip', Buffer.from('these are not symbols\n'), /^is not a zip archive \(it starts with bytes 74 68 65 73 65 20 61 72\): debug files are uploaded as zips; send a zip/],
      ['truncated.zip', dsymZip.subarray(0, 200_000), /^(corrupt_zip|truncated): /],
      ['no-dwarf.zip', makeZip([{ name: 'App.app.dSYM/Contents/Info.plist', data: dsymPlist('com.example.App', '1', '1') }]), /^missing_entry: The dSYM bundle "App\.app\.dSYM" holds no Contents\/Resources\/DWARF\/<object> file/],
      ['app.apk', readFileSync(path.join(FIXTURES, 'apps', 'android.apk')), /^is an Android app \(apk\), not a debug file \(builds go to POST \/api\/apps\/upload\): send a zip/],
    ];
    for (const [name, data, message] of cases) {
      const res = await upload({ channel_key: ios.key, keep_both: 'true' }, { data, name });
      expect([name, res.status], res.text).toEqual([name, 422]);
      expect(res.body.details.file, name).toHaveLength(1);
      expect(res.body.details.file[0], name).toMatch(message);
    }
    await expectNothingLeft(before);
  });

  it('removes the stored zip when the database refuses the rows (no row, no file, no temporary file)', async () => {
    // A real failure inside the write transaction: a trigger refuses the entries, after the
    // file row is written and the zip is in storage.
    const { db } = server.database;
    if (server.database.engine === 'sqlite') {
      await sql`create trigger refuse_entries before insert on debug_file_entries begin select raise(abort, 'refused by test'); end`.execute(db);
    } else {
      await sql`create function refuse_entries() returns trigger as $$ begin raise exception 'refused by test'; end $$ language plpgsql`.execute(db);
      await sql`create trigger refuse_entries before insert on debug_file_entries for each row execute function refuse_entries()`.execute(db);
    }
    try {
      const before = await snapshot();
      const zip = makeZip(dsymBundle('Refused.app.dSYM', 'Refused', workshop.build('Refused'), dsymPlist('com.example.Refused', '1', '1')));
      const res = await upload({ channel_key: ios.key }, { data: zip, name: 'refused.zip' });
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('refused by test');
      await expectNothingLeft(before);
    } finally {
      await sql`drop trigger refuse_entries${sql.raw(server.database.engine === 'sqlite' ? '' : ' on debug_file_entries')}`.execute(db);
      if (server.database.engine !== 'sqlite') await sql`drop function refuse_entries()`.execute(db);
    }
  });

  it('answers 413 to a zip over TARMAC_MAX_UPLOAD_BYTES, and keeps nothing', async () => {
    const small = await startServer({ TARMAC_MAX_UPLOAD_BYTES: '100000' });
    try {
      const user = await small.newUser({ role: 'developer' });
      const channel = await newApp(small, { ownerId: user.id, deviceType: 'ios' });
      const res = await uploadDebugFile(small, { token: user.token, channel_key: channel.key }, fixtureDsym);
      expect([res.status, res.body]).toMatchObject([413, { error: 'The file is larger than the 100000-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)' }]);
      expect(readdirSync(path.join(small.dataDir, 'tmp'))).toEqual([]);
      expect(existsSync(path.join(small.dataDir, 'storage', 'debug-files'))).toBe(false);
    } finally {
      await small.close();
    }
  });

  it('takes a signed-in session with the CSRF header (the web app), and refuses it without', async () => {
    const session = await signIn(server, developer.username, developer.password);
    const zip = makeZip(dsymBundle('Session.app.dSYM', 'Session', workshop.build('Session'), dsymPlist('com.example.Session', '1.0', '5')));
    const refused = await uploadDebugFile(server, { channel_key: ios.key }, { data: zip, name: 's.zip' }, { cookie: session.cookie });
    expect(refused.status).toBe(403);
    const res = await uploadDebugFile(server, { channel_key: ios.key }, { data: zip, name: 's.zip' }, { cookie: session.cookie, 'x-csrf-token': session.csrf });
    expect(res.status, res.text).toBe(201);
    expect(res.body.uploader).toEqual({ id: developer.id, username: developer.username });
  });

  it('links the file to the build with the same versions, whether the build came first or after', async () => {
    const zip = makeZip(dsymBundle('Linked.app.dSYM', 'Linked', workshop.build('Linked'), dsymPlist('com.icyleaf.AppInfoDemo', '1.2.3', '5')));
    const before = await upload({ channel_key: ios.key }, { data: zip, name: 'linked.zip' });
    expect(before.status, before.text).toBe(201);
    expect(before.body.release).toBeNull();
    // The build arrives afterwards (the fixture ipa is 1.2.3 (5)).
    const form = new FormData();
    form.append('channel_key', ios.key);
    form.append('file', new Blob([new Uint8Array(readFileSync(path.join(FIXTURES, 'apps', 'iphone.ipa')))]), 'iphone.ipa');
    const build = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
    expect(build.status).toBe(201);
    const release = (await build.json()) as { id: number; version: number };
    const later = await api(server, `/api/debug_files/${before.body.id}`, { token: member.token });
    expect(later.body.release).toEqual({ id: release.id, version: release.version, channel_id: ios.channelId });
    // A file uploaded now is linked at once (and the link is stored).
    const zip2 = makeZip(dsymBundle('Linked2.app.dSYM', 'Linked2', workshop.build('Linked2'), null));
    const second = await upload({ channel_key: ios.key, release_version: '1.2.3', build_version: '5' }, { data: zip2, name: 'l2.zip' });
    expect(second.status, second.text).toBe(201);
    expect(second.body.release).toEqual({ id: release.id, version: release.version, channel_id: ios.channelId });
    const row = await server.database.db.selectFrom('debug_files').select('release_id').where('id', '=', second.body.id).executeTakeFirstOrThrow();
    expect(row.release_id).toBe(release.id);
  });
});

describe('GET /api/debug_files', () => {
  it('lists by app_id for the team (outsiders 404, no credentials 401), newest first, with pagination headers', async () => {
    const all = await api(server, `/api/debug_files?app_id=${ios.appId}`, { token: member.token });
    expect(all.status).toBe(200);
    const total = await rowCount();
    expect(all.headers.get('x-total-count')).toBe(String(total));
    const ids = (all.body as { id: number }[]).map((file) => file.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((all.body as { id: number }[]).find((file) => file.id === fixtureId)).toEqual(expectedFixtureJson({
      id: fixtureId,
      permissions: undefined,
    }));

    const page = await api(server, `/api/debug_files?app_id=${ios.appId}&per_page=2&page=2`, { token: member.token });
    expect((page.body as { id: number }[]).map((file) => file.id)).toEqual(ids.slice(2, 4));
    expect(page.headers.get('link')).toContain('rel="next"');

    expect((await api(server, `/api/debug_files?app_id=${ios.appId}`, { token: outsider.token })).body).toMatchObject({ error: 'Record not found' });
    expect((await api(server, `/api/debug_files?app_id=${ios.appId}`, { token: admin.token })).status).toBe(200);
    const anonymous = await api(server, `/api/debug_files?app_id=${ios.appId}`);
    expect([anonymous.status, anonymous.body]).toMatchObject([401, { error: 'Unauthorized user token' }]);
    expect((await api(server, '/api/debug_files?app_id=999999', { token: admin.token })).status).toBe(404);
  });

  it('filters by platform, version (compared as versions), build and UUID', async () => {
    const list = async (query: string) => (await api(server, `/api/debug_files?app_id=${ios.appId}&${query}`, { token: member.token })).body as { id: number; device_type: string; release_version: string }[];
    expect((await list('device_type=android')).every((file) => file.device_type === 'android')).toBe(true);
    expect((await list('device_type=android')).length).toBe(2);
    expect((await list('release_version=1.0&build_version=1')).map((file) => file.id)).toEqual([fixtureId]);
    // 1 and 1.0 are the same version.
    expect((await list('release_version=1&build_version=1')).map((file) => file.id)).toEqual([fixtureId]);
    expect((await list('release_version=4.5')).map((file) => file.release_version)).toEqual(['4.5']);
    expect((await list(`uuid=${FIXTURE_UUID.toUpperCase().replaceAll('-', '')}`)).map((file) => file.id)).toEqual([fixtureId]);
    expect((await list(`uuid=${PROGUARD_ZEALOT_ID}`)).map((file) => file.id)).toEqual([proguardId]);
    const bad = await api(server, `/api/debug_files?app_id=${ios.appId}&uuid=xyz`, { token: member.token });
    expect(bad.status).toBe(422);
    expect(bad.body.details.uuid[0]).toMatch(/^is not a UUID/);
  });

  it("lists by channel_key without a token: the channel's platform only", async () => {
    const res = await api(server, `/api/debug_files?channel_key=${android.key}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(2);
    expect((res.body as { device_type: string; permissions?: unknown }[]).every((file) => file.device_type === 'android' && file.permissions === undefined)).toBe(true);
    expect((await api(server, '/api/debug_files?channel_key=wrong')).body).toMatchObject({ error: 'Unauthorized channel key' });
    const both = await api(server, `/api/debug_files?channel_key=${android.key}&app_id=${ios.appId}`);
    expect(both.status).toBe(422);
    const neither = await api(server, '/api/debug_files');
    expect(neither.status).toBe(422);
    expect(neither.body.details).toEqual({ app_id: ['or channel_key is required: the debug files of which app?'] });
  });
});

describe('GET /api/debug_files/:id and /api/debug_files/uuid/:uuid', () => {
  it('shows a file to any collaborator, with what they may do; outsiders 404', async () => {
    const asMember = await api(server, `/api/debug_files/${fixtureId}`, { token: member.token });
    expect(asMember.body).toEqual(expectedFixtureJson({ id: fixtureId, permissions: { delete: false } }));
    expect((await api(server, `/api/debug_files/${fixtureId}`, { token: developer.token })).body.permissions).toEqual({ delete: true });
    expect((await api(server, `/api/debug_files/${fixtureId}`, { token: admin.token })).body.permissions).toEqual({ delete: true });
    expect((await api(server, `/api/debug_files/${fixtureId}`, { token: outsider.token })).body).toMatchObject({ error: 'Record not found' });
    expect((await api(server, '/api/debug_files/999999', { token: owner.token })).status).toBe(404);
  });

  it('finds the file holding a slice UUID or a mapping id, in any case, with or without dashes', async () => {
    for (const form of [FIXTURE_UUID, FIXTURE_UUID.toUpperCase(), FIXTURE_UUID.replaceAll('-', ''), `{${FIXTURE_UUID.toUpperCase()}}`]) {
      const res = await api(server, `/api/debug_files/uuid/${encodeURIComponent(form)}`, { token: member.token });
      expect([form, res.status, (res.body as { id: number }[]).map((file) => file.id)]).toEqual([form, 200, [fixtureId]]);
    }
    expect((await api(server, `/api/debug_files/uuid/${PROGUARD_DEBUG_ID}`, { token: member.token })).body[0].id).toBe(proguardId);
    expect((await api(server, `/api/debug_files/uuid/${PROGUARD_ZEALOT_ID.toUpperCase()}`, { token: member.token })).body[0].id).toBe(proguardId);
    const hidden = await api(server, `/api/debug_files/uuid/${FIXTURE_UUID}`, { token: outsider.token });
    expect([hidden.status, hidden.body]).toMatchObject([404, { error: `Not found debug file: no debug file you can see holds UUID ${FIXTURE_UUID}` }]);
    expect((await api(server, '/api/debug_files/uuid/not-a-uuid', { token: member.token })).status).toBe(422);
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=x', 'app_id=-1']) {
      const bad = await api(server, `/api/debug_files/uuid/${FIXTURE_UUID}?${query}`, { token: member.token });
      expect([query, bad.status, typeof bad.body.error]).toEqual([query, 422, 'string']);
    }
    const past = await api(server, `/api/debug_files/uuid/${FIXTURE_UUID}?page=99`, { token: member.token });
    expect([past.status, past.body, past.headers.get('x-total-count')]).toEqual([200, [], '1']);
  });
});

describe('GET /api/debug_files/download', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // Release 2.0, builds 9, 10 and 3, uploaded in that order (the same zip: a new file for each version).
    for (const build of ['9', '10', '3']) {
      const res = await upload({ channel_key: ios.key, release_version: '2.0', build_version: build }, fixtureDsym);
      expect(res.status, res.text).toBe(201);
      ids[build] = res.body.id;
    }
  });

  const download = (query: string) => api(server, `/api/debug_files/download?channel_key=${ios.key}&${query}`);
  const idOf = (location: string | null) => Number(/\/download\/debug_files\/(\d+)\//.exec(location ?? '')?.[1]);

  it('needs a valid channel key (401) and a release_version (422)', async () => {
    expect((await api(server, '/api/debug_files/download?release_version=2.0')).body).toMatchObject({ error: 'Unauthorized channel key' });
    expect((await api(server, '/api/debug_files/download?channel_key=nope&release_version=2.0')).status).toBe(401);
    const missing = await download('');
    expect(missing.status).toBe(422);
    expect(missing.body.details.release_version[0]).toMatch(/^is required/);
  });

  it('by version (the default) takes the highest build, compared as numbers; by upload date the newest', async () => {
    const byVersion = await download('release_version=2.0');
    expect(byVersion.status).toBe(302);
    expect(idOf(byVersion.headers.get('location'))).toBe(ids['10']);
    expect(idOf((await download('release_version=2.0&order=version')).headers.get('location'))).toBe(ids['10']);
    expect(idOf((await download('release_version=2.0&order=upload_date')).headers.get('location'))).toBe(ids['3']);
    expect(idOf((await download('release_version=2.0&order=upload')).headers.get('location'))).toBe(ids['3']);
    expect(idOf((await download('release_version=2&build_version=9')).headers.get('location'))).toBe(ids['9']);
    expect(idOf((await download('release_version=2.0&build_version=')).headers.get('location'))).toBe(ids['10']);
  });

  it('answers 404 with a clear error when nothing matches (and only files of the channel\'s platform count)', async () => {
    const none = await download('release_version=9.9');
    expect([none.status, none.body]).toMatchObject([404, { error: 'Not found debug file: app "Demo" has no iOS debug file for release_version "9.9"' }]);
    const wrongPlatform = await api(server, `/api/debug_files/download?channel_key=${android.key}&release_version=2.0&build_version=10`);
    expect(wrongPlatform.body).toMatchObject({ error: 'Not found debug file: app "Demo" has no Android debug file for release_version "2.0" and build_version "10"' });
  });

  it('redirects to the zip itself: a signed link that serves it with its name, ranges and validators', async () => {
    const location = (await download('release_version=1.0&build_version=1')).headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${server.url}/download/debug_files/${fixtureId}/Demo_ios_1\\.0_1_ios-dsym-single\\.zip\\?expires=\\d+&signature=[\\w-]{43}$`));
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Demo_ios_1.0_1_ios-dsym-single.zip"; filename*=UTF-8''Demo_ios_1.0_1_ios-dsym-single.zip`);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(dsymZip)).toBe(true);
    const part = await fetch(location, { headers: { range: 'bytes=0-3' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 0-3/${dsymZip.length}`]);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(dsymZip.subarray(0, 4));
    const head = await fetch(location, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(dsymZip.length)]);
    const cached = await fetch(location, { headers: { 'if-none-match': `"${sha256(dsymZip)}"` } });
    expect(cached.status).toBe(304);
  });
});

describe('GET /download/debug_files/:id (the stored zip)', () => {
  const NOT_AVAILABLE = { error: "Not found debug file: sign in as one of the app's team, or get a fresh link from GET /api/debug_files/download" };

  it('is not an open door: without a signed link or a team member, every id is the same 404', async () => {
    for (const url of [`/download/debug_files/${fixtureId}`, `/download/debug_files/${fixtureId}/x.zip`, '/download/debug_files/999999/x.zip', '/download/debug_files/abc']) {
      const res = await api(server, url);
      expect([url, res.status, res.body]).toMatchObject([url, 404, NOT_AVAILABLE]);
    }
    const outsiderTry = await api(server, `/download/debug_files/${fixtureId}/x.zip`, { token: outsider.token });
    expect(outsiderTry.body).toMatchObject(NOT_AVAILABLE);
  });

  it('refuses a tampered, foreign or expired signature', async () => {
    const signer = createDownloadSigner(server.config.secretKey);
    const checksum = sha256(dsymZip);
    const good = signer.sign({ id: fixtureId, checksum });
    expect((await api(server, `/download/debug_files/${fixtureId}/x.zip?expires=${good.expires}&signature=${good.signature}`)).status).toBe(200);
    const tampered = `${good.signature.slice(0, -1)}${good.signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await api(server, `/download/debug_files/${fixtureId}/x.zip?expires=${good.expires}&signature=${tampered}`)).status).toBe(404);
    expect((await api(server, `/download/debug_files/${fixtureId}/x.zip?expires=${good.expires + 1}&signature=${good.signature}`)).status).toBe(404);
    // Another file's link does not open this one.
    const other = signer.sign({ id: proguardId, checksum: sha256(proguardZip) });
    expect((await api(server, `/download/debug_files/${fixtureId}/x.zip?expires=${other.expires}&signature=${other.signature}`)).status).toBe(404);
    const expired = signer.sign({ id: fixtureId, checksum }, Date.now() - 16 * 60 * 1000);
    expect((await api(server, `/download/debug_files/${fixtureId}/x.zip?expires=${expired.expires}&signature=${expired.signature}`)).status).toBe(404);
  });

  it('never renews a link: the short URL keeps the link it was given, and an expired or altered one is a 404', async () => {
    const signer = createDownloadSigner(server.config.secretKey);
    const checksum = sha256(dsymZip);
    // A link handed out ten minutes ago: five minutes left.
    const old = signer.sign({ id: fixtureId, checksum }, Date.now() - 10 * 60 * 1000);
    const followed = await api(server, `/download/debug_files/${fixtureId}?expires=${old.expires}&signature=${old.signature}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(
      `${server.url}/download/debug_files/${fixtureId}/Demo_ios_1.0_1_ios-dsym-single.zip?expires=${old.expires}&signature=${old.signature}`,
    );
    const expired = signer.sign({ id: fixtureId, checksum }, Date.now() - 16 * 60 * 1000);
    const tampered = `${old.signature.slice(0, -1)}${old.signature.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [`expires=${expired.expires}&signature=${expired.signature}`, `expires=${old.expires}&signature=${tampered}`, `expires=${old.expires + 900}&signature=${old.signature}`]) {
      const refused = await api(server, `/download/debug_files/${fixtureId}?${query}`);
      expect([query, refused.status, refused.body, refused.headers.get('location')]).toMatchObject([query, 404, NOT_AVAILABLE, null]);
    }
    // Someone with access gets a fresh link, whatever link they came with; an outsider does not.
    const renewed = await api(server, `/download/debug_files/${fixtureId}?expires=${expired.expires}&signature=${expired.signature}`, { token: member.token });
    expect(renewed.status).toBe(302);
    const fresh = new URL(renewed.headers.get('location')!);
    expect(Number(fresh.searchParams.get('expires'))).toBeGreaterThan(old.expires);
    expect((await api(server, fresh.pathname + fresh.search)).status).toBe(200);
    const outsiderTry = await api(server, `/download/debug_files/${fixtureId}?expires=${expired.expires}&signature=${expired.signature}`, { token: outsider.token });
    expect([outsiderTry.status, outsiderTry.body]).toMatchObject([404, NOT_AVAILABLE]);
  });

  it('serves the team signed in (token or session), and sends them from the short URL to a named one', async () => {
    const withToken = await fetch(`${server.url}/download/debug_files/${fixtureId}/anything.zip`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(withToken.status).toBe(200);
    const session = await signIn(server, member.username, member.password);
    const short = await api(server, `/download/debug_files/${fixtureId}`, { headers: { cookie: session.cookie } });
    expect(short.status).toBe(302);
    expect(short.headers.get('location')).toMatch(new RegExp(`^${server.url}/download/debug_files/${fixtureId}/Demo_ios_1\\.0_1_ios-dsym-single\\.zip\\?expires=`));
  });
});

describe('DELETE /api/debug_files/:id', () => {
  it('lets the app developers and admins delete (a member 403, an outsider 404), and removes the stored zip', async () => {
    const zip = makeZip(dsymBundle('Doomed.app.dSYM', 'Doomed', workshop.build('Doomed'), dsymPlist('com.example.Doomed', '1', '1')));
    const created = await upload({ channel_key: ios.key }, { data: zip, name: 'doomed.zip' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const row = await server.database.db.selectFrom('debug_files').select('file_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(existsSync(path.join(server.dataDir, 'storage', row.file_key))).toBe(true);

    const byMember = await api(server, `/api/debug_files/${id}`, { method: 'DELETE', token: member.token });
    expect([byMember.status, byMember.body]).toMatchObject([403, { error: "Only the app's developers and administrators can delete debug files" }]);
    const byOutsider = await api(server, `/api/debug_files/${id}`, { method: 'DELETE', token: outsider.token });
    expect([byOutsider.status, byOutsider.body]).toMatchObject([404, { error: 'Record not found' }]);
    const deleted = await api(server, `/api/debug_files/${id}`, { method: 'DELETE', token: developer.token });
    expect([deleted.status, deleted.body]).toEqual([200, { message: 'OK' }]);
    expect(existsSync(path.join(server.dataDir, 'storage', row.file_key))).toBe(false);
    expect(await server.database.db.selectFrom('debug_file_entries').select('id').where('debug_file_id', '=', id).execute()).toEqual([]);
    expect((await api(server, `/api/debug_files/${id}`, { token: owner.token })).status).toBe(404);
    expect((await api(server, `/api/debug_files/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });

  it('keeps the files of an archived app (409), and deleting the app removes them all', async () => {
    const doomed = await newApp(server, { name: 'Short lived', ownerId: owner.id, deviceType: 'ios' });
    const zip = makeZip(dsymBundle('Gone.app.dSYM', 'Gone', workshop.build('Gone'), dsymPlist('com.example.Gone', '1', '1')));
    const created = await upload({ channel_key: doomed.key }, { data: zip, name: 'gone.zip' });
    expect(created.status, created.text).toBe(201);
    const row = await server.database.db.selectFrom('debug_files').select('file_key').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect((await api(server, `/api/apps/${doomed.appId}/archive`, { method: 'POST', token: owner.token })).status).toBe(200);
    const refused = await api(server, `/api/debug_files/${created.body.id}`, { method: 'DELETE', token: owner.token });
    expect(refused.status).toBe(409);
    const refusedUpload = await upload({ channel_key: doomed.key, keep_both: 'true' }, { data: zip, name: 'gone.zip' });
    expect(refusedUpload.status).toBe(409);
    expect((await api(server, `/api/apps/${doomed.appId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect(await server.database.db.selectFrom('debug_files').select('id').where('app_id', '=', doomed.appId).execute()).toEqual([]);
    expect(existsSync(path.join(server.dataDir, 'storage', row.file_key))).toBe(false);
  });
});
