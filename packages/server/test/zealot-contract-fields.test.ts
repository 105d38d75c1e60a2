// custom_fields and changelog, stored and answered as sent (issue 12, item 6). Zealot keeps
// `custom_fields` as any JSON (a jsonb column) and a changelog entry with every key it came
// with; clients rely on it. A Tauri update relay uploads each build with
// `-F custom_fields={"tauri_signature": "…"}` and later reads
// `releases[0].custom_fields.tauri_signature` from GET /api/apps/latest?channel_key=…: any
// rewriting (Tarmac used to turn an object into [{name, value}]) hands it null, and the
// updater refuses the update. fastlane always sends its unset default `["[]"]`; the Zealot
// form [{icon, name, value}] keeps numbers as numbers; a CI changelog carries commit `hash`
// keys. Each is replayed as its client sends it (curl, Faraday multipart, a JSON or form PUT)
// and read back through every answer that carries a release: the upload, latest, versions,
// version_exist and GET /api/releases/{id}. Broken JSON, oversized and deeply nested values
// are a 422 naming the field, and nothing is stored.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const run = promisify(execFile);

let server: TestServer;
let developer: TestUser;

beforeAll(async () => {
  server = await startServer();
  developer = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const fixture = (name: string) => path.join(FIXTURES, name);

// What the fixtures hold (../shared/fixtures/README.md).
const ANDROID = { file: 'android.apk', bundleId: 'com.icyleaf.appinfodemo', releaseVersion: '2.1.0', buildVersion: '10' };
const MACOS = { file: 'macos.zip', bundleId: 'com.icyleaf.macos.GUIApp', releaseVersion: '1.0', buildVersion: '1' };

/** A minisign signature as `tauri signer sign` prints it: base64 of the two comment lines and the signatures. */
const TAURI_SIGNATURE = Buffer.from(
  'untrusted comment: signature from tauri secret key\n' +
    `RUSxX1yZ${randomBytes(48).toString('base64')}\n` +
    'trusted comment: timestamp:1764100000\tfile:GuiApp.app.tar.gz\n' +
    `${randomBytes(64).toString('base64')}\n`,
).toString('base64');

interface Response {
  status: number;
  text: string;
}

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, text: await response.text() };
}

const json = (response: Response): any => JSON.parse(response.text);

/** curl -F, as a CI step runs it: the multipart body and boundary are curl's own. */
async function curlUpload(channelKey: string, file: string, fields: Record<string, string>): Promise<Response> {
  const args = ['-sS', '-m', '300', '--http1.1', '-F', `token=${developer.token}`, '-F', `channel_key=${channelKey}`];
  for (const [name, value] of Object.entries(fields)) args.push('-F', `${name}=${value}`);
  args.push('-F', `file=@${fixture(file)}`, '-w', '\n%{http_code}', `${server.url}/api/apps/upload`);
  const { stdout } = await run('curl', args);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), text: stdout.slice(0, cut) };
}

/** fastlane's zealot action (Faraday 1.x + multipart-post): `custom_fields` always sent, `["[]"]` when unset. */
function fastlaneUpload(channelKey: string, file: string, fields: Record<string, string> = {}): Promise<Response> {
  const boundary = `-----------RubyMultipartPost-${randomBytes(16).toString('hex')}`;
  const chunks: Buffer[] = [];
  const text = (name: string, value: string) => chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  text('token', developer.token);
  text('channel_key', channelKey);
  const bytes = readFileSync(fixture(file));
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Length: ${bytes.length}\r\n` +
        'Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  );
  for (const [name, value] of Object.entries({ source: 'fastlane', custom_fields: '["[]"]', ...fields })) text(name, value);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return send(`${server.url}/api/apps/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': 'Faraday v1.1.0' },
    body: Buffer.concat(chunks),
  });
}

