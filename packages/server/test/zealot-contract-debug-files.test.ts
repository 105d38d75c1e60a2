// fastlane's zealot_debug_file, replayed (zealot-clients.md §2.1.3, §4.5): POST
// /api/debug_files/upload as Faraday 1.x + multipart-post writes it, read the way the action
// reads it (no status check: a JSON object without `error`, `metadata` an array of objects).
// Zealot refuses only a byte-identical file, so a CI lane that re-runs, re-zips its dSYMs or
// ships an unchanged Proguard mapping with a new version never fails on it. In Tarmac:
//   - the same bytes for the same app and versions answer 201 with the file already stored,
//     and nothing new is written (no row, no entry, no stored zip);
//   - the same UUIDs in other bytes (a re-zipped dSYM) and the same bytes for another version
//     are new files, each with its own stored zip;
//   - keep_both (Tarmac's former opt-out of a 409) is accepted and changes nothing;
//   - a UUID lookup answers every file holding it, newest first.
// The dSYM and the mapping are the real fixtures (../shared/fixtures/debug-files); the re-zip
// is the fixture's own entries (read back by Info-ZIP's unzip) written again, in another order
// and compression.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DSYM_FIXTURE, PROGUARD_FIXTURE, makeZip } from './helpers/debug-files.ts';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

// What the fixtures hold (../shared/fixtures/README.md).
const DSYM_UUID = 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5';
const PROGUARD_DEBUG_ID = '0a1f3400-8261-513d-88b7-2de2de6d4cae';
const PROGUARD_ZEALOT_ID = '81384aeb-4837-5f73-a771-417b4399a483';
const dsymZip = readFileSync(DSYM_FIXTURE);
const proguardZip = readFileSync(PROGUARD_FIXTURE);

let server: TestServer;
let developer: TestUser;
let ios: TestChannel;
let android: { key: string };

