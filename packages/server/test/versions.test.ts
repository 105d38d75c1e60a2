// The version checks (/api/apps/latest, /versions, /version_exist) answer with a channel key
// instead of a user token: a missing or unknown key is 401 before anything else. `latest`
// decides "newer" in SQL on version_key (release_version first, then build_version, each by
// RubyGems rules), so these tests seed versions out of order, with lower builds on higher
// releases, other bundle ids and junk, and check that exactly the newer builds come back,
// newest first, always as an array. `versions` pages the channel's history; `version_exist`
// accepts two combinations of fields and answers 200 or 404 exactly, as fastlane expects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase } from '../src/db/index.ts';
import { engineUnderTest } from './helpers/database.ts';
import { compareVersions, versionKey } from '../src/modules/versions/fns.ts';
import { newApp, now } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startServer();
  base = server.url;
});
afterAll(() => server.close());

const UNAUTHORIZED = { error: 'Unauthorized channel key' };
const NOT_FOUND = { error: 'Not found release' };
const COMBINATIONS = 'Send bundle_id with release_version and build_version, or bundle_id with git_commit';

interface SeedFields {
  releaseVersion?: string | null;
  buildVersion?: string | null;
  bundleId?: string | null;
  gitCommit?: string | null;
  createdAt?: string;
  changelog?: { message: string }[];
}

interface Seeded {
  id: number;
  version: number;
  releaseVersion: string | null;
  buildVersion: string | null;
  bundleId: string | null;
  gitCommit: string | null;
  createdAt: string;
  changelog: { message: string }[];
}

/**
 * A release row written straight into the table, as the upload pipeline would leave it, with
 * the next per-channel version number.
 */