/** Every answer a Zealot client reads a release from, for the release `id` of `channel`. */
async function everyAnswer(channel: TestChannel, id: number, build: typeof ANDROID): Promise<Record<string, Record<string, unknown>>> {
  const latest = json(await send(`${server.url}/api/apps/latest?channel_key=${channel.key}`));
  const versions = json(await send(`${server.url}/api/apps/versions?channel_key=${channel.key}`));
  const query = new URLSearchParams({
    channel_key: channel.key,
    bundle_id: build.bundleId,
    release_version: build.releaseVersion,
    build_version: build.buildVersion,
  });
  const exist = await send(`${server.url}/api/apps/version_exist?${query.toString()}`);
  const one = await send(`${server.url}/api/releases/${id}?token=${encodeURIComponent(developer.token)}`);
  expect(exist.status).toBe(200);
  expect(one.status).toBe(200);
  const byId = (list: { id: number }[]) => list.find((release) => release.id === id)! as unknown as Record<string, unknown>;
  return { latest: byId(latest.releases), versions: byId(versions.releases), version_exist: json(exist), release: json(one) };
}

async function storedColumns(id: number): Promise<{ custom_fields: string; changelog: string }> {
  return server.database.db.selectFrom('releases').select(['custom_fields', 'changelog']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function releaseCount(channelId: number): Promise<number> {
  return (await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId).execute()).length;
}

describe('Tauri update relay: curl -F custom_fields={…}, then GET /api/apps/latest?channel_key=', () => {
  let channel: TestChannel;
  const sent = { tauri_signature: TAURI_SIGNATURE, notes: 'Faster sync', platforms: ['darwin-aarch64', 'darwin-x86_64'], rollout: 0.5, critical: false };
  let id: number;

  beforeAll(async () => {
    channel = await newApp(server, { ownerId: developer.id, deviceType: 'macos', channel: 'Desktop' });
    const uploaded = await curlUpload(channel.key, MACOS.file, { branch: 'main', custom_fields: JSON.stringify(sent) });
    expect(uploaded.status).toBe(201);
    id = json(uploaded).id;
    expect(json(uploaded).custom_fields).toEqual(sent);
  });

  it('reads releases[0].custom_fields.tauri_signature, branch, created_at and install_url', async () => {
    const response = await send(`${server.url}/api/apps/latest?channel_key=${channel.key}`);
    expect(response.status).toBe(200);
    const first = json(response).releases[0];
    // The relay's manifest: { version, notes, pub_date, platforms: { …: { signature, url } } }.
    const manifest = {
      branch: first.branch,
      pub_date: first.created_at,
      url: first.install_url,
      signature: first.custom_fields.tauri_signature,
    };
    expect(manifest).toEqual({ branch: 'main', pub_date: expect.any(String), url: expect.stringContaining(`/${channel.slug}/${id}/`), signature: TAURI_SIGNATURE });
  });

  it('answers the object exactly as sent in latest, versions, version_exist and GET /api/releases/{id}, and stores it as sent', async () => {
    const answers = await everyAnswer(channel, id, MACOS);
    for (const [where, release] of Object.entries(answers)) expect(release.custom_fields, where).toEqual(sent);
    expect(JSON.parse((await storedColumns(id)).custom_fields)).toEqual(sent);
  });
});

describe('fastlane zealot: custom_fields ["[]"] (its unset default) and Zealot\'s [{icon, name, value}]', () => {
  let channel: TestChannel;
  beforeAll(async () => {
    channel = await newApp(server, { ownerId: developer.id, deviceType: 'android', channel: 'fastlane' });
  });

  it('answers ["[]"] as sent, exactly 201, in every answer', async () => {
    const uploaded = await fastlaneUpload(channel.key, ANDROID.file);
    expect(uploaded.status).toBe(201);
    const id = json(uploaded).id as number;
    expect(json(uploaded).custom_fields).toEqual(['[]']);
    for (const [where, release] of Object.entries(await everyAnswer(channel, id, ANDROID))) expect(release.custom_fields, where).toEqual(['[]']);
  });

  it('keeps an array of {icon, name, value} as sent: order, icons, and a number stays a number', async () => {
    const sent = [
      { icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' },
      { icon: 'fa-brands fa-git-alt', name: 'Pipeline', value: 4242 },
      { name: 'Reviewed', value: true },
    ];
    const uploaded = await fastlaneUpload(channel.key, ANDROID.file, { custom_fields: JSON.stringify(sent) });
    expect(uploaded.status).toBe(201);
    const id = json(uploaded).id as number;
    expect(json(uploaded).custom_fields).toEqual(sent);
    for (const [where, release] of Object.entries(await everyAnswer(channel, id, ANDROID))) expect(
      release.custom_fields,
      where,
    ).toEqual(sent);
  });

  it('keeps text that is not JSON as that text, as Zealot does; an empty part is []', async () => {
    const plain = await fastlaneUpload(channel.key, ANDROID.file, { custom_fields: 'nightly build 42' });
    expect(plain.status).toBe(201);
    expect(json(plain).custom_fields).toBe('nightly build 42');
    const empty = await fastlaneUpload(channel.key, ANDROID.file, { custom_fields: '' });
    expect(empty.status).toBe(201);
    expect(json(empty).custom_fields).toEqual([]);
    const nothing = await fastlaneUpload(channel.key, ANDROID.file, { custom_fields: 'null' });
    expect(json(nothing).custom_fields).toEqual([]);
  });
});

describe('a CI changelog with commit hash keys', () => {
  it('keeps every key of each entry; message stays text for the SDKs, text_changelog lists the messages', async () => {
    const channel = await newApp(server, { ownerId: developer.id, deviceType: 'android', channel: 'CI changelog' });
    const changelog = [
      { message: 'Fix the login crash', author: 'Ann', email: 'ann@example.com', date: '2026-11-20 10:00:00 +0800', hash: '9f1c2ab', url: 'https://git.example.com/c/9f1c2ab' },
      { hash: 'b77e0d1', message: 'Dark mode', author: 'Bo', files: ['ui/theme.kt'], stats: { added: 12, removed: 3 } },
    ];
    const uploaded = await fastlaneUpload(channel.key, ANDROID.file, { changelog: JSON.stringify(changelog) });
    expect(uploaded.status).toBe(201);
    const id = json(uploaded).id as number;
    expect(json(uploaded).changelog).toEqual(changelog);
    for (const [where, release] of Object.entries(await everyAnswer(channel, id, ANDROID))) {
      expect(release.changelog, where).toEqual(changelog);
      expect(release.text_changelog, where).toBe('- Fix the login crash\n- Dark mode');
    }
    // The iOS SDK's strict model and the Android SDK read message as a string on every entry.
    const latest = json(await send(`${server.url}/api/apps/latest?channel_key=${channel.key}&bundle_id=${ANDROID.bundleId}&release_version=2.0.0&build_version=1`));
    const entries = (latest as { releases: { changelog: { message: unknown }[] }[] }).releases[0]!.changelog;
    expect(entries.map((entry) => typeof entry.message)).toEqual(['string', 'string']);
  });
});

describe('PUT /api/releases/{id}: custom_fields and changelog as the Python CLI (JSON body) and a form send them', () => {
  let channel: TestChannel;
  let id: number;
  const put = (body: string, type: string) =>
    send(`${server.url}/api/releases/${id}?token=${encodeURIComponent(developer.token)}`, { method: 'PUT', headers: { 'content-type': type }, body });

  beforeAll(async () => {
    channel = await newApp(server, { ownerId: developer.id, deviceType: 'macos', channel: 'Edited' });
    const uploaded = await curlUpload(channel.key, MACOS.file, {});
    id = json(uploaded).id;
  });

  it('stores JSON text in a JSON body as the JSON it holds, and latest answers it', async () => {
    const fields = { tauri_signature: TAURI_SIGNATURE, channel: 'beta' };
    const edited = await put(JSON.stringify({ custom_fields: JSON.stringify(fields), changelog: JSON.stringify([{ message: 'Edited', hash: 'c0ffee1' }]) }), 'application/json');
    expect(edited.status).toBe(200);
    expect(json(edited)).toMatchObject({ custom_fields: fields, changelog: [{ message: 'Edited', hash: 'c0ffee1' }] });
    const latest = json(await send(`${server.url}/api/apps/latest?channel_key=${channel.key}`));
    expect(latest.releases[0].custom_fields.tauri_signature).toBe(TAURI_SIGNATURE);
  });

  it('stores a JSON value itself in a JSON body: an object, an array, a number, a string', async () => {
    for (const value of [{ nested: { deep: [1, 2, { three: null }] } }, [{ name: 'Jira', value: 'APP-9', icon: 'fa-solid fa-bug' }], 42, 'a string']) {
      const edited = await put(JSON.stringify({ custom_fields: value }), 'application/json');
      expect(edited.status, JSON.stringify(value)).toBe(200);
      expect(json(edited).custom_fields).toEqual(value);
      expect(JSON.parse((await storedColumns(id)).custom_fields)).toEqual(value);
    }
  });

  it('stores the JSON text of a form field (Faraday url_encoded), and "" as []', async () => {
    const fields = { tauri_signature: TAURI_SIGNATURE };
    const edited = await put(`custom_fields=${encodeURIComponent(JSON.stringify(fields))}`, 'application/x-www-form-urlencoded');
    expect(edited.status).toBe(200);
    expect(json(edited).custom_fields).toEqual(fields);
    const cleared = await put('custom_fields=', 'application/x-www-form-urlencoded');
    expect(json(cleared).custom_fields).toEqual([]);
  });
});

describe('hostile custom_fields and changelog: a 422 naming the field, nothing stored, never a 500', () => {
  let channel: TestChannel;
  let id: number;
  beforeAll(async () => {
    channel = await newApp(server, { ownerId: developer.id, deviceType: 'android', channel: 'Hostile' });
    id = json(await fastlaneUpload(channel.key, ANDROID.file, { custom_fields: '{"kept": true}' })).id;
  });

  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const cases: [string, Record<string, string>, Record<string, string[]>][] = [
    [
      'broken JSON object',
      { custom_fields: '{"tauri_signature": "abc"' },
      { custom_fields: [expect.stringMatching(/^is not valid JSON \(.+\): send JSON such as \{"tauri_signature": "…"\} or \[\{"name": "Jira", "value": "APP-12"\}\]$/)] },
    ],
    ['over 64 KiB of JSON', { custom_fields: JSON.stringify({ blob: 'x'.repeat(70_000) }) }, { custom_fields: [expect.stringMatching(/^is 70011 bytes of JSON; at most 65536 are kept per release$/)] }],
    ['nested 100 000 levels deep', { custom_fields: deep(100_000) }, { custom_fields: ['is nested too deeply (at most 32 levels of arrays and objects)'] }],
    [
      'a changelog entry nested too deeply',
      { changelog: JSON.stringify([{ message: 'x', hash: JSON.parse(deep(40)) as unknown }]) },
      { changelog: ['entry 1 is nested too deeply (at most 32 levels of arrays and objects)'] },
    ],
    [
      'a changelog entry with 9 KiB of other keys',
      { changelog: JSON.stringify([{ message: 'x', diff: 'y'.repeat(9000) }]) },
      { changelog: ['entry 1 carries too much besides its message (at most 8192 bytes of JSON in its other keys)'] },
    ],
  ];

  for (const [what, fields, details] of cases) {
    it(`upload: ${what}`, async () => {
      const before = await releaseCount(channel.channelId);
      const response = await fastlaneUpload(channel.key, ANDROID.file, fields);
      expect(response.status).toBe(422);
      expect(json(response).details).toEqual(details);
      expect(await releaseCount(channel.channelId)).toBe(before);
    });

    it(`PUT, JSON body: ${what}`, async () => {
      const response = await send(`${server.url}/api/releases/${id}?token=${encodeURIComponent(developer.token)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fields),
      });
      expect(response.status).toBe(422);
      expect(json(response).details).toEqual(details);
      expect(JSON.parse((await storedColumns(id)).custom_fields)).toEqual({ kept: true });
    });
  }

  it('PUT, JSON body: a value (not text) nested 100 000 levels deep is a 422, not a stack overflow', async () => {
    for (const field of ['custom_fields', 'changelog']) {
      const response = await send(`${server.url}/api/releases/${id}?token=${encodeURIComponent(developer.token)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: `{"${field}": ${deep(100_000)}}`,
      });
      expect(response.status, field).toBe(422);
      expect(json(response).details).toEqual({ [field]: ['is nested too deeply (at most 32 levels of arrays and objects)'] });
    }
    expect(JSON.parse((await storedColumns(id)).custom_fields)).toEqual({ kept: true });
  });
});
