// The import's frame on a real Tarmac database of this run's engine, with a step of its own over an
// in-memory source: a dry run reports and writes nothing; a real run writes each row with its map
// entry; a second run finds every row 'already'; an interruption stops between rows and the next
// run resumes; a Zealot id is kept where Tarmac has no row with it, and on PostgreSQL the next id
// Tarmac hands out comes after it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../config.ts';
import { createDatabase } from '../../db/index.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import type { TestDatabase } from '../../../test/helpers/database.ts';
import { createLocalStorage } from '../../storage/local.ts';
import type { ImportStep } from './context.ts';
import { ImportUsageError, progressPrinter, sourceOptions } from './cli.ts';
import { keptId } from './ids.ts';
import { formatReport, ImportInterrupted, runZealotImport } from './run.ts';
import type { ZealotRow, ZealotSource } from './source/types.ts';

const NOW = '2026-01-02T03:04:05.000Z';

/** A source of one table, `apps`, whose rows are given. */
function memorySource(apps: ZealotRow[]): ZealotSource {
  return {
    version: () => Promise.resolve({ major: 6, latestMigration: '20250320170907', unknownMigrations: [] }),
    columns: () => Promise.resolve([]),
    keyColumns: () => Promise.resolve(['id']),
    count: (table) => Promise.resolve(table === 'apps' ? apps.length : 0),
    async *rows(table, options = {}) {
      if (table !== 'apps') return;
      for (const row of apps) if (options.afterId === undefined || Number(row.id) > options.afterId) yield row;
    },
    file: () => Promise.resolve({ status: 'missing', path: null, reason: 'no files here' }),
    close: () => Promise.resolve(),
  };
}

/** Imports `apps` rows as Tarmac apps, refusing a nameless one; `stopAfter` aborts after that many rows. */
function appsStep(controller?: AbortController, stopAfter = Infinity): ImportStep {
  return {
    tables: ['apps'],
    async run(context) {
      let done = 0;
      for await (const row of context.source.rows('apps', { afterId: await context.map.lastId('apps') })) {
        if (context.signal?.aborted) throw new ImportInterrupted();
        const id = Number(row.id);
        if (await context.map.get('apps', id)) {
          context.report.row('apps', id, 'already');
          continue;
        }
        const name = typeof row.name === 'string' ? row.name : '';
        if (name === '') {
          await context.map.set('apps', id, { targetId: null, outcome: 'refused', detail: 'has no name' });
          context.report.row('apps', id, 'refused', 'has no name');
          continue;
        }
        await context.transaction(async (trx) => {
          const kept = await keptId(trx, context.engine, 'apps', id);
          const values = { name, archived: false, created_at: NOW, updated_at: NOW };
          const inserted = await trx.insertInto('apps').values(kept === undefined ? values : { ...values, id: kept })
            .returning('id').executeTakeFirstOrThrow();
          await context.map.set('apps', id, { targetId: inserted.id, outcome: 'imported', detail: null }, trx);
        });
        context.report.row('apps', id, 'imported');
        done += 1;
        if (done >= stopAfter) controller?.abort();
      }
    },
  };
}

const ROWS: ZealotRow[] = [
  { id: 3, name: 'First' },
  { id: 7, name: 'Second' },
  { id: 9, name: '' },
  { id: 40, name: 'Third' },
];

let database: TestDatabase;
let handle: DatabaseHandle;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-zealot-run-'));

