// `tarmac import zealot` end to end, as a team moving over runs it: the real CLI (a child process)
// reads a real Zealot installation (helpers/zealot/: a 6.x database on the test PostgreSQL and its
// uploads tree, or a 5.3 backup archive made with pg_dump and tar) into a running Tarmac on this
// run's engine. Then what testers and CI hold must still work: an old password signs in, an old
// token and channel key upload, the SDK's version check answers with an old key, old channel and
// release links open, an old download link gives the same bytes. A dry run writes nothing; a second
// run changes nothing; a run after Zealot received a build brings only that one; a run killed
// half-way resumes; a source that is not Zealot's is refused with a sentence.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers/debug-files.ts';
import { cliScript } from './helpers/process.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { makeZealotBackup } from './helpers/zealot/backup.ts';
import { addZealotRelease } from './helpers/zealot/changes.ts';
import { createZealotInstallation, withDatabase, zealotPostgresUrl } from './helpers/zealot/installation.ts';
import type { ZealotInstallation } from './helpers/zealot/installation.ts';

const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

interface CliRun {
  status: number | null;
  stderr: string;
}

/** Runs `tarmac …` as a child process; `killWhen` sends SIGKILL once stderr matches it. */
function tarmac(args: string[], env: Record<string, string>, killWhen?: RegExp): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliScript, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (killWhen && !killed && killWhen.test(stderr)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

function tarmacEnv(server: TestServer): Record<string, string> {
  const { database } = server.config;
  return {
    TARMAC_DATA_DIR: server.dataDir,
    DATABASE_URL: database.engine === 'sqlite' ? `sqlite:${database.filename}` : database.connectionString,
    TARMAC_SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
  };
}

const COUNTED = ['users', 'api_tokens', 'apps', 'schemes', 'channels', 'releases', 'debug_files', 'devices', 'webhooks'] as const;
type Counts = Record<(typeof COUNTED)[number], number>;

async function counts(server: TestServer): Promise<Counts> {
  const { db } = server.database;
  const out = {} as Counts;
  for (const table of COUNTED) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/**
 * Follows redirects within Tarmac (an old link to where its row now is, a download handed to a
 * signed link) and answers the final response. `token`: the caller's, as a Bearer header.
 */
async function follow(server: TestServer, target: string, token?: string): Promise<Response> {
  let url = new URL(target, server.url).toString();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  for (let hops = 0; hops < 5; hops += 1) {
    const response = await fetch(url, { redirect: 'manual', headers });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    url = new URL(location, url).toString();
  }
  throw new Error(`too many redirects from ${target}`);
}

const work = mkdtempSync(path.join(tmpdir(), 'tarmac-zealot-import-'));
let zealot: ZealotInstallation;
let server: TestServer;
let env: Record<string, string>;
let before: Counts;
let afterDryRun: Counts;
let dryRun: CliRun;
let first: CliRun;

beforeAll(async () => {
  zealot = await createZealotInstallation({ shape: '6', dir: path.join(work, 'zealot6') });
  server = await startServer();
  env = tarmacEnv(server);
  before = await counts(server);
  const source = ['--database-url', zealot.databaseUrl, '--uploads', zealot.uploadsDir];
  dryRun = await tarmac(['import', 'zealot', ...source, '--dry-run'], env);
  afterDryRun = await counts(server);
  first = await tarmac(['import', 'zealot', ...source], env);
}, 600_000);

afterAll(async () => {
  await server?.close();
  await zealot?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('tarmac import zealot from a running Zealot 6', () => {
  it('reports what a dry run would do, with counts, and writes nothing', async () => {
    expect(dryRun.status, dryRun.stderr).toBe(0);
    expect(dryRun.stderr).toContain('Dry run: nothing was written');
    expect(dryRun.stderr).toMatch(/users\s+4\s+4\s+0/);
    expect(dryRun.stderr).toMatch(/releases\s+5\s+5\s+0/);
    expect(dryRun.stderr).toMatch(/missing/);
    const dryCounts = await counts(server);
    expect(first.status, first.stderr).toBe(0);
    // Read between the dry run and the real run: not a row more than before.
    expect(afterDryRun).toEqual(before);
    expect(before.users).toBeLessThanOrEqual(1);
    expect(dryCounts.users).toBeGreaterThanOrEqual(before.users);
  });

  it('imports everything and says so', async () => {
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('Import finished');
    const after = await counts(server);
    expect(after.users - before.users).toBe(4);
    expect(after.apps - before.apps).toBe(2);
    expect(after.channels - before.channels).toBe(4);
    expect(after.releases - before.releases).toBe(5);
    expect(after.debug_files - before.debug_files).toBe(2);
    // The release whose file was missing in Zealot is named in the report.
    const missing = zealot.releases.find((release) => release.missing)!;
    expect(first.stderr).toMatch(new RegExp(`releases ${missing.id}: .*missing`));
  });

  it('signs in with an old Zealot password, and keeps the locked user locked', async () => {
    const admin = zealot.users.find((user) => user.username === 'admin')!;
    const session = await signIn(server, admin.username, admin.password);
    expect(session.response.status).toBe(200);
    const stored = await server.database.db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    // Rehashed: the same password still works.
    expect((await signIn(server, admin.username, admin.password)).response.status).toBe(200);
    const locked = zealot.users.find((user) => user.locked)!;
    const refused = await api(server, '/api/session', { method: 'POST', json: { login: locked.username, password: locked.password } });
    expect(refused.status).not.toBe(200);
  });

  it('uploads with an old token and an old channel key', async () => {
    const dev = zealot.users.find((user) => user.username === 'dev')!;
    const channel = zealot.channels.find((item) => item.deviceType === 'Android' && item.password === null)!;
    const form = new FormData();
    form.append('token', dev.token);
    form.append('channel_key', channel.key);
    form.append('file', new Blob([readFileSync(path.join(FIXTURES, 'apps', 'android.apk'))]), 'android.apk');
    const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).toBe(201);
    const body = (await response.json()) as { version: number; channel: { slug: string } };
    expect(body.channel.slug).toBe(channel.slug);
  });

  it('answers the SDK version check with an old channel key', async () => {
    const channel = zealot.channels.find((item) => item.deviceType === 'Android' && item.password === null)!;
    const response = await api(server, `/api/apps/latest?channel_key=${channel.key}&release_version=0.0.1&build_version=0`);
    expect(response.status, response.text).toBe(200);
    expect((response.body as { releases: unknown[] }).releases.length).toBeGreaterThan(0);
  });

  it('opens old channel and release links, and downloads an old build with the same bytes', async () => {
    const admin = zealot.users.find((user) => user.username === 'admin')!;
    for (const channel of zealot.channels.filter((item) => item.password === null)) {
      for (const link of [channel.urls.channel, channel.urls.friendly]) {
        const page = await follow(server, link);
        expect(page.status, link).toBe(200);
      }
    }
    for (const release of zealot.releases.filter((item) => !item.missing)) {
      const channel = zealot.channels.find((item) => item.id === release.channelId)!;
      if (channel.password !== null) continue;
      for (const link of [release.urls.release, release.urls.friendly]) expect((await follow(server, link)).status, link).toBe(200);
      // Zealot's id-only download link answers the app's team (an old token here), not anyone who counts ids.
      const download = await follow(server, release.urls.download, admin.token);
      expect(download.status, release.urls.download).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(release.binary.sha256);
    }
  });

  it('changes nothing when run a second time, and brings only a build Zealot received since', async () => {
    const source = ['--database-url', zealot.databaseUrl, '--uploads', zealot.uploadsDir];
    const settled = await counts(server);
    const again = await tarmac(['import', 'zealot', ...source], env);
    expect(again.status, again.stderr).toBe(0);
    expect(await counts(server)).toEqual(settled);
    expect(again.stderr).toMatch(/releases\s+5\s+0\s+0\s+0\s+0\s+5/);

    const added = await addZealotRelease(zealot, zealot.releases[1]!.channelId);
    const later = await tarmac(['import', 'zealot', ...source], env);
    expect(later.status, later.stderr).toBe(0);
    expect((await counts(server)).releases).toBe(settled.releases + 1);
    const admin = zealot.users.find((user) => user.username === 'admin')!;
    const download = await follow(server, added.urls.download, admin.token);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(added.binary.sha256);
  });
});

describe('tarmac import zealot, a build file put back after the import', () => {
  it('fills in the build that was imported without its file, in place, on the next run', async () => {
    const missing = zealot.releases.find((release) => release.missing)!;
    const admin = zealot.users.find((user) => user.username === 'admin')!;
    const row = () => server.database.db.selectFrom('releases').select(['id', 'version', 'file_missing', 'checksum'])
      .where('id', '=', missing.id).executeTakeFirstOrThrow();
    const before = await row();
    expect(before.file_missing).toMatch(/^file missing/);
    expect((await follow(server, missing.urls.download, admin.token)).status).toBe(404);

    mkdirSync(path.dirname(missing.binary.path), { recursive: true });
    copyFileSync(missing.fixture, missing.binary.path);
    const source = ['--database-url', zealot.databaseUrl, '--uploads', zealot.uploadsDir];
    const dry = await tarmac(['import', 'zealot', ...source, '--dry-run'], env);
    expect(dry.stderr).toContain(`releases ${missing.id}: imported: its file, missing before, is there now: it would be copied`);
    expect((await row()).file_missing).not.toBeNull();

    const filled = await tarmac(['import', 'zealot', ...source], env);
    expect(filled.status, filled.stderr).toBe(0);
    const after = await row();
    expect(after).toMatchObject({ id: before.id, version: before.version, file_missing: null });
    const bytes = readFileSync(missing.fixture);
    expect(after.checksum).toBe(sha256(bytes));
    const download = await follow(server, missing.urls.download, admin.token);
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
    // And a run after that has nothing left to do for it.
    const again = await tarmac(['import', 'zealot', ...source], env);
    expect(again.stderr).not.toContain(`releases ${missing.id}:`);
  });
});

describe('tarmac import zealot from a Zealot 5.3 backup archive, interrupted and resumed', () => {
  let backupZealot: ZealotInstallation;
  let target: TestServer;
  let archive: string;

  beforeAll(async () => {
    backupZealot = await createZealotInstallation({ shape: '5.3', dir: path.join(work, 'zealot53') });
    archive = (await makeZealotBackup(backupZealot, path.join(work, 'backup'))).tarPath;
    target = await startServer();
  }, 600_000);

  afterAll(async () => {
    await target?.close();
    await backupZealot?.drop();
  });

  it('resumes after being killed in the middle of the builds, and ends with every build once', async () => {
    const targetEnv = tarmacEnv(target);
    const killed = await tarmac(['import', 'zealot', '--backup', archive], targetEnv, /releases 2\//);
    expect(killed.status).not.toBe(0);
    const resumed = await tarmac(['import', 'zealot', '--backup', archive], targetEnv);
    expect(resumed.status, resumed.stderr).toBe(0);
    const rows = await target.database.db.selectFrom('releases').select(['id', 'version', 'checksum']).execute();
    expect(rows).toHaveLength(5);
    const admin = backupZealot.users.find((user) => user.username === 'admin')!;
    expect((await signIn(target, admin.username, admin.password)).response.status).toBe(200);
    const release = backupZealot.releases.find((item) => !item.missing)!;
    const download = await follow(target, release.urls.download, admin.token);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(release.binary.sha256);
  });
});

describe('tarmac import zealot refuses what is not a Zealot', () => {
  it('names the problem for a database that is not Zealot\'s and an uploads folder that does not match', async () => {
    const pgUrl = zealotPostgresUrl()!;
    const notZealot = await tarmac(['import', 'zealot', '--database-url', withDatabase(pgUrl, 'postgres'), '--uploads', zealot.uploadsDir], env);
    expect(notZealot.status).toBe(1);
    expect(notZealot.stderr).toMatch(/not .*Zealot/i);
    const wrongUploads = await tarmac(['import', 'zealot', '--database-url', zealot.databaseUrl, '--uploads', work], env);
    expect(wrongUploads.status).toBe(1);
    expect(wrongUploads.stderr).toMatch(/uploads/);
    const neither = await tarmac(['import', 'zealot'], env);
    expect(neither.status).toBe(1);
    expect(neither.stderr).toContain('--backup');
  });
});
