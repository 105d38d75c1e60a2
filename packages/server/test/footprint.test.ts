// The server's idle memory (issue 11, bench/footprint.ts measures it): a started server holds
// only the code its routes need to answer. The package parsers load on the first upload, and
// Fastify's validator and serializer compilers (Ajv, fast-json-stringify) on the first request
// that validates or serialises; the process turns on Node's compile cache itself, so a later
// start reads its modules type-stripped and compiled instead of loading the TypeScript stripper.
// The real process records every module it loads (a --import hook) and writes the list on exit.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, engineUnderTest } from './helpers/database.ts';
import { startProcess } from './helpers/process.ts';
import type { RunningServer } from './helpers/process.ts';
import { api } from './helpers/server.ts';

const RECORDER = `
import { registerHooks, createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = new Set();
registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
const require = createRequire(import.meta.url);
process.on('exit', () => {
  for (const file of Object.keys(require.cache)) loaded.add('file://' + file);
  for (const builtin of process.moduleLoadList) loaded.add(builtin);
  writeFileSync(process.env.RECORD_MODULES_TO, [...loaded].join('\\n'));
});
`;

// Whether Maglev compiles a hot function while the server's modules load (app.ts), written as a
// line after the modules.
const TIERING_PROBE = `
import { registerHooks } from 'node:module';
import v8 from 'node:v8';
import { appendFileSync } from 'node:fs';
v8.setFlagsFromString('--allow-natives-syntax');
const status = new Function('f', 'return %GetOptimizationStatus(f)');
const MAGLEV = 32;
function hot(calls) {
  const f = (x) => { let s = 0; for (let i = 0; i < 100; i++) s += i * x; return s; };
  for (let i = 0; i < calls; i++) f(i);
  return status(f);
}
let whileStarting;
registerHooks({ load(url, context, next) { if (url.endsWith('/src/app.ts')) whileStarting ??= (hot(3000) & MAGLEV) !== 0; return next(url, context); } });
process.on('exit', () => appendFileSync(process.env.RECORD_MODULES_TO, '\\nmaglev while starting: ' + whileStarting));
`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function startRecorded(probe = '', env: Record<string, string> = {}): Promise<{ server: RunningServer; modules: () => Promise<string[]>; compileCache: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-footprint-'));
  const db = await createTestDatabase(dir);
  cleanups.push(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const recorder = path.join(dir, 'record-modules.mjs');
  writeFileSync(recorder, RECORDER);
  const probeFile = path.join(dir, 'probe.mjs');
  writeFileSync(probeFile, probe);
  const list = path.join(dir, 'modules.txt');
  // Where Node puts its compile cache when the process turns it on without a directory.
  const compileCache = path.join(dir, 'node-compile-cache');
  const server = await startProcess({
    TARMAC_DATA_DIR: dir,
    DATABASE_URL: db.url,
    NODE_OPTIONS: `--import ${pathToFileURL(recorder).href} --import ${pathToFileURL(probeFile).href}`,
    RECORD_MODULES_TO: list,
    TMPDIR: dir,
    ...env,
  });
  cleanups.push(() => server.stop());
  return {
    server,
    compileCache,
    modules: async () => {
      expect(await server.stop()).toBe(0);
      return readFileSync(list, 'utf8').split('\n');
    },
  };
}

describe('a started server', () => {
  it('has not loaded the package parsers, Ajv or fast-json-stringify before a request needs them', async () => {
    const { modules } = await startRecorded();

    const loaded = await modules();
    expect(loaded.some((url) => url.includes('/packages/server/src/app.ts'))).toBe(true);
    expect(loaded.filter((url) => url.includes('/packages/appinfo/src/formats/'))).toEqual([]);
    expect(loaded.filter((url) => url.includes('/@fastify/ajv-compiler/') || /\/ajv\/dist\//.test(url))).toEqual([]);
    expect(loaded.filter((url) => url.includes('/fast-json-stringify/index.js'))).toEqual([]);
    // Node's fetch implementation, which @fastify/multipart's look at the global FormData loads.
    expect(loaded.some((entry) => entry.startsWith('NativeModule internal/modules/'))).toBe(true);
    expect(loaded.filter((entry) => entry.includes('undici'))).toEqual([]);
    // Notifications: the job worker runs, but what a delivery or a mail needs loads with the first one.
    const notifications = /\/node_modules\/(nodemailer|mustache)\/|\/src\/webhooks\/(templates|providers|outbound|secrets)\.ts|\/src\/events\/dispatch\.ts/;
    expect(loaded.filter((url) => notifications.test(url))).toEqual([]);
    // The OpenAPI document is the committed file (http/openapi-document.ts): no generator at runtime.
    expect(loaded.filter((url) => url.includes('/node_modules/@fastify/swagger/'))).toEqual([]);
    if (engineUnderTest() === 'sqlite') expect(loaded.filter((url) => url.includes('/node_modules/graphile-worker/'))).toEqual([]);
    // GET /metrics is off by default: neither prom-client nor the module that uses it loads.
    expect(loaded.filter((url) => url.includes('/node_modules/prom-client/') || url.includes('/src/modules/metrics/'))).toEqual([]);
    // Files on the local disk: the AWS SDK never loads (storage-s3.test.ts shows where it would).
    expect(loaded.filter((url) => /\/node_modules\/(@aws-sdk|@smithy)\//.test(url))).toEqual([]);
  });

  it('loads prom-client once TARMAC_METRICS is on (the check above looks where it would be)', async () => {
    const on = await startRecorded('', { TARMAC_METRICS: 'true' });
    const scraped = await api(on.server, '/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('http_requests_total');
    expect((await on.modules()).some((url) => url.includes('/node_modules/prom-client/'))).toBe(true);
  });

  it('compiles a route’s validator on its first request: a bad body is still a 422 naming the field', async () => {
    const { server, modules } = await startRecorded();
    const refused = await api(server, '/api/session', { method: 'POST', json: { login: 'admin' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: expect.any(String), details: { password: [expect.any(String)] } });
    const loaded = await modules();
    expect(loaded.some((url) => url.includes('/@fastify/ajv-compiler/'))).toBe(true);
  });

  it('compiles nothing with Maglev while it starts (tiering.ts)', async () => {
    const { modules } = await startRecorded(TIERING_PROBE);
    const loaded = await modules();
    expect(loaded).toContain('maglev while starting: false');
  });

  it('keeps its modules in Node’s compile cache, turned on by the process itself', async () => {
    const { compileCache, modules } = await startRecorded();
    await modules();
    expect(readdirSync(compileCache, { recursive: true }).length).toBeGreaterThan(1);
  });
});
