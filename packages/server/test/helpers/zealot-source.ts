// A tiny hand-made Zealot installation for the zealot-import source tests: a few tables in the
// shape of Zealot 6.x (zealot-schema.md) with their rows in PostgreSQL's text form, written out
// as a pg_dump plain-SQL dump (for a backup archive) or created in a live PostgreSQL, so both
// sources are checked against the same expectations.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { expect } from 'vitest';
import type { ZealotRow, ZealotSource } from '../../src/modules/zealot-import/source/types.ts';

export interface HandTable {
  name: string;
  columns: [name: string, type: string][];
  /** Rows in PostgreSQL's text form (null for NULL), in the order they are written (not id order). */
  rows: (string | null)[][];
}

export const ZEALOT_6_MIGRATIONS = ['20140926021348', '20150210090159', '20201216070418', '20230306061106', '20241127060125', '20250320170907'];

export const LONG_NAME = `${'very-long-build-name-'.repeat(6)}1.0.0.apk`;

export function zealotTables(migrations: readonly string[] = ZEALOT_6_MIGRATIONS): HandTable[] {
  return [
    { name: 'schema_migrations', columns: [['version', 'character varying']], rows: migrations.map((version) => [version]) },
    {
      name: 'users',
      columns: [['id', 'bigint'], ['username', 'character varying'], ['email', 'character varying'], ['role', 'integer'],
        ['locked_at', 'timestamp(6) without time zone'], ['created_at', 'timestamp(6) without time zone']],
      rows: [['1', 'admin', 'admin@example.com', '2', null, '2024-05-22 01:59:17.123456']],
    },
    { name: 'apps', columns: [['id', 'bigint'], ['name', 'character varying'], ['archived', 'boolean']], rows: [['1', '测试 App', 'f'], ['2', 'Old\tone', 't']] },
    { name: 'apps_users', columns: [['app_id', 'bigint'], ['user_id', 'bigint'], ['role', 'integer'], ['owner', 'boolean']],
      rows: [['2', '1', '2', 't'], ['1', '1', '2', 't'], ['1', '1', '2', 't']] }, // a duplicate pair, read once
    { name: 'schemes', columns: [['id', 'bigint'], ['app_id', 'bigint'], ['name', 'character varying']], rows: [['5', '1', 'Beta']] },
    { name: 'channels', columns: [['id', 'bigint'], ['scheme_id', 'bigint'], ['slug', 'character varying'], ['key', 'character varying']],
      rows: [['7', '5', 'AbCd', 'k3y']] },
    {
      name: 'releases',
      columns: [['id', 'bigint'], ['channel_id', 'bigint'], ['version', 'integer'], ['file', 'character varying'],
        ['icon', 'character varying'], ['changelog', 'jsonb'], ['custom_fields', 'jsonb'], ['created_at', 'timestamp(6) without time zone']],
      rows: [
        ['12', '7', '3', '../../etc/passwd', null, '[]', '[]', '2024-06-01 00:00:00'],
        ['10', '7', '1', 'app.apk', 'icon.png', '[{"message": "first\\nline", "author": "a\\\\b"}]', '[{"name":"k","value":"v"}]',
          '2024-05-30 10:00:00.5'],
        ['11', '7', '2', LONG_NAME, null, '[]', '[]', '2024-05-31 10:00:00'],
        ['13', '7', '4', 'gone.ipa', null, '[]', '[]', '2024-06-02 00:00:00'],
      ],
    },
    { name: 'debug_files', columns: [['id', 'bigint'], ['app_id', 'bigint'], ['file', 'character varying'], ['checksum', 'character varying']],
      rows: [['3', '1', 'dsym.zip', 'abc']] },
    { name: 'backups', columns: [['id', 'bigint'], ['key', 'character varying'], ['enabled_apps', 'integer[]']], rows: [['1', 'daily', '{1,2}']] },
  ];
}

