// Uploads interrupted with the real process (issue 11, finding 5): a `kill -9` mid-upload
// leaves its temporary file, which the next start sweeps away; a SIGTERM whose grace
// (TARMAC_SHUTDOWN_TIMEOUT_SECONDS) runs out with an upload still coming in exits 1 and takes
// the upload's temporary file with it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/database.ts';
import { runCli, startProcess } from './helpers/process.ts';
import type { RunningServer } from './helpers/process.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));
const BOUNDARY = 'tarmac-interrupted';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function environment(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-interrupted-'));
  const db = await createTestDatabase(dataDir);
  cleanups.push(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { TARMAC_DATA_DIR: dataDir, DATABASE_URL: db.url, TARMAC_ADMIN_EMAIL: 'boss@example.com', TARMAC_ADMIN_PASSWORD: 'a-strong-password', ...extra };
  return { dataDir, env };
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startProcess(env);
  cleanups.push(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

const tempFiles = (dataDir: string) => {
  try {
    return readdirSync(path.join(dataDir, 'tmp'));
  } catch {
    return [];
  }
};

/** Starts an upload (a new app: no channel key) and sends half of it; resolves once its temp file exists. */
async function halfUpload(server: RunningServer, dataDir: string, token: string): Promise<Socket> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="android.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([head, APK, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST /api/apps/upload HTTP/1.1\r\nhost: x\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${body.length}\r\n\r\n`);
  socket.write(body.subarray(0, Math.floor(body.length / 2)));
  await expect.poll(() => tempFiles(dataDir).filter((name) => name.startsWith('upload.')).length, { timeout: 10_000 }).toBe(1);
  cleanups.push(() => {
    socket.destroy();
  });
  return socket;
}

function createToken(env: Record<string, string>): string {
  const result = runCli(['token', 'create', '--username', 'admin', '--name', 'ci'], env);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

describe('temporary files of interrupted uploads', () => {
  it('kill -9 mid-upload leaves the temp file; the next start sweeps it', async () => {
    const { dataDir, env } = await environment();
    const first = await start(env);
    const token = createToken(env);
    await halfUpload(first, dataDir, token);
    first.child.kill('SIGKILL');
    await first.exited;
    const left = tempFiles(dataDir);
    expect(left).toHaveLength(1);

    const second = await start(env);
    await expect.poll(() => tempFiles(dataDir), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => second.lines().join('\n')).toContain('Removed 1 temporary file(s) left by interrupted uploads');
    // The server works on.
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
  });

  it('a SIGTERM whose grace runs out mid-upload exits 1 and removes the upload\'s temp file', async () => {
    const { dataDir, env } = await environment({ TARMAC_SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const server = await start(env);
    const token = createToken(env);
    await halfUpload(server, dataDir, token);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.lines().join('\n')).toContain('Requests still running after 1 s; exiting anyway');
    expect(tempFiles(dataDir)).toEqual([]);
  });
});
