// The production build as a self-hoster runs it: `npm run build`, dist/ copied to a clean
// directory, production dependencies only (`npm ci --omit=dev`, the commands the Dockerfile runs:
// deploy/build-commands.json), then `npx tarmac serve` on a fresh data directory and an empty database with
// Node's type stripping turned off. It answers /api/health, serves the web app, takes a real upload
// and hands the same bytes back; no TypeScript file is loaded, and no devDependency either.
// Then the image's build stage from the Docker build context alone (the files .dockerignore lets
// through) makes the same dist/. Takes ~30-50 s here: web app builds, tsc, npm ci from the cache.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, globSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, postgresUrl } from './helpers/database.ts';
import { dockerIgnored, dockerignoreRules } from './helpers/deploy-files.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/** The commands the Dockerfile runs too (deploy-files.test.ts checks that it does). */
const commands = JSON.parse(readFileSync(path.join(root, 'deploy/build-commands.json'), 'utf8')) as Record<'build' | 'productionInstall', string>;
// ../shared beside the checkout, as for every test (helpers/debug-files.ts).
const APK = readFileSync(path.resolve(root, '../shared/fixtures/apps/android.apk'));
const work = mkdtempSync(path.join(tmpdir(), 'tarmac-build-'));
const app = path.join(work, 'app');
const dataDir = path.join(work, 'data');
const resolvedLog = path.join(work, 'dev-dependencies-loaded.log');
const cleanups: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
let server: { child: ChildProcessWithoutNullStreams; url: string; output: () => string };

let serverEnv: Record<string, string> = {};

function sh(command: string, cwd: string, timeout: number, env: Record<string, string> = {}): { status: number | null; output: string } {
  // Vitest's own variables (NODE_ENV=test would build the web app in development mode) left out.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  const result = spawnSync('bash', ['-c', command], { cwd, encoding: 'utf8', timeout, env: { ...inherited, npm_config_update_notifier: 'false', ...env } });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Every devDependency of the root and the workspaces, by name: none may be loaded. */
function devDependencyNames(): string[] {
  const manifests = ['package.json', ...globSync('packages/*/package.json', { cwd: root })];
  const dev = new Set<string>();
  const production = new Set<string>();
  for (const file of manifests) {
    const manifest = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const name of Object.keys(manifest.devDependencies ?? {})) dev.add(name);
    for (const name of Object.keys(manifest.dependencies ?? {})) production.add(name);
  }
  return [...dev].filter((name) => !production.has(name));
}

/** A module hook (in every thread, workers included) that logs each resolved devDependency module. */
function writeWatcher(): string {
  const file = path.join(work, 'watch-dev-dependencies.mjs');
  writeFileSync(
    file,
    `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
const names = ${JSON.stringify(devDependencyNames())};
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    const name = names.find((n) => result.url.includes('/node_modules/' + n + '/'));
    if (name) appendFileSync(${JSON.stringify(resolvedLog)}, name + ' ' + result.url + '\\n');
    return result;
  },
});
`,
  );
  return file;
}

async function emptyDatabaseUrl(): Promise<string | undefined> {
  const base = postgresUrl();
  if (!base) return undefined; // SQLite in the data directory, the default
  const name = `tarmac_build_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const url = new URL(base);
  url.pathname = '/' + name;
  return url.toString();
}

function start(env: Record<string, string>): Promise<typeof server> {
  const flags = ['--no-experimental-strip-types', '--import', writeWatcher()];
  const child = spawn(process.execPath, [...flags, path.join(app, 'node_modules/.bin/tarmac'), 'serve'], {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', ...env },
  });
  let out = '';
  cleanups.push(() => child.exitCode === null && child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the build did not start:\n${out}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /"port":(\d+)[^\n]*"msg":"Tarmac /.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ child, url: `http://127.0.0.1:${port}`, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`the build exited with ${code}:\n${out}`)));
  });
}

