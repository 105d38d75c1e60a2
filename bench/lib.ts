// Shared by the server benchmarks: start a real Tarmac process, read its peak memory and CPU
// time, make big sparse packages, run wrk, upload with curl.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { loadConfig } from '../packages/server/src/config.ts';
import { systemClock } from '../packages/server/src/clock.ts';
import { createDatabase } from '../packages/server/src/db/index.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import type { ReleasesTable } from '../packages/server/src/db/types.ts';
import { versionKey } from '../packages/server/src/modules/versions/fns.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const fixtures = path.resolve(root, '../shared/fixtures');

export interface RunningTarmac {
  child: ChildProcess;
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `node packages/server/src/main.ts` (or `command`, such as the `tarmac serve` of
 * packages/server/bin/tarmac.js) on a free port and waits until /api/health answers.
 */
export async function startTarmac(env: Record<string, string>, command: string[] = [path.join(root, 'packages/server/src/main.ts')]): Promise<RunningTarmac> {
  const port = await freePort();
  const child = spawn(process.execPath, command, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`Tarmac exited with ${child.exitCode}:\n${errors}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error(`Tarmac did not start within 30 s:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    port,
    url,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Peak resident memory of a running process, in MiB (VmHWM). */
export function peakRssMiB(pid: number): number {
  return statusMiB(pid, 'VmHWM');
}

/** A memory figure of a running process from /proc/<pid>/status (VmRSS, VmHWM, RssAnon, RssFile), in MiB. */
export function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Writes a copy of the zip `source` with a `size`-byte stored entry in front of its entries,
 * as a sparse file: the payload is a hole, so making it costs no time or disk, yet it reads
 * as `size` real bytes. The central directory points at the shifted original entries.
 */
export function makeHugeZip(source: string, target: string, size: number, entryName = 'assets/payload.bin'): void {
  const zip = readFileSync(source);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const entries = zip.readUInt16LE(eocd + 10);
  const name = Buffer.from(entryName);
  // Local header: signature, version 20, flags 0, method 0 (stored), time, date, crc (not
  // checked: no parser reads this entry), sizes, name length, extra length 0.
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(size, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const shift = 30 + name.length + size;
  const cd = Buffer.from(zip.subarray(cdOffset, cdOffset + cdSize));
  for (let at = 0; at < cd.length; ) {
    cd.writeUInt32LE(cd.readUInt32LE(at + 42) + shift, at + 42);
    at += 46 + cd.readUInt16LE(at + 28) + cd.readUInt16LE(at + 30) + cd.readUInt16LE(at + 32);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(size, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const newCd = Buffer.concat([central, name, cd]);
  const end = Buffer.from(zip.subarray(eocd, eocd + 22));
  end.writeUInt16LE(entries + 1, 8);
  end.writeUInt16LE(entries + 1, 10);
  end.writeUInt32LE(newCd.length, 12);
  end.writeUInt32LE(shift + cdOffset, 16);
  const fd = openSync(target, 'w');
  try {
    writeSync(fd, Buffer.concat([local, name]), 0, local.length + name.length, 0);
    writeSync(fd, zip, 0, cdOffset, shift);
    writeSync(fd, newCd, 0, newCd.length, shift + cdOffset);
    writeSync(fd, end, 0, end.length, shift + cdOffset + newCd.length);
  } finally {
    closeSync(fd);
  }
}

/** CPU seconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat. */
export function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface CurlUpload {
  seconds: number;
  /** The request body's size (the multipart form), in bytes. */
  bytes: number;
  /** curl's own CPU time (user + system), in seconds. */
  curlCpu: number;
  body: string;
}

/** One curl upload (`args`: its form and URL); the answer must be 201 and goes to `answerFile`. */
export function curlUpload(args: string[], answerFile: string): CurlUpload {
  const out = ['-s', '-S', '-o', answerFile, '-w', '%{http_code} %{time_total} %{size_upload}'];
  const result = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', 'curl', ...out, ...args], { encoding: 'utf8' });
  const [status, seconds, bytes] = result.stdout.trim().split(' ');
  const body = existsSync(answerFile) ? readFileSync(answerFile, 'utf8') : '';
  if (status !== '201') throw new Error(`curl got HTTP ${status}: ${body.slice(0, 500)} ${result.stderr.slice(0, 500)}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr);
  if (!cpu) throw new Error(`no CPU time from /usr/bin/time: ${result.stderr}`);
  return { seconds: Number(seconds), bytes: Number(bytes), curlCpu: Number(cpu[1]) + Number(cpu[2]), body };
}

/** Runs a Node script that prints its port on its first line of output; answers the process and port. */
export async function startScript(file: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { child, port };
}

/**
 * Makes an API token for the admin of the Tarmac on `dataDir`, and an Android channel (through
 * a first, small upload without a channel key); answers both, for `POST /api/apps/upload`.
 */
export function uploadTarget(tarmac: RunningTarmac, dataDir: string): { token: string; channelKey: string } {
  const cli = path.join(root, 'packages/server/bin/tarmac.js');
  const token = spawnSync(process.execPath, [cli, 'token', 'create', '--username', 'admin', '--name', 'bench'], {
    encoding: 'utf8',
    env: { ...process.env, TARMAC_DATA_DIR: dataDir },
  }).stdout.trim();
  const apk = path.join(fixtures, 'apps/android.apk');
  const form = ['-F', `token=${token}`, '-F', `file=@${apk}`];
  const created = spawnSync('curl', ['-s', ...form, `${tarmac.url}/api/apps/upload`], { encoding: 'utf8' });
  const channelKey = (JSON.parse(created.stdout) as { channel: { key: string } }).channel.key;
  return { token, channelKey };
}

/** Runs wrk and answers requests per second. */
export function wrk(url: string, seconds: number, connections = 32, threads = 1): number {
  const result = spawnSync('wrk', ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', url], { encoding: 'utf8' });
  if (result.error) throw new Error(`wrk could not run (${result.error.message}); .ci/apt-packages lists it`);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk printed no rate:\n${result.stdout}\n${result.stderr}`);
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} error responses from ${url}`);
  return Number(match[1]);
}

export interface SeedOptions {
  releases: number;
  slug: string;
  channelKey: string;
  gitUrl?: string | null;
  /** Fields of release number `version` that differ from the plain defaults. */
  release?: (version: number) => Partial<Insertable<ReleasesTable>>;
}

/**
 * Creates the schema in `dataDir` and one app, scheme and Android channel holding `releases`
 * builds (versions 1.<n/100>.<n%100> (n)), written through the real schema in batches.
 * Answers the channel's id and its newest release's id.
 */
export async function seedChannel(dataDir: string, options: SeedOptions): Promise<{ channelId: number; newestReleaseId: number }> {
  const config = loadConfig({ TARMAC_DATA_DIR: dataDir });
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  const { db } = database;
  const timestamp = systemClock.now();
  const app = await db.insertInto('apps').values({ name: 'Bench', archived: false, created_at: timestamp, updated_at: timestamp }).returning('id').executeTakeFirstOrThrow();
  const scheme = await db
    .insertInto('schemes')
    .values({ app_id: app.id, name: 'Beta', new_build_callout: true, retained_builds: 0, created_at: timestamp, updated_at: timestamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const channel = await db
    .insertInto('channels')
    .values({
      scheme_id: scheme.id,
      name: 'Android',
      slug: options.slug,
      key: options.channelKey,
      device_type: 'android',
      bundle_id: '*',
      git_url: options.gitUrl ?? null,
      password_hash: null,
      download_filename_type: 'version_datetime',
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (let start = 1; start <= options.releases; start += 500) {
      const rows: Insertable<ReleasesTable>[] = [];
      for (let version = start; version < start + 500 && version <= options.releases; version++) {
        const releaseVersion = `1.${Math.floor(version / 100)}.${version % 100}`;
        const buildVersion = String(version);
        rows.push({
          channel_id: channel.id,
          version,
          release_version: releaseVersion,
          build_version: buildVersion,
          version_key: versionKey(releaseVersion, buildVersion),
          release_type: 'beta',
          source: 'bench',
          branch: 'main',
          git_commit: 'abcdef0',
          ci_url: null,
          name: 'Bench',
          bundle_id: 'com.example.bench',
          platform: 'android',
          device_type: 'phone',
          format: 'apk',
          min_os_version: '21',
          size: 1000 + version,
          checksum: '0'.repeat(64),
          file_key: `releases/bench/${version}.apk`,
          file_name: 'bench.apk',
          icon_key: null,
          changelog: JSON.stringify([{ message: `Build ${version}` }]),
          custom_fields: '[]',
          metadata: '{}',
          uploader_id: null,
          created_at: timestamp,
          updated_at: timestamp,
          ...options.release?.(version),
        });
      }
      await trx.insertInto('releases').values(rows).execute();
    }
  });
  const newest = await db.selectFrom('releases').select('id').where('channel_id', '=', channel.id).orderBy('version', 'desc').limit(1).executeTakeFirstOrThrow();
  await database.close();
  return { channelId: channel.id, newestReleaseId: newest.id };
}
