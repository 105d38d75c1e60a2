// Zealot's clients against channel bundle-id rules and uploads without a channel key (issue
// 12, items 4 and 5), replayed the way zealot-contract.test.ts replays them: fastlane's
// multipart through Faraday, the Android SDK's OkHttp query read with org.json's strict
// getters, the iOS SDK's query.
//
// Item 4: Zealot matches a channel's bundle_id as an unanchored Ruby regular expression
// ("*" alone accepts anything). Tarmac keeps that meaning, runs it on a linear-time engine
// (so "(a+)+$" cannot hang a request), keeps its own globs ("com.example.*": the whole id),
// and refuses when the channel is saved what cannot run (422 naming bundle_id).
//
// Item 5: fastlane's `zealot` action without channel_key, run five times on the same apk,
// made five apps; an SDK embedding the first channel key never saw the later builds. Now the
// same package from someone who may upload to a matching channel lands in it, and the answer's
// `placement` says where the build went.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleIdMatches } from '../src/modules/uploads/fns.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const fixture = (name: string) => path.join(FIXTURES, name);

// What the fixtures hold (../shared/fixtures/README.md).
const ANDROID = { file: 'android.apk', name: 'AppInfoDemo', bundleId: 'com.icyleaf.appinfodemo', releaseVersion: '2.1.0', buildVersion: '10' };
const IPHONE = { file: 'iphone.ipa', name: 'AppInfoDemo', bundleId: 'com.icyleaf.AppInfoDemo', releaseVersion: '1.2.3', buildVersion: '5' };

interface Response {
  status: number;
  text: string;
}

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, text: await response.text() };
}

/**
 * fastlane's `zealot` action through Faraday 1.x + multipart-post: the RubyMultipartPost
 * boundary, `channel_key` sent empty when unset, the file part with Content-Length,
 * application/octet-stream and Content-Transfer-Encoding, `custom_fields` always sent.
 */
function fastlaneUpload(fields: Record<string, string>, file: string): Promise<Response> {
  const boundary = `-----------RubyMultipartPost-${randomBytes(16).toString('hex')}`;
  const chunks: Buffer[] = [];
  const text = (name: string, value: string) => chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  text('token', fields.token ?? '');
  text('channel_key', fields.channel_key ?? '');
  const bytes = readFileSync(file);
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Length: ${bytes.length}\r\n` +
        'Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  );
  for (const [name, value] of Object.entries({ source: 'fastlane', custom_fields: '["[]"]', ...fields })) {
    if (name !== 'token' && name !== 'channel_key') text(name, value);
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return send(`${server.url}/api/apps/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': 'Faraday v1.1.0' },
    body: Buffer.concat(chunks),
  });
}

interface UploadAnswer {
  id: number;
  version: number;
  app: { id: number; name: string };
  scheme: { id: number; name: string };
  channel: { id: number; key?: string; slug: string };
  placement: string;
}

async function uploadWithoutKey(user: TestUser, file: string, fields: Record<string, string> = {}): Promise<UploadAnswer> {
  const response = await fastlaneUpload({ token: user.token, channel_key: '', ...fields }, fixture(file));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return JSON.parse(response.text) as UploadAnswer;
}

/** org.json's getters: a wrong type throws, which the Android SDK treats as "no update". */
function androidLatest(response: Response): { releaseVersion: string; buildVersion: string; versions: number[] } | null {
  if (response.status !== 200) return null;
  const root = JSON.parse(response.text) as { releases?: unknown };
  if (!Array.isArray(root.releases) || root.releases.length === 0) return null;
  const releases = root.releases as { release_version: unknown; build_version: unknown; version: unknown }[];
  const first = releases[0]!;
  if (typeof first.release_version !== 'string' || typeof first.build_version !== 'string') return null;
  return { releaseVersion: first.release_version, buildVersion: first.build_version, versions: releases.map((r) => r.version as number) };
}

/** OkHttp's HttpUrl.addQueryParameter order, as the Android SDK 0.2.0 builds it. */
function androidLatestUrl(channelKey: string, releaseVersion: string, buildVersion: string, bundleId: string): string {
  const query = new URLSearchParams();
  query.append('channel_key', channelKey);
  query.append('release_version', releaseVersion);
  query.append('build_version', buildVersion);
  query.append('bundle_id', bundleId);
  query.append('sdk', 'android-0.2.0');
  return `${server.url}/api/apps/latest?${query.toString()}`;
}

async function appsNamed(name: string): Promise<number> {
  const rows = await server.database.db.selectFrom('apps').select('id').where('name', '=', name).execute();
  return rows.length;
}

