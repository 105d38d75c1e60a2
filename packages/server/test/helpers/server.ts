// A real Tarmac on a random port with a real database, for HTTP tests. Logs are captured
// so tests can assert what was (and was not) written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { BuiltApp, Parts } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { createDatabase } from '../../src/db/index.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createJobQueue } from '../../src/jobs/index.ts';
import type { JobQueue } from '../../src/jobs/types.ts';
import { systemClock } from '../../src/clock.ts';
import type { UserRole } from '../../src/modules/users/types.ts';
import { createTestDatabase } from './database.ts';

export interface TestServer {
  url: string;
  config: Config;
  database: DatabaseHandle;
  services: BuiltApp['services'];
  routes: BuiltApp['routes'];
  /** Every log line written so far, raw. */
  logs: string[];
  dataDir: string;
  /** A user made through the real service, with a personal access token. */
  newUser(options?: { role?: UserRole; username?: string; password?: string; locked?: boolean }): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/**
 * Starts the app with `env` over the test defaults and, if given, its own parts (storage, clock,
 * mailer, job queue). Background jobs are queued but not run unless `runJobs` is true.
 */
export async function startServer(
  env: Record<string, string> = {},
  parts: Partial<Parts> & { runJobs?: boolean; jobs?: JobQueue } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-test-'));
  const testDatabase = await createTestDatabase(dataDir);
  const config = loadConfig({
    TARMAC_DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    TARMAC_SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'debug',
    PORT: '0',
    ...env,
  });
  const database = createDatabase(config.database);
  await migrateToLatest(database);

  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  // A queue that notices work fast and retries soon, so tests wait milliseconds, not the defaults' seconds.
  const jobs = parts.jobs ?? createJobQueue(config.database, database, parts.clock ?? systemClock, {
    concurrency: config.jobsConcurrency, pollMs: 100, retry: { baseMs: 200, capMs: 2000 }, graceMs: 5000,
  });
  const built = await buildApp({ config, database, logDestination: destination, ...parts, jobs });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    config,
    database,
    services: built.services,
    routes: built.routes,
    logs,
    dataDir,
    async newUser(options = {}) {
      counter += 1;
      const username = options.username ?? `user${counter}_${process.pid}`;
      const password = options.password ?? `password-${counter}-secret`;
      const user = await built.services.usersService.createAccount({
        username,
        email: `${username.toLowerCase()}@example.com`,
        password,
        role: options.role ?? 'member',
      });
      const { token } = await built.services.tokensService.createForUser(user.id, 'test');
      if (options.locked) {
        await database.db.updateTable('users').set({ locked: true }).where('id', '=', user.id).execute();
      }
      return { id: user.id, username, email: user.email, password, token };
    },
    async close() {
      await built.app.close();
      await database.close();
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  method?: string;
  token?: string;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  /** multipart/form-data body. */
  multipart?: Record<string, string>;
  headers?: Record<string, string>;
  /** Raw body with the content type given in headers. */
  raw?: string;
}

/** One HTTP request; `token` goes in the Authorization header. */
export async function api<T = any>(server: { url: string }, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | URLSearchParams | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (options.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.multipart)) form.append(key, value);
    body = form;
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  const response = await fetch(server.url + path, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** Signs in through the API and returns the cookie and CSRF token a browser would hold. */
export async function signIn(
  server: { url: string },
  login: string,
  password: string,
): Promise<{ cookie: string; csrf: string; response: ApiResponse }> {
  const response = await api(server, '/api/session', { method: 'POST', json: { login, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, csrf: (response.body as { csrf_token: string }).csrf_token, response };
}

export const ISO_TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** The whole JSON of a user as the API shows it, with the defaults of a new account. */
export function expectedUserJson(user: { id: unknown; username: string; email: string }, overrides: Record<string, unknown> = {}) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: 'member',
    locale: 'en',
    appearance: 'auto',
    timezone: 'Etc/UTC',
    locked: false,
    locked_at: null,
    last_sign_in_at: null,
    two_factor_enabled: false,
    created_at: ISO_TIME,
    updated_at: ISO_TIME,
    ...overrides,
  };
}