async function seed(channel: TestChannel, fields: SeedFields = {}): Promise<Seeded> {
  const { db } = server.database;
  const last = await db.selectFrom('releases').select((eb) => eb.fn.max('version').as('max')).where('channel_id', '=', channel.channelId).executeTakeFirst();
  const version = Number(last?.max ?? 0) + 1;
  const releaseVersion = fields.releaseVersion === undefined ? '1.0.0' : fields.releaseVersion;
  const buildVersion = fields.buildVersion === undefined ? '1' : fields.buildVersion;
  const bundleId = fields.bundleId === undefined ? 'com.example.demo' : fields.bundleId;
  const gitCommit = fields.gitCommit === undefined ? null : fields.gitCommit;
  const createdAt = fields.createdAt ?? now();
  const changelog = fields.changelog ?? [{ message: `Build ${version}` }];
  const row = await db
    .insertInto('releases')
    .values({
      channel_id: channel.channelId,
      version,
      release_version: releaseVersion,
      build_version: buildVersion,
      version_key: versionKey(releaseVersion, buildVersion),
      release_type: 'beta',
      source: 'api',
      branch: 'main',
      git_commit: gitCommit,
      ci_url: null,
      name: 'Demo',
      bundle_id: bundleId,
      platform: 'android',
      device_type: 'phone',
      format: 'apk',
      min_os_version: '21',
      size: 1234,
      checksum: 'a'.repeat(64),
      file_key: `releases/test/${channel.channelId}-${version}.apk`,
      file_name: 'demo.apk',
      icon_key: null,
      changelog: JSON.stringify(changelog),
      custom_fields: '[]',
      metadata: '{}',
      uploader_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, version, releaseVersion, buildVersion, bundleId, gitCommit, createdAt, changelog };
}

/** The whole Release JSON of a seeded row. */
function releaseJson(channel: TestChannel, release: Seeded) {
  return {
    id: release.id,
    version: release.version,
    app_name: 'Demo Beta Android',
    bundle_id: release.bundleId ?? '',
    release_version: release.releaseVersion ?? '',
    build_version: release.buildVersion ?? '',
    release_type: 'beta',
    source: 'api',
    branch: 'main',
    git_commit: release.gitCommit,
    ci_url: null,
    size: 1234,
    platform: 'Android',
    device_type: 'phone',
    format: 'apk',
    min_os_version: '21',
    checksum: 'a'.repeat(64),
    file_name: 'demo.apk',
    icon_url: null,
    install_url: `${base}/${channel.slug}/${release.id}/download`,
    download_url: `${base}/${channel.slug}/${release.id}/download`,
    release_url: `${base}/${channel.slug}/${release.id}`,
    qrcode_url: `${base}/channels/${channel.slug}/releases/${release.id}/qrcode`,
    changelog: release.changelog,
    text_changelog: release.changelog.map((entry) => `- ${entry.message}`).join('\n'),
    custom_fields: [],
    download_count: 0,
    install_count: 0,
    created_at: release.createdAt,
  };
}

/** The whole answer of latest and versions. */
function channelJson(channel: TestChannel, releases: Seeded[], overrides: Record<string, unknown> = {}) {
  return {
    app_name: 'Demo Beta Android',
    bundle_id: '*',
    git_url: null,
    app: { id: channel.appId, name: 'Demo' },
    scheme: { id: channel.schemeId, name: 'Beta', new_build_callout: true, retained_builds: 0 },
    releases: releases.map((release) => releaseJson(channel, release)),
    ...overrides,
  };
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** Ids of the releases in an answer, in order. */
function ids(body: { releases: { id: number }[] }): number[] {
  return body.releases.map((release) => release.id);
}

describe('GET /api/apps/latest', () => {
  let channel: TestChannel;
  let r100: Seeded; // 1.0.0 (100): the caller's own build
  let r101: Seeded; // 1.0.0 (101): same release, higher build
  let r5: Seeded; // 1.0.1 (5): higher release, lower build
  let r200: Seeded; // 0.9 (200): lower release, higher build
  let other: Seeded; // 2.0.0 (300), another bundle id
  let rc: Seeded; // 1.0.1-rc1 (4): a pre-release of 1.0.1
  beforeAll(async () => {
    channel = await newApp(server);
    // Uploaded out of version order, one second apart, so created_at is distinct.
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
    r5 = await seed(channel, { releaseVersion: '1.0.1', buildVersion: '5', createdAt: at(1) });
    r100 = await seed(channel, { releaseVersion: '1.0.0', buildVersion: '100', createdAt: at(2) });
    other = await seed(channel, { releaseVersion: '2.0.0', buildVersion: '300', bundleId: 'com.example.other', createdAt: at(3) });
    r200 = await seed(channel, { releaseVersion: '0.9', buildVersion: '200', createdAt: at(4) });
    r101 = await seed(channel, { releaseVersion: '1.0.0', buildVersion: '101', createdAt: at(5) });
    rc = await seed(channel, { releaseVersion: '1.0.1-rc1', buildVersion: '4', createdAt: at(6) });
  });

  describe('channel key', () => {
    it.each([
      ['missing', ''],
      ['empty', 'channel_key='],
      ['unknown', 'channel_key=nope'],
      ['longer than any key', `channel_key=${'k'.repeat(65)}`],
      ['sent twice', 'channel_key=a&channel_key=b'],
    ])('answers 401 when the key is %s', async (_case, search) => {
      const response = await api(server, `/api/apps/latest?${search}`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(UNAUTHORIZED);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });

    it('answers 401 before looking at invalid input', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: 'nope', release_version: 'x'.repeat(300) })}`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(UNAUTHORIZED);
    });

    it('ignores a user token: it is not the credential here', async () => {
      const user = await server.newUser({ role: 'admin' });
      const response = await api(server, '/api/apps/latest', { token: user.token });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(UNAUTHORIZED);
    });
  });

  describe('validation', () => {
    it('answers 422 for a version longer than the column', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, release_version: 'x'.repeat(256) })}`);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        error: 'Validation failed: release_version is too long (maximum is 255 characters)',
        details: { release_version: ['is too long (maximum is 255 characters)'] },
      });
    });
  });

  describe('releases', () => {
    it('answers the channel and every build newer than the caller’s, newest first, whole', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, release_version: '1.0.0', build_version: '100' })}`);
      expect(response.status).toBe(200);
      // 2.0.0 (300) of another bundle id counts too: no bundle_id was sent.
      expect(response.body).toEqual(channelJson(channel, [other, r5, rc, r101]));
      expect(response.headers.get('last-modified')).toBe(new Date(rc.createdAt).toUTCString());
      expect(response.headers.get('cache-control')).toBe('no-cache, no-store, max-age=0, must-revalidate');
    });

    it('counts a higher release_version as newer whatever its build, and the same one only with a higher build', async () => {
      const response = await api(
        server,
        `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: '1.0.0', build_version: '100' })}`,
      );
      expect(ids(response.body)).toEqual([r5.id, rc.id, r101.id]);
    });

    it('answers nothing to the newest build', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: '1.0.1', build_version: '5' })}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(channelJson(channel, []));
      expect(response.headers.get('last-modified')).toBeNull();
    });

    it('puts a pre-release below its release', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: '1.0.1-rc1', build_version: '4' })}`);
      expect(ids(response.body)).toEqual([r5.id]);
    });

    it('with only build_version, compares build_version alone', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', build_version: '100' })}`);
      // builds 101 and 200, ordered by (release_version, build_version): 1.0.0 (101), then 0.9 (200)
      expect(ids(response.body)).toEqual([r101.id, r200.id]);
    });

    it('with only release_version, compares release_version alone', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: '1.0.0' })}`);
      expect(ids(response.body)).toEqual([r5.id, rc.id]);
    });

    it('with bundle_id, answers only builds with that bundle id', async () => {
      const response = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.other', release_version: '1.0.0', build_version: '100' })}`);
      expect(ids(response.body)).toEqual([other.id]);
      const none = await api(server, `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.none' })}`);
      expect(none.body).toEqual(channelJson(channel, []));
    });

    it('with no versions, answers every build, highest version first', async () => {
      const response = await api(server, `/api/apps/latest?channel_key=${channel.key}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(channelJson(channel, [other, r5, rc, r101, r100, r200]));
    });

    it('treats empty parameters as absent', async () => {
      const response = await api(server, `/api/apps/latest?channel_key=${channel.key}&bundle_id=&release_version=&build_version&sdk=`);
      expect(ids(response.body)).toEqual([other.id, r5.id, rc.id, r101.id, r100.id, r200.id]);
    });

    it('counts a caller version without digits as older than every build', async () => {
      const response = await api(
        server,
        `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: 'unknown', build_version: 'dev' })}`,
      );
      expect(ids(response.body)).toEqual([r5.id, rc.id, r101.id, r100.id, r200.id]);
    });

    it('reads the version out of a prefixed value (android-1.0.0 is 1.0.0)', async () => {
      const response = await api(
        server,
        `/api/apps/latest?${query({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: 'android-1.0.0', build_version: 'b101' })}`,
      );
      expect(ids(response.body)).toEqual([r5.id, rc.id]);
    });

    it('answers releases: [] for a channel with no builds', async () => {
      const empty = await newApp(server);
      const response = await api(server, `/api/apps/latest?${query({ channel_key: empty.key, bundle_id: 'com.example.demo', release_version: '1.0', build_version: '1' })}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(channelJson(empty, []));
    });

    it('answers the channel’s own bundle id rule and git url', async () => {
      const ruled = await newApp(server, { bundleId: 'com.example.demo' });
      await server.database.db.updateTable('channels').set({ git_url: 'https://git.example.com/demo' }).where('id', '=', ruled.channelId).execute();
      const response = await api(server, `/api/apps/latest?channel_key=${ruled.key}`);
      expect(response.body).toEqual(channelJson(ruled, [], { bundle_id: 'com.example.demo', git_url: 'https://git.example.com/demo' }));
    });
  });

  describe('version order', () => {
    // Versions whose string order differs from their version order.
    const VERSIONS = ['1.9', '1.10', '1.0', '1.0.rc1', '1.0.a', '1.0.beta', '2', '1.10.0.1', '10.0', '9.99', '0.1', 'unknown', '', '1.2-rc1', '1.2'];
    let ordered: TestChannel;
    beforeAll(async () => {
      ordered = await newApp(server);
      for (const releaseVersion of VERSIONS) await seed(ordered, { releaseVersion, buildVersion: '1' });
    });

    it('sorts the database’s version_key exactly as compareVersions sorts the values', async () => {
      const rows = await server.database.db
        .selectFrom('releases')
        .select('release_version')
        .where('channel_id', '=', ordered.channelId)
        .orderBy('version_key', 'asc')
        .execute();
      const expected = [...VERSIONS].sort(compareVersions);
      expect(rows.map((row) => row.release_version)).toEqual(expected);
    });

    it('answers the builds above 1.9, by version', async () => {
      const response = await api<{ releases: { release_version: string }[] }>(
        server,
        `/api/apps/latest?${query({ channel_key: ordered.key, release_version: '1.9', build_version: '1' })}`,
      );
      expect(response.body.releases.map((release) => release.release_version)).toEqual(['10.0', '9.99', '2', '1.10.0.1', '1.10']);
    });
  });

  it('answers at most 50 builds', async () => {
    const many = await newApp(server);
    for (let build = 1; build <= 55; build++) await seed(many, { releaseVersion: '3.0', buildVersion: String(build) });
    const response = await api(server, `/api/apps/latest?${query({ channel_key: many.key, release_version: '3.0', build_version: '2' })}`);
    expect(response.body.releases).toHaveLength(50);
    expect(response.body.releases[0].build_version).toBe('55');
    expect(response.body.releases[49].build_version).toBe('6');
  });
});

