import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, engineUnderTest, postgresUrl } from '../../../../test/helpers/database.ts';
import { collect, createTables, expectHandInstallation, writeBackup, writeUploads, zealotTables } from '../../../../test/helpers/zealot-source.ts';
import { openBackup } from './backup.ts';
import { batchQuery, openPostgres } from './postgres.ts';
import { ZealotSourceError } from './types.ts';

describe('batch queries on a Zealot table', () => {
  const columns = [
    { name: 'app_id', type: 'bigint' },
    { name: 'user_id', type: 'bigint' },
  ];
  it('page by keyset on the id, or on a join table\'s two ids (each key once)', () => {
    expect(batchQuery('releases', [{ name: 'id', type: 'bigint' }], ['id'], true)).toBe(
      'SELECT "id" FROM "releases" WHERE ("id") > ($1) ORDER BY "id" LIMIT $2',
    );
    expect(batchQuery('apps_users', columns, ['app_id', 'user_id'], false)).toBe(
      'SELECT DISTINCT ON ("app_id", "user_id") "app_id", "user_id" FROM "apps_users" ORDER BY "app_id", "user_id" LIMIT $1',
    );
    expect(batchQuery('x"y', [{ name: 'version', type: 'text' }], [], false)).toBe('SELECT "version" FROM "x""y" ORDER BY 1 OFFSET $1 LIMIT $2');
  });
});

// Only where the run has a PostgreSQL (DATABASE_URL): the SQLite run has none to make Zealot's tables in.
if (engineUnderTest() === 'postgres') {
  describe('a live Zealot PostgreSQL', () => {
    const names: string[] = [];
    const root = mkdtempSync(path.join(tmpdir(), 'zealot-pg-test-'));
    const uploads = path.join(root, 'uploads');

    async function database(tables: Parameters<typeof createTables>[1], prelude?: string): Promise<string> {
      const name = `zealot_source_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(`CREATE DATABASE "${name}"`);
      names.push(name);
      const url = new URL(postgresUrl()!);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        if (prelude) await client.query(prelude);
        await createTables(client, tables);
      } finally {
        await client.end();
      }
      return url.toString();
    }

    let zealot: string;
    beforeAll(async () => {
      writeUploads(uploads);
      zealot = await database(zealotTables());
    });
    afterAll(async () => {
      for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(root, { recursive: true, force: true });
    });

    it('is read as the backup is: version, columns, tables in key order, resumable, and its uploads', async () => {
      const source = await openPostgres({ databaseUrl: zealot, uploads });
      try {
        await expectHandInstallation(source);
      } finally {
        await source.close();
      }
    });

    it('reads one snapshot: rows Zealot writes after the start are not seen', async () => {
      const source = await openPostgres({ databaseUrl: zealot });
      const writer = new pg.Client({ connectionString: zealot });
      await writer.connect();
      try {
        await writer.query("INSERT INTO apps VALUES (3, 'Later', false)");
        const apps = await collect(source.rows('apps'));
        expect(apps.map((row) => row.id)).toEqual([1, 2]);
        const [release] = await collect(source.rows('releases', { batchSize: 1 }));
        expect(await source.file('build', release!)).toEqual({ status: 'missing', path: null, reason: 'no uploads folder was given' });
      } finally {
        await writer.query('DELETE FROM apps WHERE id = 3');
        await writer.end();
        await source.close();
      }
    });

    it("refuses a database that is not Zealot's, naming the tables it lacks", async () => {
      const other = await database(zealotTables().filter((table) => ['users', 'apps'].includes(table.name)));
      const source = await openPostgres({ databaseUrl: other });
      try {
        const error = await source.version().then(() => undefined, (caught: unknown) => caught);
        expect(error).toBeInstanceOf(ZealotSourceError);
        expect((error as Error).message).toBe('This is not a Zealot database: it has no table schema_migrations, schemes, channels, releases');
      } finally {
        await source.close();
      }
    });

    it('reads a real pg_dump --clean of the same database, in a backup archive, as it reads the database', async () => {
      const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
      const pgDump = versions.length > 0 ? `/usr/lib/postgresql/${versions[0]}/bin/pg_dump` : 'pg_dump';
      const dump = execFileSync(pgDump, ['--clean', '--dbname', zealot], { maxBuffer: 16 << 20 });
      expect(dump.toString()).toMatch(/^COPY public\.releases \(id, channel_id, version, file, icon, changelog, custom_fields, created_at\) FROM stdin;$/m);
      const dir = path.join(root, 'backup');
      mkdirSync(dir);
      const source = await openBackup(writeBackup(dir, [], { dump }));
      try {
        await expectHandInstallation(source);
      } finally {
        await source.close();
      }
    });

    it('reads a Zealot 4.7 shape (no apps.archived, the metadata_platform enum) live and from its pg_dump alike', async () => {
      const tables = zealotTables(['20140926021348', '20150210090159', '20201216070418', '20230221084553']).map((table) =>
        table.name === 'apps' ? { ...table, columns: table.columns.slice(0, 2), rows: table.rows.map((row) => row.slice(0, 2)) } : table,
      );
      tables.push({
        name: 'metadata',
        columns: [['id', 'bigint'], ['release_id', 'bigint'], ['platform', 'metadata_platform'], ['devices', 'jsonb']],
        rows: [['1', '10', 'ios', '["00008030-001A"]']],
      });
      const url = await database(tables, "CREATE TYPE metadata_platform AS ENUM ('ios', 'android', 'mobileprovision', 'macos')");
      const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
      const dump = execFileSync(versions.length > 0 ? `/usr/lib/postgresql/${versions[0]}/bin/pg_dump` : 'pg_dump', ['--clean', '--dbname', url]);
      const dir = path.join(root, 'backup-4');
      mkdirSync(dir);
      for (const source of [await openPostgres({ databaseUrl: url }), await openBackup(writeBackup(dir, [], { dump }))]) {
        try {
          expect(await source.version()).toEqual({ major: 4, latestMigration: '20230221084553', unknownMigrations: [] });
          expect((await source.columns('apps')).map((column) => column.name)).toEqual(['id', 'name']);
          expect((await source.columns('metadata'))[2]!.type).toMatch(/^(public\.)?metadata_platform$/);
          expect(await collect(source.rows('metadata'))).toEqual([{ id: 1, release_id: 10, platform: 'ios', devices: ['00008030-001A'] }]);
          expect(await collect(source.rows('apps'))).toEqual([{ id: 1, name: '测试 App' }, { id: 2, name: 'Old\tone' }]);
        } finally {
          await source.close();
        }
      }
    });

    it("refuses an uploads folder that is not Zealot's", async () => {
      await expect(openPostgres({ databaseUrl: zealot, uploads: root + '/nope' })).rejects.toThrow(/does not exist or is not a folder/);
      await expect(openPostgres({ databaseUrl: zealot, uploads: root })).rejects.toThrow(/did you mean .*uploads\?/);
    });
  });
}
