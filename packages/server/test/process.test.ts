// The real process, as `npm start` runs it: schema on first start, the first administrator
// (from the environment or with a generated password logged once), the start-up line, a
// wrong setting stopping start-up, and a graceful SIGTERM that lets a request in flight finish.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';
import { mainScript, startProcess } from './helpers/process.ts';
import type { RunningServer } from './helpers/process.ts';
import { api } from './helpers/server.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function environment(): Promise<{ dataDir: string; db: TestDatabase; env: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-process-'));
  const db = await createTestDatabase(dataDir);
  cleanups.push(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, db, env: { TARMAC_DATA_DIR: dataDir, DATABASE_URL: db.url } };
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startProcess(env);
  cleanups.push(() => server.stop());
  return server;
}

describe('npm start', () => {
  it('creates the schema and the admin from TARMAC_ADMIN_EMAIL / TARMAC_ADMIN_PASSWORD, and logs a clear start-up line', async () => {
    const { env, dataDir } = await environment();
    const server = await start({ ...env, TARMAC_ADMIN_EMAIL: 'boss@example.com', TARMAC_ADMIN_PASSWORD: 'a-strong-password' });

    const ready = server.lines().map((l) => JSON.parse(l) as { msg: string }).find((l) => l.msg.startsWith('Tarmac '))!;
    expect(ready.msg).toContain(`data in ${dataDir}`);
    expect(ready.msg).toMatch(/ready at http:\/\/localhost:0/);
    expect(ready.msg).toMatch(/database (sqlite|postgres) \(/);
    expect(server.lines().join('\n')).not.toContain('a-strong-password');

    const signedIn = await api(server, '/api/session', { method: 'POST', json: { login: 'boss@example.com', password: 'a-strong-password' } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ username: 'admin', email: 'boss@example.com', role: 'admin' });
  });

  it('without the pair, creates admin with a generated password logged once, and not again on the next start', async () => {
    const { env } = await environment();
    const first = await start(env);
    const line = first.lines().find((l) => l.includes('generated password'));
    expect(line).toBeDefined();
    const password = /generated password: (\S+)/.exec(JSON.parse(line!).msg as string)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);

    const signedIn = await api(first, '/api/session', { method: 'POST', json: { login: 'admin', password } });
    expect(signedIn.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await start(env);
    expect(second.lines().join('\n')).not.toContain('generated password');
    const again = await api(second, '/api/session', { method: 'POST', json: { login: 'admin', password } });
    expect(again.status).toBe(200);
  });

  it('stops with a message naming the variable when a setting is wrong', () => {
    const result = spawnSync(process.execPath, [mainScript], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', TARMAC_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tarmac-bad-')) },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: PORT must be a whole number, got "eighty"');
  });

  it('on SIGTERM finishes the request in flight, stops listening and exits 0', async () => {
    const { env } = await environment();
    const server = await start({ ...env, TARMAC_ADMIN_EMAIL: 'boss@example.com', TARMAC_ADMIN_PASSWORD: 'a-strong-password' });

    // Send the headers and half the body, signal, then the rest: the answer must still come.
    const body = JSON.stringify({ login: 'admin', password: 'a-strong-password' });
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1.1 200 OK/);
    expect(response).toContain('"username":"admin"');

    expect(await server.exited).toBe(0);
    expect(server.lines().join('\n')).toContain('SIGTERM received');
    expect(server.lines().join('\n')).toContain('"msg":"Stopped"');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
