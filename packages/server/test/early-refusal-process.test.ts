// An early refusal reaches Node's fetch against the real process (issue 11, finding 3): the
// report's reproduction, a 50 MB body with a wrong channel key, gave `fetch failed: EPIPE`
// when the server closed the connection under the client's writes (here, before the fix, one
// to three times in ten on an idle machine; every time on a busy one). Now every attempt reads
// the 401 and its {"error"}.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';
import { runCli, startProcess } from './helpers/process.ts';
import type { RunningServer } from './helpers/process.ts';

const BOUNDARY = 'tarmac-refusal';
let dataDir: string;
let db: TestDatabase;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-refusal-'));
  db = await createTestDatabase(dataDir);
  const env = { TARMAC_DATA_DIR: dataDir, DATABASE_URL: db.url, TARMAC_ADMIN_EMAIL: 'boss@example.com', TARMAC_ADMIN_PASSWORD: 'a-strong-password' };
  server = await startProcess(env);
  const created = runCli(['token', 'create', '--username', 'admin', '--name', 'ci'], env);
  expect(created.status, created.stderr).toBe(0);
  token = created.stdout.trim();
});

afterAll(async () => {
  await server.stop();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function body(fileBytes: number): Uint8Array {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="channel_key"\r\n\r\nnot-a-channel-key\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="app.apk"\r\n\r\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.alloc(fileBytes), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
}

describe('POST /api/apps/upload refused early, real process', () => {
  it.each([
    [1_000_000, 3],
    [50_000_000, 10],
  ])("Node's fetch reads the 401 for a wrong channel key with a %d-byte file, %d times in a row", async (size, times) => {
    const payload = body(size);
    for (let i = 0; i < times; i++) {
      const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: payload });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'Unauthorized channel key' });
    }
  });
});