describe('GET /api/apps/versions', () => {
  let channel: TestChannel;
  let seeded: Seeded[];
  beforeAll(async () => {
    channel = await newApp(server);
    seeded = [];
    // Uploads whose version order differs from upload order: the history follows uploads.
    for (let i = 1; i <= 12; i++) seeded.push(await seed(channel, { releaseVersion: `1.${13 - i}`, buildVersion: String(i) }));
  });

  it.each([
    ['missing', ''],
    ['unknown', 'channel_key=nope'],
  ])('answers 401 when the key is %s', async (_case, search) => {
    const response = await api(server, `/api/apps/versions?${search}&per_page=1000`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(UNAUTHORIZED);
  });

  it.each([
    ['per_page=101', { per_page: ['must be at most 100'] }],
    ['per_page=0', { per_page: ['must be at least 1'] }],
    ['page=0', { page: ['must be at least 1'] }],
    ['page=x', { page: ['must be a whole number'] }],
  ])('answers 422 for %s', async (search, details) => {
    const response = await api(server, `/api/apps/versions?channel_key=${channel.key}&${search}`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: `Validation failed: ${Object.entries(details).map(([f, m]) => `${f} ${m[0]}`).join('; ')}`, details });
  });

  it('answers 10 builds per page by default, the latest upload first, with totals in headers', async () => {
    const response = await api(server, `/api/apps/versions?channel_key=${channel.key}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(channelJson(channel, [...seeded].reverse().slice(0, 10)));
    expect(response.headers.get('x-total-count')).toBe('12');
    expect(response.headers.get('x-total-pages')).toBe('2');
    expect(response.headers.get('x-page')).toBe('1');
    expect(response.headers.get('x-per-page')).toBe('10');
    expect(response.headers.get('link')).toContain('rel="next"');
  });

  it('answers the page asked for', async () => {
    const second = await api(server, `/api/apps/versions?channel_key=${channel.key}&page=2`);
    expect(ids(second.body)).toEqual([seeded[1]!.id, seeded[0]!.id]);
    const third = await api(server, `/api/apps/versions?channel_key=${channel.key}&page=3&per_page=5`);
    expect(ids(third.body)).toEqual([seeded[1]!.id, seeded[0]!.id]);
    expect(third.headers.get('x-total-pages')).toBe('3');
    const beyond = await api(server, `/api/apps/versions?channel_key=${channel.key}&page=9`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.releases).toEqual([]);
  });

  it('answers releases: [] for a channel with no builds', async () => {
    const empty = await newApp(server);
    const response = await api(server, `/api/apps/versions?channel_key=${empty.key}`);
    expect(response.body).toEqual(channelJson(empty, []));
    expect(response.headers.get('x-total-count')).toBe('0');
  });
});

describe('GET /api/apps/version_exist', () => {
  let channel: TestChannel;
  let first: Seeded;
  let again: Seeded;
  let withCommit: Seeded;
  beforeAll(async () => {
    channel = await newApp(server);
    first = await seed(channel, { releaseVersion: '2.1.0', buildVersion: '7' });
    again = await seed(channel, { releaseVersion: '2.1.0', buildVersion: '7' });
    withCommit = await seed(channel, { releaseVersion: '2.2.0', buildVersion: '8', gitCommit: 'abc123' });
  });

  function exist(params: Record<string, string>) {
    return api(server, `/api/apps/version_exist?${query(params)}`);
  }

  it.each([
    ['missing', {}],
    ['unknown', { channel_key: 'nope', bundle_id: 'com.example.demo', release_version: '2.1.0', build_version: '7' }],
  ])('answers 401 when the key is %s', async (_case, params) => {
    const response = await exist(params);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 422 without bundle_id', async () => {
    const response = await exist({ channel_key: channel.key, release_version: '2.1.0', build_version: '7' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: 'Validation failed: bundle_id is required', details: { bundle_id: ['is required'] } });
    const blank = await exist({ channel_key: channel.key, bundle_id: '', release_version: '2.1.0', build_version: '7' });
    expect(blank.body).toMatchObject({ error: "Validation failed: bundle_id can't be blank", details: { bundle_id: ["can't be blank"] } });
  });

  it.each([
    ['neither versions nor git_commit', {}, {
      release_version: ['is required unless git_commit is given'],
      build_version: ['is required unless git_commit is given'],
      git_commit: ['is required unless release_version and build_version are given'],
    }],
    ['empty versions and git_commit', { release_version: '', build_version: '', git_commit: '' }, {
      release_version: ['is required unless git_commit is given'],
      build_version: ['is required unless git_commit is given'],
      git_commit: ['is required unless release_version and build_version are given'],
    }],
  ])('answers 422 naming the accepted combinations for %s', async (_case, params, details) => {
    const response = await exist({ channel_key: channel.key, bundle_id: 'com.example.demo', ...params });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: COMBINATIONS, details });
  });

  it.each([
    ['release_version alone', { release_version: '2.1.0' }],
    ['an empty build_version (fastlane sends nil so)', { release_version: '2.1.0', build_version: '' }],
    ['build_version alone', { build_version: '7' }],
  ])('looks up what is given, as Zealot does: %s finds the latest such build, and an absent one is 404', async (_case, params) => {
    const found = await exist({ channel_key: channel.key, bundle_id: 'com.example.demo', ...params });
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(again.id);
    const absent = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value === '' ? '' : `${value}9`]));
    const missing = await exist({ channel_key: channel.key, bundle_id: 'com.example.demo', ...absent });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not found release' });
  });

  it('answers 200 with the latest upload of that bundle id, release_version and build_version', async () => {
    const response = await exist({ channel_key: channel.key, bundle_id: 'com.example.demo', release_version: '2.1.0', build_version: '7' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(releaseJson(channel, again));
    expect(first.id).toBeLessThan(again.id);
  });

  it('answers 200 with the build of that git_commit', async () => {
    const response = await exist({ channel_key: channel.key, bundle_id: 'com.example.demo', git_commit: 'abc123' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(releaseJson(channel, withCommit));
  });

  it.each([
    ['another build_version', { release_version: '2.1.0', build_version: '8' }],
    ['an equal but differently written version (exact match only)', { release_version: '2.1', build_version: '7' }],
    ['another bundle id', { release_version: '2.1.0', build_version: '7', bundle_id: 'com.example.other' }],
    ['another git_commit', { git_commit: 'fff' }],
    ['versions and a git_commit of different builds', { release_version: '2.1.0', build_version: '7', git_commit: 'abc123' }],
  ])('answers 404 for %s', async (_case, params) => {
    const response = await exist({ channel_key: channel.key, bundle_id: 'com.example.demo', ...params });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(NOT_FOUND);
  });

  it('answers 404 for a build of another channel', async () => {
    const elsewhere = await newApp(server);
    const response = await exist({ channel_key: elsewhere.key, bundle_id: 'com.example.demo', release_version: '2.1.0', build_version: '7' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(NOT_FOUND);
  });
});

/*
 * latest answers are cached (modules/versions/cache.ts): exact within one process, because
 * every write through its database handle moves the write generation; on PostgreSQL exact across
 * instances too (every committed write NOTIFYs the others: db/change-feed.ts); bounded by a 2 s
 * TTL for what no generation counts (another process writing a SQLite file).
 */
describe('GET /api/apps/latest answer cache', () => {
  it('shows a new build at once when this process wrote it', async () => {
    const channel = await newApp(server);
    const ask = () => api<{ releases: { id: number }[] }>(server, `/api/apps/latest?${query({ channel_key: channel.key, release_version: '1.0.0', build_version: '1' })}`);
    await seed(channel, { releaseVersion: '1.0.0', buildVersion: '1' });
    expect((await ask()).body.releases).toEqual([]);
    expect((await ask()).body.releases).toEqual([]);
    const newer = await seed(channel, { releaseVersion: '1.0.0', buildVersion: '2' });
    expect(ids((await ask()).body)).toEqual([newer.id]);
  });

  it('shows a build another instance wrote once the TTL has passed (SQLite) or at once (PostgreSQL)', async () => {
    const channel = await newApp(server);
    const ask = () => api<{ releases: { id: number }[] }>(server, `/api/apps/latest?${query({ channel_key: channel.key, release_version: '1.0.0', build_version: '1' })}`);
    const mine = await seed(channel, { releaseVersion: '1.0.0', buildVersion: '1' });
    expect((await ask()).body.releases).toEqual([]);
    // Another instance: a second handle on the same database, whose writes this process's
    // write generation does not count.
    const other = createDatabase(server.config.database);
    const { id: _id, ...fields } = await other.db.selectFrom('releases').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
    const insert = (releaseVersion: string, offset: number) =>
      other.db
        .insertInto('releases')
        .values({ ...fields, version: mine.version + offset, release_version: releaseVersion, version_key: versionKey(releaseVersion, '1') })
        .returning('id')
        .executeTakeFirstOrThrow();
    try {
      if (engineUnderTest() === 'postgres') {
        await new Promise((resolve) => setTimeout(resolve, 300)); // the server listens by now
        expect((await ask()).body.releases).toEqual([]); // cached
        // A write nobody is told of stays unseen until the TTL: the cache holds, NOTIFY is what clears it.
        await sql`alter table releases disable trigger releases_notify_distribution`.execute(other.db);
        const silent = await insert('1.5.0', 1);
        await sql`alter table releases enable trigger releases_notify_distribution`.execute(other.db);
        expect((await ask()).body.releases).toEqual([]);
        const told = await insert('2.0.0', 2);
        const started = Date.now();
        let seen: number[] = [];
        while (Date.now() - started < 1500 && seen.length === 0) seen = ids((await ask()).body);
        expect(seen).toEqual([told.id, silent.id]);
        expect(Date.now() - started).toBeLessThan(1000); // well within the 2 s TTL
        return;
      }
      const inserted = await insert('2.0.0', 1);
      expect((await ask()).body.releases).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(ids((await ask()).body)).toEqual([inserted.id]);
    } finally {
      await other.close();
    }
  });
});