describe('POST /api/apps/upload without channel_key (item 5)', () => {
  it('five fastlane runs of the same apk: one app, five releases, and the first key sees the latest through the Android SDK', async () => {
    const developer = await server.newUser({ role: 'developer' });
    const before = await appsNamed(ANDROID.name);
    const answers: UploadAnswer[] = [];
    for (let run = 1; run <= 5; run++) answers.push(await uploadWithoutKey(developer, ANDROID.file, { changelog: `Run ${run}` }));
    expect(answers.map((a) => a.placement)).toEqual(['created', 'bundle_id', 'bundle_id', 'bundle_id', 'bundle_id']);
    expect(answers.map((a) => a.version)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(answers.map((a) => a.app.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.channel.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.channel.key)).size).toBe(1);
    expect(await appsNamed(ANDROID.name)).toBe(before + 1);

    const firstKey = answers[0]!.channel.key!;
    const response = await send(androidLatestUrl(firstKey, '2.0.0', '9', ANDROID.bundleId));
    expect(androidLatest(response)).toEqual({
      releaseVersion: ANDROID.releaseVersion,
      buildVersion: ANDROID.buildVersion,
      versions: [5, 4, 3, 2, 1],
    });
    const latest = await send(`${server.url}/api/apps/latest?channel_key=${firstKey}`);
    expect(JSON.parse(latest.text).releases[0]).toMatchObject({ version: 5, bundle_id: ANDROID.bundleId });
  });

  it('an ipa uploaded again without a key lands in the channel of the first, and the iOS SDK sees it', async () => {
    const developer = await server.newUser({ role: 'developer' });
    const first = await uploadWithoutKey(developer, IPHONE.file);
    const second = await uploadWithoutKey(developer, IPHONE.file);
    expect([first.placement, second.placement]).toEqual(['created', 'bundle_id']);
    expect(second).toMatchObject({ version: 2, app: { id: first.app.id }, channel: { id: first.channel.id, key: first.channel.key } });
    const query = `channel_key=${first.channel.key!}&bundle_id=${IPHONE.bundleId}&release_version=1.2.3&build_version=4&sdk=ios-0.2.1`;
    const response = await send(`${server.url}/api/apps/latest?${query}`);
    expect(response.status).toBe(200);
    expect((JSON.parse(response.text) as { releases: { version: number }[] }).releases.map((r) => r.version)).toEqual([2, 1]);
  });

  it('someone who may not upload to the matching channel gets a new app; a member who is its developer lands in it', async () => {
    const owner = await server.newUser({ role: 'developer' });
    const mine = await uploadWithoutKey(owner, ANDROID.file);
    // Another developer, no collaborator of the app: a new app of their own.
    const stranger = await server.newUser({ role: 'developer' });
    const theirs = await uploadWithoutKey(stranger, ANDROID.file);
    expect(theirs.placement).toBe('created');
    expect(theirs.app.id).not.toBe(mine.app.id);
    // A read-only collaborator of the app cannot upload to it either.
    const reader = await server.newUser({ role: 'developer' });
    await addCollaborator(server, mine.app.id, reader.id, 'member');
    const readers = await uploadWithoutKey(reader, ANDROID.file);
    expect(readers.placement).toBe('created');
    expect(readers.app.id).not.toBe(mine.app.id);
    // A global member (who may not create apps) who is one of the app's developers: its channel.
    const member = await server.newUser({ role: 'member' });
    await addCollaborator(server, mine.app.id, member.id, 'developer');
    const members = await uploadWithoutKey(member, ANDROID.file);
    expect(members).toMatchObject({ placement: 'bundle_id', app: { id: mine.app.id }, channel: { id: mine.channel.id } });
    // A global member with no app to upload to is refused before the file, as before.
    const outsider = await server.newUser({ role: 'member' });
    const refused = await fastlaneUpload({ token: outsider.token, channel_key: '' }, fixture(ANDROID.file));
    expect([refused.status, JSON.parse(refused.text)]).toMatchObject([403, { error: 'Only developers and administrators can create apps' }]);
  });

  it("falls back to the app's name (as Zealot 5 did): a channel without builds of an app named like the package", async () => {
    const developer = await server.newUser({ role: 'developer' });
    const named = await newApp(server, { name: ANDROID.name, ownerId: developer.id, deviceType: 'android', channel: 'Android' });
    // A channel for another platform, and one whose rule the package does not pass, are skipped.
    await newApp(server, { name: ANDROID.name, ownerId: developer.id, deviceType: 'ios', channel: 'iOS' });
    const answer = await uploadWithoutKey(developer, ANDROID.file);
    expect(answer).toMatchObject({ placement: 'app_name', app: { id: named.appId }, channel: { id: named.channelId }, version: 1 });
    // `name` picks the app: another name makes another app.
    const other = await uploadWithoutKey(developer, ANDROID.file, { name: 'Demo Nightly' });
    expect(other).toMatchObject({ placement: 'created', app: { name: 'Demo Nightly' } });
    const again = await uploadWithoutKey(developer, ANDROID.file, { name: 'Demo Nightly' });
    expect(again).toMatchObject({ placement: 'bundle_id', app: { id: other.app.id }, version: 2 });
  });

  it("skips a channel whose rule refuses the package, and says which channel the key named", async () => {
    const developer = await server.newUser({ role: 'developer' });
    const strict = await newApp(server, { name: ANDROID.name, ownerId: developer.id, deviceType: 'android', bundleId: '^com\\.example\\.' });
    const answer = await uploadWithoutKey(developer, ANDROID.file);
    expect(answer.placement).toBe('created');
    expect(answer.app.id).not.toBe(strict.appId);
    const keyed = await fastlaneUpload({ token: developer.token, channel_key: answer.channel.key! }, fixture(ANDROID.file));
    expect(JSON.parse(keyed.text)).toMatchObject({ placement: 'channel_key', version: 2 });
  });
});