beforeAll(async () => {
  database = await createTestDatabase(dataDir);
  const config: DatabaseConfig = database.url.startsWith('sqlite:')
    ? { engine: 'sqlite', filename: database.url.slice('sqlite:'.length) }
    : { engine: 'postgres', connectionString: database.url };
  handle = createDatabase(config);
  await migrateToLatest(handle);
  // A Tarmac in use: an app already holds id 7.
  await handle.db.insertInto('apps').values({ id: 7, name: 'Tarmac own', archived: false, created_at: NOW, updated_at: NOW }).execute();
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

function run(step: ImportStep, dryRun: boolean, signal?: AbortSignal) {
  const lines: string[] = [];
  const input = { db: handle.db, engine: handle.engine, storage: createLocalStorage(dataDir), source: memorySource(ROWS) };
  const progress = (line: string) => lines.push(line);
  const promise = runZealotImport({ ...input, options: { dryRun, move: false }, progress, signal, steps: [step] });
  return { promise, lines };
}

const appNames = async () => (await handle.db.selectFrom('apps').select(['id', 'name']).orderBy('id').execute()).map((row) => `${row.id}:${row.name}`);

describe('runZealotImport', () => {
  it('reports a dry run with the real counts and writes nothing', async () => {
    const report = await run(appsStep(), true).promise;
    expect(report.counts('apps')).toMatchObject({ total: 4, imported: 3, refused: 1, already: 0 });
    expect(await appNames()).toEqual(['7:Tarmac own']);
    expect(await handle.db.selectFrom('zealot_import_map').selectAll().execute()).toEqual([]);
    const text = formatReport(report, true);
    expect(text).toContain('Dry run: nothing was written');
    expect(text).toMatch(/apps\s+4\s+3\s+0\s+0\s+1\s+0/);
    expect(text).toContain('apps 9: refused: has no name');
  });

  it('stops between rows when interrupted, and the next run resumes without doubling a row', async () => {
    const controller = new AbortController();
    await expect(run(appsStep(controller, 1), false, controller.signal).promise).rejects.toBeInstanceOf(ImportInterrupted);
    expect(await appNames()).toEqual(['3:First', '7:Tarmac own']);
    const report = await run(appsStep(), false).promise;
    expect(report.counts('apps')).toMatchObject({ imported: 2, refused: 1 });
    const names = await appNames();
    // Zealot's 3 and 40 keep their ids; 7 was taken by Tarmac's own app, so Zealot's 7 got a new one.
    expect(names).toEqual(expect.arrayContaining(['3:First', '7:Tarmac own', '40:Third']));
    expect(names).toHaveLength(4);
    const remapped = await handle.db.selectFrom('zealot_import_map').select('target_id').where('source_id', '=', '7').executeTakeFirstOrThrow();
    expect(names).toContain(`${remapped.target_id}:Second`);
    expect(remapped.target_id).not.toBe(7);
  });

  it('changes nothing when run again', async () => {
    const before = await appNames();
    const report = await run(appsStep(), false).promise;
    expect(report.counts('apps')).toMatchObject({ imported: 0, refused: 0 });
    expect(await appNames()).toEqual(before);
  });

  it('hands out ids after a kept one', async () => {
    const next = await handle.db.insertInto('apps').values({ name: 'Made in Tarmac', archived: false, created_at: NOW, updated_at: NOW })
      .returning('id').executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(40);
  });
});

describe('progressPrinter', () => {
  it('prints about a hundred lines of a big table, the last one, and every file line', () => {
    const printed: string[] = [];
    const print = progressPrinter((line) => printed.push(line));
    for (let n = 1; n <= 1000; n += 1) print(`users ${n}/1000`);
    for (let n = 1; n <= 3; n += 1) print(`users ${n}/3`);
    print('releases 1/5000, 1.0 MiB of 9.0 GiB');
    expect(printed.filter((line) => line.endsWith('/1000'))).toHaveLength(100);
    expect(printed).toContain('users 1000/1000');
    expect(printed).toContain('users 1/3');
    expect(printed.at(-1)).toBe('releases 1/5000, 1.0 MiB of 9.0 GiB');
  });
});

describe('sourceOptions', () => {
  const base = { dryRun: false, move: false };
  it('takes a database with its uploads folder, or a backup with or without one', () => {
    expect(sourceOptions({ ...base, databaseUrl: 'postgres://z@db/zealot', uploads: '/u' })).toEqual({ databaseUrl: 'postgres://z@db/zealot', uploads: '/u' });
    expect(sourceOptions({ ...base, databaseUrl: 'postgresql://z@db/zealot', uploads: '/u' })).toMatchObject({ databaseUrl: 'postgresql://z@db/zealot' });
    expect(sourceOptions({ ...base, backup: '/b.tar' })).toEqual({ backup: '/b.tar', uploads: undefined });
  });

  it('refuses what makes no run, naming the option', () => {
    const refusal = (args: Parameters<typeof sourceOptions>[0]) => {
      try {
        sourceOptions(args);
      } catch (error) {
        expect(error).toBeInstanceOf(ImportUsageError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal({ ...base, databaseUrl: 'postgres://z@db/zealot', uploads: '/u', backup: '/b.tar' })).toMatch(/not both/);
    expect(refusal(base)).toMatch(/--backup/);
    expect(refusal({ ...base, databaseUrl: 'mysql://z@db/zealot', uploads: '/u' })).toMatch(/postgres:\/\//);
    expect(refusal({ ...base, databaseUrl: 'postgres://z@db/zealot' })).toMatch(/--uploads is required/);
  });
});