/** What the upload files hold, by their path under public/uploads. */
export const UPLOAD_FILES: Record<string, string> = {
  'apps/a1/r10/binary/app.apk': 'APK BYTES',
  'apps/a1/r10/icons/icon.png': 'PNG BYTES',
  [`apps/a1/r11/binary/${LONG_NAME}`]: 'LONG BYTES',
  'debug_files/a1/d3/dsym.zip': 'ZIP BYTES',
};

function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r');
}

/** The tables as `pg_dump --clean` writes them (plain SQL). */
export function dumpSql(tables: readonly HandTable[]): string {
  const lines = ['--', '-- PostgreSQL database dump', '--', "SET client_encoding = 'UTF8';", ''];
  for (const table of tables) {
    lines.push(`DROP TABLE IF EXISTS public.${table.name};`, `CREATE TABLE public.${table.name} (`);
    table.columns.forEach(([name, type], at) => lines.push(`    ${name} ${type}${at < table.columns.length - 1 ? ',' : ''}`));
    lines.push(');', '', `ALTER TABLE public.${table.name} OWNER TO zealot;`, '');
  }
  for (const table of tables) {
    lines.push(`COPY public.${table.name} (${table.columns.map(([name]) => name).join(', ')}) FROM stdin;`);
    for (const row of table.rows) lines.push(row.map(copyText).join('\t'));
    lines.push('\\.', '', '');
  }
  lines.push('CREATE INDEX index_apps_on_name ON public.apps USING btree (name);', '');
  return lines.join('\n');
}