beforeAll(async () => {
  const built = sh(commands.build, root, 180_000);
  expect(built.status, built.output).toBe(0);
  cpSync(path.join(root, 'dist'), app, { recursive: true });
  const installed = sh(commands.productionInstall, app, 180_000);
  expect(installed.status, installed.output).toBe(0);
  const databaseUrl = await emptyDatabaseUrl();
  serverEnv = { TARMAC_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  server = await start({ ...serverEnv, TARMAC_ADMIN_EMAIL: 'boss@example.com', TARMAC_ADMIN_PASSWORD: 'a-strong-password' });
}, 300_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the production build, from a clean copy with production dependencies only', () => {
  it('holds JavaScript only, and none of the devDependencies (the web app\'s React among them)', () => {
    const sources = globSync('**/*.{ts,mts,cts,tsx}', { cwd: app, exclude: (name) => name === 'node_modules' });
    expect(sources).toEqual([]);
    expect(existsSync(path.join(app, 'packages/server/src/main.js'))).toBe(true);
    for (const name of ['react', 'vite', 'vitest', '@mantine/core', 'eslint']) expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(false);
  });

  it('starts, migrates the empty database and answers /api/health', async () => {
    expect(server.output()).toMatch(/Applied \d+ database migration/);
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  });

  it('serves the built web app and its assets', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    const html = await index.text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await fetch(new URL(script!, server.url));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('answers the committed OpenAPI document, the API reference and the icons from their places in the build', async () => {
    const document = await fetch(`${server.url}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(Object.keys(((await document.json()) as { paths: object }).paths)).toContain('/api/apps/upload');
    expect((await fetch(`${server.url}/api/docs/`)).status).toBe(200);
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('takes a real upload through the API with a token from its own CLI, and hands the same bytes back', async () => {
    const cli = `node --no-experimental-strip-types ${path.join(app, 'node_modules/.bin/tarmac')}`;
    const created = sh(`${cli} token create --username admin --name ci`, app, 30_000, serverEnv);
    expect(created.status, created.output).toBe(0);
    const token = created.output.trim().split('\n')[0]!;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
    const upload = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const body = (await upload.json()) as { checksum: string; download_url: string; release_url: string };
    expect(upload.status, JSON.stringify(body)).toBe(201);
    const sha256 = createHash('sha256').update(APK).digest('hex');
    expect(body.checksum).toBe(sha256);
    const download = await fetch(body.download_url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(download.status).toBe(200);
    expect(createHash('sha256').update(Buffer.from(await download.arrayBuffer())).digest('hex')).toBe(sha256);
    const page = await fetch(body.release_url.replace(/^https?:\/\/[^/]+/, server.url), { headers: { 'accept-language': 'zh-CN' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="zh-CN"');
  });

  it('loaded no devDependency in any thread (the upload ran the hash worker)', () => {
    expect(existsSync(resolvedLog) ? readFileSync(resolvedLog, 'utf8') : '').toBe('');
  });
});

/** The checkout's installed dependencies, linked into `context` as `npm ci` would lay them out (the workspaces its own). */
function linkDependencies(context: string): void {
  for (const dir of ['.', ...globSync('packages/*', { cwd: root })]) {
    const source = path.join(root, dir, 'node_modules');
    if (!existsSync(source)) continue;
    mkdirSync(path.join(context, dir, 'node_modules'), { recursive: true });
    for (const entry of readdirSync(source).filter((name) => name !== '@tarmac')) symlinkSync(path.join(source, entry), path.join(context, dir, 'node_modules', entry));
  }
  mkdirSync(path.join(context, 'node_modules/@tarmac'));
  for (const name of readdirSync(path.join(root, 'node_modules/@tarmac'))) symlinkSync(`../../packages/${name}`, path.join(context, 'node_modules/@tarmac', name));
}

describe("the image's build stage (deploy/Dockerfile), from the Docker build context alone", () => {
  it('builds the same dist/ from the files .dockerignore lets through (dependencies linked instead of npm ci)', () => {
    const context = path.join(work, 'context');
    const rules = dockerignoreRules(readFileSync(path.join(root, '.dockerignore'), 'utf8'));
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n');
    for (const file of files.filter((name) => name && !dockerIgnored(rules, name) && existsSync(path.join(root, name)))) {
      cpSync(path.join(root, file), path.join(context, file));
    }
    expect(existsSync(path.join(context, 'packages/web/dist')), 'the context brings no web app build').toBe(false);
    linkDependencies(context);
    const built = sh(commands.build, context, 180_000);
    expect(built.status, built.output).toBe(0);
    const list = (dir: string) => globSync('**/*', { cwd: dir }).sort();
    expect(list(path.join(context, 'dist'))).toEqual(list(path.join(root, 'dist')));
  }, 240_000);
});
