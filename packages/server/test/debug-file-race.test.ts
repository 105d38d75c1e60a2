// Concurrent identical debug-file uploads make one record. Each upload checks for the same
// file before storing its copy, then again inside the write transaction; on PostgreSQL that
// second check first locks the app's row, so of several uploads that all passed the first
// check, one inserts and the others wait for it and find its row. The storage given to the
// server holds every debug-file copy until all the uploads have stored theirs, so they enter
// their transactions together: without the lock (repository.ts findIdentical) each of them
// inserts a row. On SQLite, which writes one transaction at a time, the same must hold.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage/local.ts';
import type { Storage } from '../src/storage/storage.ts';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { DSYM_FIXTURE, uploadDebugFile } from './helpers/debug-files.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const UPLOADS = 4;
const storageDir = mkdtempSync(path.join(tmpdir(), 'tarmac-race-'));
let server: TestServer;
let owner: TestUser;
let ios: TestChannel;

/** Local storage whose debug-file writes answer once `count` of them are stored (or after 10 s). */
function storageStoringTogether(count: number): Storage {
  const local = createLocalStorage(storageDir);
  let arrived = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 10_000).unref();
  });
  return {
    ...local,
    tempDir: local.tempDir,
    async putFile(key, tempPath) {
      await local.putFile(key, tempPath);
      if (!key.startsWith('debug-files/')) return;
      arrived += 1;
      if (arrived >= count) release();
      await together;
    },
  };
}

function storedDebugFiles(): string[] {
  const root = path.join(storageDir, 'storage', 'debug-files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

beforeAll(async () => {
  server = await startServer({}, { storage: storageStoringTogether(UPLOADS) });
  owner = await server.newUser({ role: 'developer' });
  ios = await newApp(server, { name: 'Raced', ownerId: owner.id, channel: 'iOS', deviceType: 'ios' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('concurrent identical debug-file uploads', () => {
  it(`store one file and answer each of ${UPLOADS} uploads 201 with its id`, async () => {
    const zip = { data: readFileSync(DSYM_FIXTURE), name: 'ios-dsym-single.zip' };
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () => uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, zip)),
    );
    expect(answers.map((answer) => answer.status), answers.map((answer) => answer.text).join('\n')).toEqual(Array(UPLOADS).fill(201));
    const ids = new Set(answers.map((answer) => (answer.body as { id: number }).id));
    expect(ids.size).toBe(1);
    const rows = await server.database.db.selectFrom('debug_files').select('id').where('app_id', '=', ios.appId).execute();
    expect(rows.map((row) => row.id)).toEqual([...ids]);
    // The copies the others stored are removed again; their temporary files too.
    expect(storedDebugFiles()).toEqual(['ios-dsym-single.zip']);
    expect(filesIn(path.join(storageDir, 'tmp'))).toEqual([]);
    expect(filesIn(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });
});
