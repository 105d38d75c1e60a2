import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, engineUnderTest, postgresUrl } from '../../../../test/helpers/database.ts';
import { collect, createTables, expectHandInstallation, writeUploads, zealotTables } from '../../../../test/helpers/zealot-source.ts';
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

    async function database(tables: Parameters<typeof createTables>[1]): Promise<string> {
      const name = `zealot_source_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(`CREATE DATABASE "${name}"`);
      names.push(name);
      const url = new URL(postgresUrl()!);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
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

    it("refuses an uploads folder that is not Zealot's", async () => {
      await expect(openPostgres({ databaseUrl: zealot, uploads: root + '/nope' })).rejects.toThrow(/does not exist or is not a folder/);
      await expect(openPostgres({ databaseUrl: zealot, uploads: root })).rejects.toThrow(/did you mean .*uploads\?/);
    });
  });
}