/** Writes the uploads tree under `dir`. */
export function writeUploads(dir: string): void {
  for (const [file, text] of Object.entries(UPLOAD_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/**
 * A backup archive as Zealot's backup manager makes one (database.sql.gz, uploads.tar.gz, info file), with its .sha256;
 * the dump written from `tables`, or `dump` (a real pg_dump's output).
 */
export function writeBackup(
  dir: string,
  tables: readonly HandTable[],
  { sha256 = true, dump }: { sha256?: boolean; dump?: Buffer } = {},
): string {
  const work = path.join(dir, 'work');
  writeUploads(path.join(work, 'uploads'));
  writeFileSync(path.join(work, 'database.sql.gz'), gzipSync(dump ?? dumpSql(tables)));
  execFileSync('tar', ['-C', path.join(work, 'uploads'), '-czf', path.join(work, 'uploads.tar.gz'), '.']);
  writeFileSync(path.join(work, 'backup_information.yml'), ':zealot_version: 6.2.0\n');
  const archive = path.join(dir, '1767225600_2026_01_01_6.2.0_zealot_backup.tar');
  execFileSync('tar', ['-C', work, '-cf', archive, 'database.sql.gz', 'uploads.tar.gz', 'backup_information.yml']);
  if (sha256) {
    const hash = createHash('sha256').update(execFileSync('cat', [archive], { maxBuffer: 64 << 20 })).digest('hex');
    writeFileSync(`${archive}.sha256`, hash);
  }
  return archive;
}

/** Creates the tables in a live PostgreSQL (the values given as text, cast by the columns' types). */
export async function createTables(client: pg.Client, tables: readonly HandTable[]): Promise<void> {
  for (const table of tables) {
    await client.query(`CREATE TABLE ${table.name} (${table.columns.map(([name, type]) => `"${name}" ${type}`).join(', ')})`);
    for (const row of table.rows) {
      const placeholders = row.map((_, at) => `$${at + 1}`).join(', ');
      await client.query(`INSERT INTO ${table.name} VALUES (${placeholders})`, row);
    }
  }
}

/** Reads a whole stream to a string. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function collect(rows: AsyncIterable<ZealotRow>): Promise<ZealotRow[]> {
  const out: ZealotRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

/** The checks every source of the hand-made installation passes (backup or live PostgreSQL). */
export async function expectHandInstallation(source: ZealotSource): Promise<void> {
  expect(await source.version()).toEqual({ major: 6, latestMigration: '20250320170907', unknownMigrations: [] });
  expect(await source.columns('apps')).toEqual([
    { name: 'id', type: 'bigint' },
    { name: 'name', type: 'character varying' },
    { name: 'archived', type: 'boolean' },
  ]);
  expect(await source.columns('apple_keys')).toEqual([]);
  expect(await source.keyColumns('apps_users')).toEqual(['app_id', 'user_id']);
  expect(await source.keyColumns('releases')).toEqual(['id']);

  expect(await collect(source.rows('apps'))).toEqual([
    { id: 1, name: '测试 App', archived: false },
    { id: 2, name: 'Old\tone', archived: true },
  ]);
  expect(await collect(source.rows('users'))).toEqual([
    { id: 1, username: 'admin', email: 'admin@example.com', role: 2, locked_at: null, created_at: '2024-05-22T01:59:17.123Z' },
  ]);
  const releases = await collect(source.rows('releases', { batchSize: 2 }));
  expect(releases.map((row) => row.id)).toEqual([10, 11, 12, 13]);
  expect(releases[0]).toMatchObject({
    channel_id: 7,
    version: 1,
    changelog: [{ message: 'first\nline', author: 'a\\b' }],
    custom_fields: [{ name: 'k', value: 'v' }],
    created_at: '2024-05-30T10:00:00.500Z',
  });
  expect((await collect(source.rows('releases', { afterId: 11, batchSize: 1 }))).map((row) => row.id)).toEqual([12, 13]);
  expect([await source.count('releases'), await source.count('apps_users'), await source.count('apple_keys')]).toEqual([4, 2, 0]);
  expect(await collect(source.rows('apps_users'))).toEqual([
    { app_id: 1, user_id: 1, role: 2, owner: true },
    { app_id: 2, user_id: 1, role: 2, owner: true },
  ]);
  expect((await collect(source.rows('apps_users', { afterKey: [1, 1] }))).map((row) => row.app_id)).toEqual([2]);
  expect(await collect(source.rows('backups'))).toEqual([{ id: 1, key: 'daily', enabled_apps: [1, 2] }]);
  await expect(collect(source.rows('no_such_table'))).rejects.toThrow(/no table no_such_table/);
  await expectHandFiles(source, releases);
}

async function expectHandFiles(source: ZealotSource, releases: ZealotRow[]): Promise<void> {
  const [r10, r11, r12, r13] = releases;
  const build = await source.file('build', r10!);
  expect(build).toMatchObject({ status: 'found', path: 'apps/a1/r10/binary/app.apk', size: 9 });
  if (build.status === 'found') expect(await text(build.open())).toBe('APK BYTES');
  const icon = await source.file('icon', r10!);
  if (icon.status !== 'found') throw new Error(`icon missing: ${icon.reason}`);
  expect(await text(icon.open())).toBe('PNG BYTES');
  const long = await source.file('build', r11!);
  if (long.status !== 'found') throw new Error(`long-named build missing: ${long.reason}`);
  expect(await text(long.open())).toBe('LONG BYTES');
  expect(await source.file('icon', r11!)).toEqual({ status: 'missing', path: null, reason: 'the row has no icon' });
  expect(await source.file('build', r12!)).toMatchObject({ status: 'missing', reason: expect.stringMatching(/not a plain file name/) });
  expect(await source.file('build', r13!)).toEqual({ status: 'missing', path: 'apps/a1/r13/binary/gone.ipa', reason: 'no such file' });
  const [debugFile] = await collect(source.rows('debug_files'));
  const zip = await source.file('debug_file', debugFile!);
  if (zip.status !== 'found') throw new Error(`debug file missing: ${zip.reason}`);
  expect(zip.path).toBe('debug_files/a1/d3/dsym.zip');
  expect(await text(zip.open())).toBe('ZIP BYTES');
}