describe("channel bundle_id rules are Zealot's regular expressions (item 4)", () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await server.newUser({ role: 'developer' });
  });

  async function channelWithRule(rule: string) {
    const channel = await newApp(server, { ownerId: admin.id, deviceType: 'android' });
    const saved = await api(server, `/api/channels/${channel.channelId}`, { method: 'PUT', token: admin.token, json: { bundle_id: rule } });
    return { channel, saved };
  }

  it("accepts Zealot's three examples, Tarmac's globs and \"*\" for com.icyleaf.appinfodemo", async () => {
    for (const rule of ['com.icyleaf', 'com\\.icyleaf\\..*', '^com\\.icyleaf\\.appinfodemo$', '\\Acom\\.icyleaf\\.appinfodemo\\z', 'com.icyleaf.*', '*.appinfodemo', '*']) {
      const { channel, saved } = await channelWithRule(rule);
      expect([saved.status, saved.body.bundle_id], rule).toEqual([200, rule]);
      const response = await fastlaneUpload({ token: admin.token, channel_key: channel.key }, fixture(ANDROID.file));
      expect(response.status, rule).toBe(201);
    }
  });

  it('refuses what the rule does not accept, naming both', async () => {
    for (const rule of ['^com\\.example', 'com\\.icyleaf\\.appinfodemo\\.', 'com.icyleaf.*.demo', '^icyleaf', '(?i)^COM\\.EXAMPLE']) {
      const { channel, saved } = await channelWithRule(rule);
      expect(saved.status, rule).toBe(200);
      const response = await fastlaneUpload({ token: admin.token, channel_key: channel.key }, fixture(ANDROID.file));
      expect([response.status, JSON.parse(response.text).details], rule).toEqual([
        422,
        { file: [`has bundle id "${ANDROID.bundleId}", but channel "Android" takes only bundle id "${rule}"`] },
      ]);
    }
  });

  it('answers a catastrophic pattern at once: "(a+)+$" against a long id', async () => {
    const { channel, saved } = await channelWithRule('(a+)+$');
    expect(saved.status).toBe(200);
    const started = Date.now();
    const response = await fastlaneUpload({ token: admin.token, channel_key: channel.key }, fixture(ANDROID.file));
    expect(response.status).toBe(422);
    // No bundle id the parser reads is long; the matcher itself gets one.
    const id = `${'a'.repeat(50_000)}!`;
    for (const rule of ['(a+)+$', '(a|aa)+$', '(.*a){25}', '^(a+)+b']) expect(bundleIdMatches(rule, id), rule).toBe(rule === '(.*a){25}');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 422 naming bundle_id when a rule cannot run, on PUT, on POST and on POST /api/apps', async () => {
    const cases: [string, string][] = [
      ['(a)\\1', 'a backreference'],
      ['(?=com)', 'lookahead or lookbehind'],
      ['(?<!x)com', 'lookahead or lookbehind'],
      ['(?>com)', 'an atomic group'],
      ['com.(icyleaf', 'is not a valid regular expression (missing closing ): `com.(icyleaf`)'],
      ['a{2000}', 'is not a valid regular expression'],
      ['[z-a]', 'is not a valid regular expression'],
      ['x'.repeat(256), 'is too long'],
    ];
    for (const [rule, message] of cases) {
      const { channel, saved } = await channelWithRule(rule);
      expect(saved.status, rule).toBe(422);
      expect(saved.body.error, rule).toEqual(expect.any(String));
      expect(saved.body.details.bundle_id[0], rule).toContain(message);
      const created = await api(server, `/api/schemes/${channel.schemeId}/channels`, { method: 'POST', token: admin.token, json: { name: 'X', device_type: 'android', bundle_id: rule } });
      expect([created.status, Object.keys(created.body.details ?? {})], rule).toEqual([422, ['bundle_id']]);
      const row = await server.database.db.selectFrom('channels').select('bundle_id').where('id', '=', channel.channelId).executeTakeFirstOrThrow();
      expect(row.bundle_id).toBe('*');
    }
    const app = await api(server, '/api/apps', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Rules', schemes: [{ name: 'Beta', channels: [{ name: 'Android', device_type: 'android', bundle_id: '(?=x)' }] }] },
    });
    expect(app.status).toBe(422);
    expect(Object.keys(app.body.details)).toEqual(['schemes.0.channels.0.bundle_id']);
  });

  it('a rule saved before rules were checked accepts nothing and says so, without a 500', async () => {
    const channel = await newApp(server, { ownerId: admin.id, deviceType: 'android', bundleId: '(?=com)' });
    const response = await fastlaneUpload({ token: admin.token, channel_key: channel.key }, fixture(ANDROID.file));
    expect(response.status).toBe(422);
    expect(JSON.parse(response.text).details.file[0]).toMatch(/^cannot be checked: channel "Android" has the bundle id rule "\(\?=com\)", which uses lookahead/);
  });
});