beforeAll(async () => {
  server = await startServer();
  developer = await server.newUser({ role: 'developer' });
  ios = await newApp(server, { name: 'Demo', ownerId: developer.id, channel: 'iOS', deviceType: 'ios' });
  const created = await api(server, `/api/schemes/${ios.schemeId}/channels`, { method: 'POST', token: developer.token, json: { name: 'Android', device_type: 'android' } });
  expect(created.status, created.text).toBe(201);
  android = { key: created.body.key };
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * zealot_debug_file's request: Faraday's multipart (RubyMultipartPost boundary, text parts with
 * only a Content-Disposition, unset versions as empty parts, the token as a form field), then
 * the zip as an UploadIO: Content-Length, application/octet-stream, Content-Transfer-Encoding.
 */
async function fastlaneDebugFile(fields: Record<string, string>, zip: Buffer, filename: string): Promise<Answer> {
  const boundary = `-----------RubyMultipartPost-${randomBytes(16).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries({ token: developer.token, release_version: '', build_version: '', ...fields })) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const fileHeaders = [
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    `Content-Length: ${zip.length}`,
    'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: binary',
  ];
  chunks.push(Buffer.from(`--${boundary}\r\n${fileHeaders.join('\r\n')}\r\n\r\n`), zip, Buffer.from(`\r\n--${boundary}--\r\n`));
  const response = await fetch(`${server.url}/api/debug_files/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': 'Faraday v1.1.0' },
    body: Buffer.concat(chunks),
  });
  const text = await response.text();
  // Faraday's :json middleware parses only a JSON content type.
  expect(response.headers.get('content-type')).toMatch(/\bjson\b/);
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

/** What the action does with the answer: fails on `error`, prints every key and each metadata hash. */
function readLikeFastlane(answer: Answer): Record<string, unknown> {
  expect(answer.body, JSON.stringify(answer.body)).not.toHaveProperty('error');
  expect(Array.isArray(answer.body.metadata)).toBe(true);
  for (const item of answer.body.metadata as unknown[]) expect(typeof item === 'object' && item !== null && !Array.isArray(item)).toBe(true);
  return answer.body;
}

async function count(table: 'debug_files' | 'debug_file_entries'): Promise<number> {
  const row = await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored debug file zips. */
function storedZips(): string[] {
  const root = path.join(server.dataDir, 'storage', 'debug-files');
  if (!existsSync(root)) return [];
  return readdirSync(
    root,
    { recursive: true, withFileTypes: true },
  ).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

function tempFiles(): string[] {
  const dir = path.join(server.dataDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function counts() {
  return { files: await count('debug_files'), entries: await count('debug_file_entries'), zips: storedZips().length, temp: tempFiles().length };
}

/** Info-ZIP's unzip on a zip file, its output as bytes (a missing tool fails the test). */
function unzip(args: string[]): Buffer {
  const result = spawnSync('unzip', args, { maxBuffer: 64 * 1024 * 1024 });
  if (result.error || result.status !== 0) throw new Error(`unzip ${args.join(' ')} failed: ${result.error?.message ?? result.stderr.toString()}`);
  return result.stdout;
}

/** A zip file's own entries in a new zip: folders first, then the files in reverse order, every one deflated again. */
function rezip(file: string): Buffer {
  const names = unzip(['-Z1', file]).toString('utf8').split('\n').filter((name) => name !== '');
  const folders = names.filter((name) => name.endsWith('/')).map((name) => ({ name, data: '' }));
  const files = names.filter((name) => !name.endsWith('/')).reverse().map((name) => ({ name, data: unzip(['-p', file, name.replace(/[[\]*?\\]/g, '\\$&')]) }));
  return makeZip([...folders, ...files]);
}

/** GET /api/debug_files/uuid/{uuid} (signed in): the ids, in the order answered. */
async function lookup(uuid: string): Promise<number[]> {
  const found = await api(server, `/api/debug_files/uuid/${uuid}`, { token: developer.token });
  expect(found.status, found.text).toBe(200);
  expect(Array.isArray(found.body)).toBe(true);
  expect(found.headers.get('x-total-count')).toBe(String(found.body.length));
  return (found.body as { id: number }[]).map((file) => file.id);
}

/** GET /api/debug_files?channel_key=&uuid= (Zealot's public list, with Tarmac's filter): the ids. */
async function listed(channelKey: string, uuid: string): Promise<number[]> {
  const found = await api(server, `/api/debug_files?channel_key=${channelKey}&uuid=${uuid}`);
  expect(found.status, found.text).toBe(200);
  return (found.body as { id: number }[]).map((file) => file.id);
}

describe('fastlane zealot_debug_file uploading again', () => {
  let first: Record<string, unknown>;
  let rezipped: Record<string, unknown>;

  it('answers the same dSYM zip again with the file already stored, 201, and stores nothing new', async () => {
    const before = await counts();
    first = readLikeFastlane(await fastlaneDebugFile({ channel_key: ios.key }, dsymZip, 'ios-dsym-single.zip'));
    expect(first).toMatchObject({ app_name: 'Demo', device_type: 'ios', release_version: '1.0', build_version: '1', uuids: [DSYM_UUID] });
    const afterFirst = await counts();
    expect(afterFirst).toEqual({ files: before.files + 1, entries: before.entries + 1, zips: before.zips + 1, temp: 0 });

    const again = await fastlaneDebugFile({ channel_key: ios.key }, dsymZip, 'ios-dsym-single.zip');
    expect(again.status).toBe(201);
    const body = readLikeFastlane(again);
    // The stored file as it was (only the signed link is made anew).
    expect({ ...body, file_url: undefined }).toEqual({ ...first, file_url: undefined });
    expect(await counts()).toEqual(afterFirst);

    // keep_both, as older Tarmac scripts send it, changes nothing.
    const kept = await fastlaneDebugFile({ channel_key: ios.key, keep_both: 'true' }, dsymZip, 'renamed.zip');
    expect(kept.status).toBe(201);
    expect(readLikeFastlane(kept)).toMatchObject({ id: first.id, file_name: 'ios-dsym-single.zip', created_at: first.created_at });
    expect(await counts()).toEqual(afterFirst);
  });

  it('stores a re-zipped dSYM with the same UUIDs as a new file, and a UUID lookup answers both, newest first', async () => {
    const before = await counts();
    const zip = rezip(DSYM_FIXTURE);
    expect(zip.equals(dsymZip)).toBe(false);
    const answer = await fastlaneDebugFile({ channel_key: ios.key }, zip, 'ios-dsym-single.zip');
    expect(answer.status).toBe(201);
    rezipped = readLikeFastlane(answer);
    expect(rezipped.id).not.toBe(first.id);
    expect(rezipped).toMatchObject({ release_version: '1.0', build_version: '1', uuids: [DSYM_UUID], file_size: zip.length });
    expect(rezipped.checksum).not.toBe(first.checksum);
    expect(await counts()).toEqual({ files: before.files + 1, entries: before.entries + 1, zips: before.zips + 1, temp: 0 });

    expect(await lookup(DSYM_UUID)).toEqual([rezipped.id, first.id]);
    expect(await lookup(DSYM_UUID.toUpperCase().replaceAll('-', ''))).toEqual([rezipped.id, first.id]);
    expect(await listed(ios.key, DSYM_UUID)).toEqual([rezipped.id, first.id]);

    // And the re-zip again is that file again.
    const repeat = await fastlaneDebugFile({ channel_key: ios.key }, zip, 'ios-dsym-single.zip');
    expect(repeat.status).toBe(201);
    expect(readLikeFastlane(repeat).id).toBe(rezipped.id);
    expect((await counts()).files).toBe(before.files + 1);
  });

  it('stores the same dSYM zip filed under another version as a new file with its own stored copy', async () => {
    const before = await counts();
    const answer = await fastlaneDebugFile({ channel_key: ios.key, release_version: '1.0', build_version: '2' }, dsymZip, 'ios-dsym-single.zip');
    expect(answer.status).toBe(201);
    const body = readLikeFastlane(answer);
    expect(body).toMatchObject({ release_version: '1.0', build_version: '2', checksum: first.checksum });
    expect(await counts()).toEqual({ files: before.files + 1, entries: before.entries + 1, zips: before.zips + 1, temp: 0 });
    expect(await lookup(DSYM_UUID)).toEqual([body.id, rezipped.id, first.id]);

    // Deleting one leaves the other's zip in place.
    const removed = await api(server, `/api/debug_files/${String(body.id)}`, { method: 'DELETE', token: developer.token });
    expect(removed.status, removed.text).toBe(200);
    const kept = await api(server, `/api/debug_files/${String(first.id)}`, { token: developer.token });
    const download = await fetch(kept.body.file_url as string);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(dsymZip)).toBe(true);
    expect(await lookup(DSYM_UUID)).toEqual([rezipped.id, first.id]);
  });

  it('stores an unchanged Proguard mapping for the next version as a new file; the same version again is the stored one', async () => {
    const before = await counts();
    const v1 = readLikeFastlane(await fastlaneDebugFile({ channel_key: android.key, release_version: '2.1.0', build_version: '10' }, proguardZip, 'mapping.zip'));
    expect(v1).toMatchObject({ device_type: 'android', category: 'Proguard', release_version: '2.1.0', build_version: '10' });

    const v1Again = await fastlaneDebugFile({ channel_key: android.key, release_version: '2.1.0', build_version: '10' }, proguardZip, 'mapping.zip');
    expect(v1Again.status).toBe(201);
    expect(readLikeFastlane(v1Again).id).toBe(v1.id);
    expect(await counts()).toEqual({ files: before.files + 1, entries: before.entries + 1, zips: before.zips + 1, temp: 0 });

    const v2Answer = await fastlaneDebugFile({ channel_key: android.key, release_version: '2.2.0', build_version: '11' }, proguardZip, 'mapping.zip');
    expect(v2Answer.status).toBe(201);
    const v2 = readLikeFastlane(v2Answer);
    expect(v2.id).not.toBe(v1.id);
    expect(v2).toMatchObject({ release_version: '2.2.0', build_version: '11', checksum: v1.checksum });
    expect(await counts()).toEqual({ files: before.files + 2, entries: before.entries + 2, zips: before.zips + 2, temp: 0 });

    expect(await lookup(PROGUARD_DEBUG_ID)).toEqual([v2.id, v1.id]);
    expect(await lookup(PROGUARD_ZEALOT_ID)).toEqual([v2.id, v1.id]);
    expect(await listed(android.key, PROGUARD_DEBUG_ID)).toEqual([v2.id, v1.id]);

    // Zealot's download by version finds each.
    for (const [version, id] of [['2.1.0', v1.id], ['2.2.0', v2.id]] as const) {
      const found = await fetch(`${server.url}/api/debug_files/download?channel_key=${android.key}&release_version=${version}`, { redirect: 'manual' });
      expect(found.status).toBe(302);
      expect(found.headers.get('location')).toContain(`/download/debug_files/${String(id)}/`);
    }
  });

  it('stores one file when the same zip arrives twice at once (two CI jobs of one lane)', async () => {
    const before = await counts();
    const fields = { channel_key: android.key, release_version: '3.0.0', build_version: '30' };
    const answers = await Promise.all([fastlaneDebugFile(fields, proguardZip, 'mapping.zip'), fastlaneDebugFile(fields, proguardZip, 'mapping.zip')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const [one, two] = answers.map(readLikeFastlane);
    expect(one!.id).toBe(two!.id);
    expect(await counts()).toEqual({ files: before.files + 1, entries: before.entries + 1, zips: before.zips + 1, temp: 0 });
  });
});
