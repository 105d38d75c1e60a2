// The test loop itself: every test file belongs to exactly one suite (unit, http, browser), and a
// test database is a copy of the template global-setup migrated once, on either engine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestDatabase } from './helpers/database.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'tarmac-test-loop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suites(treeRoot: string) {
  return spawnSync(process.execPath, [path.join(root, 'scripts/test-suites.ts'), '--root', treeRoot], { encoding: 'utf8', timeout: 20_000 });
}

/** A repository-shaped tree holding the given (empty) files. */
function tree(files: string[]): string {
  const dir = mkdtempSync(path.join(work, 'tree-'));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), '');
  }
  return dir;
}

describe('the test suites', () => {
  it('hold every test file of this repository, each in one suite', () => {
    const result = suites(root);
    expect(result.stdout).not.toContain('✗');
    expect(result.status).toBe(0);
    for (const suite of ['unit', 'http', 'browser', 'site']) expect(result.stdout).toMatch(new RegExp(`^${suite}: [1-9]\\d* files$`, 'm'));
  });

  it('place a file by where it is and what it is called', () => {
    const result = suites(
      tree([
        'packages/appinfo/test/apk.test.ts',
        'packages/server/src/config.test.ts',
        'packages/server/test/apps.test.ts',
        'packages/server/test/browser/install-pages.test.ts',
        'packages/web/test/apps.browser.test.ts',
        'packages/web/node_modules/dep/index.test.ts',
        'website/test/site-build.test.ts',
        'website/test/site.browser.test.ts',
        'website/node_modules/dep/index.test.ts',
      ]),
    );
    expect(result.stdout).toBe('unit: 2 files\nhttp: 1 files\nbrowser: 2 files\nsite: 2 files\n');
    expect(result.status).toBe(0);
  });

  it('refuse a test file no suite would run, naming it', () => {
    const result = suites(tree(['packages/server/test/apps.test.ts', 'packages/web/test/stray.test.ts', 'packages/cli/test/tool.test.mjs']));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ packages/web/test/stray.test.ts is in no test suite');
    expect(result.stdout).toContain('✗ packages/cli/test/tool.test.mjs is in no test suite');
  });
});

describe('a test database', () => {
  const dataDir = (name: string) => {
    const dir = path.join(work, name);
    mkdirSync(dir);
    return dir;
  };

  it('starts migrated to the latest schema, before any server opens it', async () => {
    const testDatabase = await createTestDatabase(dataDir('migrated'));
    const handle = createDatabase(loadConfig({ TARMAC_DATA_DIR: work, DATABASE_URL: testDatabase.url }).database);
    try {
      const applied = await handle.db.selectFrom('tarmac_migrations' as never).select('name' as never).execute();
      expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await handle.close();
      await testDatabase.drop();
    }
  });

  it('is a copy of its own: what one test writes, another does not see', async () => {
    const [first, second] = [await createTestDatabase(dataDir('first')), await createTestDatabase(dataDir('second'))];
    expect(first.url).not.toBe(second.url);
    const open = (url: string) => createDatabase(loadConfig({ TARMAC_DATA_DIR: work, DATABASE_URL: url }).database);
    const [a, b] = [open(first.url), open(second.url)];
    try {
      await a.db.deleteFrom('tarmac_migrations' as never).execute();
      expect(await a.db.selectFrom('tarmac_migrations' as never).selectAll().execute()).toEqual([]);
      expect(await b.db.selectFrom('tarmac_migrations' as never).selectAll().execute()).toHaveLength(Object.keys(migrations).length);
    } finally {
      await a.close();
      await b.close();
      await first.drop();
      await second.drop();
    }
  });
});
