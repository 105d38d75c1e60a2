// `tarmac backup create|verify` and `tarmac restore`, spawned as an operator runs them: the exit
// code and the printed reason for each outcome, the dry run, the --yes guard, the serve lock on
// SQLite, and a damaged archive that is refused before anything is changed (rows and files equal).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdServeLock } from '../src/db/serve-lock.ts';
import { BACKUP_TABLES, readTableRows } from '../src/modules/backups/tables.ts';
import { engineUnderTest } from './helpers/database.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { runCli } from './helpers/process.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;
let env: Record<string, string>;
let archive: string;
let fileKey: string;

async function snapshot(): Promise<string> {
  const rows: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    rows[table.name] = [];
    for await (const row of readTableRows(server.database.db, table, { database: true, apps: 'all', debugFiles: true })) rows[table.name]!.push(row);
  }
  return JSON.stringify(rows);
}

async function auditActions(): Promise<string[]> {
  return (await server.database.db.selectFrom('audit_events').select('action').orderBy('id').execute()).map((r) => r.action);
}

beforeAll(async () => {
  server = await startServer();
  const owner = await server.newUser({ role: 'admin' });
  const { channelId } = await newApp(server, { ownerId: owner.id });
  fileKey = (await storedRelease(server, channelId, 1)).fileKey;
  const database = server.config.database;
  env = {
    TARMAC_DATA_DIR: server.dataDir,
    DATABASE_URL: database.engine === 'sqlite' ? `sqlite:${database.filename}` : database.connectionString,
    TARMAC_SECRET_KEY: server.config.secretKey,
  };
  archive = path.join(server.dataDir, 'cli-backup.tar');
});

afterAll(async () => {
  await server?.close();
});

describe('tarmac backup', () => {
  it('create writes a verified archive, prints its summary and records backup.create', async () => {
    const result = runCli(['backup', 'create', '--out', archive], env);
    expect(result.stderr).toContain(`Wrote ${archive}`);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/\d+ tables, \d+ rows; 2 files, 23 B/);
    expect(existsSync(archive)).toBe(true);
    expect(await auditActions()).toContain('backup.create');
  });

  it('create without --out, or with bad --apps, is a usage error', () => {
    expect(runCli(['backup', 'create'], env)).toMatchObject({ status: 1, stderr: expect.stringContaining('Missing --out FILE') });
    expect(runCli(['backup', 'create', '--out', archive, '--apps', '1;2'], env))
      .toMatchObject({ status: 1, stderr: expect.stringContaining('--apps must be "all" or app ids') });
  });

  it('verify checks every checksum; a truncated copy exits 1 with the reason', () => {
    expect(runCli(['backup', 'verify', archive], env)).toMatchObject({ status: 0, stderr: expect.stringContaining('every checksum matches') });
    const cut = path.join(server.dataDir, 'cut.tar');
    writeFileSync(cut, readFileSync(archive).subarray(0, 2000));
    expect(runCli(['backup', 'verify', cut], env)).toMatchObject({ status: 1, stderr: expect.stringContaining('truncated') });
  });
});

describe('tarmac restore', () => {
  it('refuses to restore into a non-empty instance without --replace', () => {
    const result = runCli(['restore', archive], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refused: This instance is not empty');
  });

  it('--dry-run prints the report and changes nothing; without --yes nothing is changed', async () => {
    const before = await snapshot();
    const dry = runCli(['restore', archive, '--replace', '--dry-run'], env);
    expect(dry.stderr).toContain('Dry run: nothing was changed.');
    expect(dry.stderr).toMatch(/ {2}releases +1 rows {2}\(replaces 1\)/);
    expect(dry.status).toBe(0);
    expect(runCli(['restore', archive, '--replace'], env)).toMatchObject({ status: 1, stderr: expect.stringContaining('add --yes') });
    expect(await snapshot()).toBe(before);
  });

  it('a damaged archive is refused with --yes and leaves every row and file as it was', async () => {
    const damaged = path.join(server.dataDir, 'damaged.tar');
    const data = readFileSync(archive);
    const at = data.indexOf('package bytes');
    data[at] = data[at]! ^ 0xff;
    writeFileSync(damaged, data);
    await server.services.storage.putBuffer(fileKey, Buffer.from('changed bytes'));
    const before = await snapshot();
    const result = runCli(['restore', damaged, '--replace', '--yes'], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is damaged');
    expect(await snapshot()).toBe(before);
    expect(readFileSync(server.services.storage.localPath!(fileKey), 'utf8')).toBe('changed bytes');
  });

  // SQLite only (PostgreSQL has no serve lock: docs/backups.md says to stop the servers); declared, not skipped.
  if (engineUnderTest() === 'sqlite') it('on SQLite, refuses while a server holds the serve lock', () => {
    const database = server.config.database;
    const lock = holdServeLock(database.engine === 'sqlite' ? database.filename : '');
    try {
      const result = runCli(['restore', archive, '--replace', '--yes'], env);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Another Tarmac server is running');
    } finally {
      lock.release();
    }
  });

  it('--replace --yes restores the archive and records backup.restore', async () => {
    const copy = path.join(server.dataDir, 'copy.tar');
    copyFileSync(archive, copy);
    const result = runCli(['restore', copy, '--replace', '--yes'], env);
    expect(result.stderr).toContain(`Restored ${copy}.`);
    expect(result.status).toBe(0);
    expect(readFileSync(server.services.storage.localPath!(fileKey), 'utf8')).toBe('package bytes');
    expect((await auditActions()).at(-1)).toBe('backup.restore');
  });
});
