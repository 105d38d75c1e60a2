import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, dumpSql, expectHandInstallation, writeBackup, writeUploads, zealotTables } from '../../../../test/helpers/zealot-source.ts';
import { openBackup } from './backup.ts';
import { ZealotSourceError } from './types.ts';

const root = mkdtempSync(path.join(tmpdir(), 'zealot-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let count = 0;
function folder(): string {
  const dir = path.join(root, String(++count));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A tar holding the given files (made with Debian's tar, as Zealot's backup manager does). */
function tarOf(files: Record<string, string | Buffer>): string {
  const dir = folder();
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), data);
  const archive = path.join(dir, 'x_zealot_backup.tar');
  execFileSync('tar', ['-C', dir, '-cf', archive, ...Object.keys(files)]);
  return archive;
}

async function refusal(promise: Promise<unknown>): Promise<ZealotSourceError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ZealotSourceError);
  return error as ZealotSourceError;
}

describe('a Zealot backup archive', () => {
  it('is read end to end: checksum, version, tables in id order, resumable, and its uploads', async () => {
    const scratchDir = folder();
    const source = await openBackup(writeBackup(folder(), zealotTables()), { scratchDir });
    try {
      expect(source.checksum).toBe('verified');
      await expectHandInstallation(source);
    } finally {
      await source.close();
    }
    expect(readdirSync(scratchDir)).toEqual([]);
  });

  it('is read without a .sha256 beside it, and from an uploads folder already unpacked', async () => {
    const uploads = path.join(folder(), 'uploads');
    writeUploads(uploads);
    const source = await openBackup(writeBackup(folder(), zealotTables(), { sha256: false }), { uploads });
    try {
      expect(source.checksum).toBe('absent');
      await expectHandInstallation(source);
    } finally {
      await source.close();
    }
  });

  it('is refused when it does not match its .sha256', async () => {
    const archive = writeBackup(folder(), zealotTables());
    const bytes = readFileSync(archive);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 2000) ^ 0xff, bytes.length - 2000);
    writeFileSync(archive, bytes);
    const error = await refusal(openBackup(archive));
    expect(error.code).toBe('backup_checksum');
    expect(error.message).toMatch(/does not match .*\.sha256/);
  });

  it('is refused when it is missing, not a tar, or not a Zealot backup', async () => {
    expect((await refusal(openBackup(path.join(root, 'nothing.tar')))).message).toMatch(/does not exist/);
    const garbage = path.join(folder(), 'garbage.tar');
    writeFileSync(garbage, Buffer.alloc(2048, 7));
    expect((await refusal(openBackup(garbage))).message).toMatch(/not a tar archive/);
    const other = tarOf({ 'notes.txt': 'hello' });
    expect((await refusal(openBackup(other))).message).toMatch(/not a Zealot backup: it holds no database\.sql\.gz/);
    const notGzip = tarOf({ 'database.sql.gz': 'COPY plain text' });
    expect((await refusal(openBackup(notGzip))).message).toMatch(/database\.sql\.gz .*not readable gzip/);
  });

  it("refuses a dump of a database that is not Zealot's, or of a Zealot before 4.0", async () => {
    const notZealot = zealotTables().filter((table) => !['schema_migrations', 'releases'].includes(table.name));
    const source = await openBackup(tarOf({ 'database.sql.gz': gzipSync(dumpSql(notZealot)) }));
    try {
      const error = await refusal(source.version());
      expect(error.code).toBe('not_zealot');
      expect(error.message).toBe('This is not a Zealot database: it has no table schema_migrations, releases');
    } finally {
      await source.close();
    }
    const old = await openBackup(tarOf({ 'database.sql.gz': gzipSync(dumpSql(zealotTables(['20140926021348', '20191220112323']))) }));
    try {
      expect((await refusal(old.version())).code).toBe('version_unknown');
    } finally {
      await old.close();
    }
  });

  it('reads a table of 100k rows dumped in reverse in id order, a batch at a time, and from a resume point', async () => {
    const tables = zealotTables();
    const releases = tables.find((table) => table.name === 'releases')!;
    releases.rows = Array.from({ length: 100_000 }, (_, at) => {
      const id = String(100_000 - at);
      return [id, '7', id, `b${id}.apk`, null, '[]', '[]', '2024-06-01 00:00:00'];
    });
    const source = await openBackup(tarOf({ 'database.sql.gz': gzipSync(dumpSql(tables)) }));
    try {
      let count = 0;
      let inOrder = true;
      for await (const row of source.rows('releases', { batchSize: 5000 })) {
        count++;
        if (row.id !== count) inOrder = false;
      }
      expect({ count, inOrder }).toEqual({ count: 100_000, inOrder: true });
      expect((await collect(source.rows('releases', { afterId: 99_998 }))).map((row) => row.file)).toEqual(['b99999.apk', 'b100000.apk']);
    } finally {
      await source.close();
    }
  });

  it('takes a damaged dump without failing: short and long rows, an id that is not a number, a COPY of an undeclared table', async () => {
    const tables = [...zealotTables(), { name: 'notes', columns: [['id', 'bigint'], ['note', 'text']] as [string, string][], rows: [['abc', 'x'], ['2'], ['1', 'y', 'extra']] }];
    const dump = dumpSql(tables) + ['COPY public.stray (id, note) FROM stdin;', '1\tx', '\\.', ''].join('\n');
    const source = await openBackup(tarOf({ 'database.sql.gz': gzipSync(dump) }));
    try {
      expect(await collect(source.rows('notes'))).toEqual([{ id: 'abc', note: 'x' }, { id: 1, note: 'y' }, { id: 2, note: null }]);
      expect(await source.columns('stray')).toEqual([{ name: 'id', type: 'text' }, { name: 'note', type: 'text' }]);
      expect(await collect(source.rows('stray'))).toEqual([{ id: '1', note: 'x' }]);
    } finally {
      await source.close();
    }
  });

  it('answers every file missing when the archive holds no uploads.tar.gz', async () => {
    const source = await openBackup(tarOf({ 'database.sql.gz': gzipSync(dumpSql(zealotTables())) }));
    try {
      const [release] = await collect(source.rows('releases', { batchSize: 1 }));
      expect(await source.file('build', release!)).toEqual({ status: 'missing', path: null, reason: 'the backup holds no uploads.tar.gz' });
    } finally {
      await source.close();
    }
  });

  it('refuses an uploads folder that is not Zealot\'s, naming the one that is', async () => {
    const archive = writeBackup(folder(), zealotTables());
    const publicDir = folder();
    writeUploads(path.join(publicDir, 'uploads'));
    const error = await refusal(openBackup(archive, { uploads: publicDir }));
    expect(error.code).toBe('uploads_not_zealot');
    expect(error.message).toBe(`${publicDir} is not Zealot's public/uploads folder; did you mean ${path.join(publicDir, 'uploads')}?`);
    const empty = folder();
    expect((await refusal(openBackup(archive, { uploads: empty }))).message).toMatch(/has neither apps\/ nor debug_files\//);
    expect(existsSync(empty)).toBe(true);
  });
});
