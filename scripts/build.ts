// `npm run build`: the production build in dist/, a directory that runs on its own with production
// dependencies only (docs/deployment.md):
//   1. the web app (scripts/build-web.ts) when its sources changed or with `--force`, its size budgets
//      enforced either way (the build is reused otherwise: tests in flight may be serving it);
//   2. the server and the package parser compiled to JavaScript by tsc (tsconfig.build.json), in
//      the repository's layout, so every path the server finds relative to its own files holds
//      (the migrations, icons/files, openapi.json, the web app's dist/, package.json);
//   3. the files the server reads at run time, the bins, and package.json + package-lock.json
//      with the entry points turned from .ts to .js.
// Then `cd dist && npm ci --omit=dev` and `npx tarmac serve`: the commands in deploy/build-commands.json, which the
// Dockerfile runs (deploy-files.test.ts checks it) and production-build.test.ts runs.
import { spawnSync } from 'node:child_process';
import { cpSync, globSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, webIsStale } from './build-web.ts';
import { checkBudgets } from './web-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(root, 'dist');

/** The commands that make a runnable copy (deploy/build-commands.json): `npm run build`, then the install in dist/. */
export interface BuildCommands {
  dependencies: string;
  build: string;
  productionInstall: string;
}
export const BUILD_COMMANDS = JSON.parse(readFileSync(path.join(root, 'deploy/build-commands.json'), 'utf8')) as BuildCommands;

/** Files copied as they are (relative to the repository's root). */
const ASSETS = [
  'packages/server/openapi.json',
  'packages/server/src/modules/icons/files',
  'packages/web/dist',
  'scripts/require-node.cjs',
  'package-lock.json',
];
const BINS = ['packages/server/bin/tarmac.js', 'packages/appinfo/bin/appinfo.js'];
const PACKAGES = ['packages/server', 'packages/appinfo', 'packages/web'];

/** `./x.ts` → `./x.js` in relative specifiers tsc does not rewrite (bins, `new URL('./worker.ts', import.meta.url)`). */
export function toJsSpecifiers(source: string): string {
  return source
    .replace(/(import\(\s*(['"])\.{1,2}\/[^'"]+)\.ts(\2\s*\))/g, '$1.js$3')
    .replace(/(new URL\(\s*(['"])\.{1,2}\/[^'"]+)\.ts(\2\s*,\s*import\.meta\.url\s*\))/g, '$1.js$3');
}

type Manifest = Record<string, unknown> & { scripts?: Record<string, string>; exports?: unknown; main?: string };

/** A package.json for dist/: the same dependencies (npm ci checks them against the lock file), .js entry points. */
export function productionManifest(manifest: Manifest, isRoot: boolean): Manifest {
  const toJs = (key: string, value: unknown) =>
    typeof value === 'string' && key !== '' && /^\.\/.*\.ts$/.test(value) ? value.replace(/\.ts$/, '.js') : value;
  const renamed = JSON.parse(JSON.stringify(manifest, toJs)) as Manifest;
  if (isRoot) renamed.scripts = { start: 'node packages/server/bin/tarmac.js serve', tarmac: 'node packages/server/bin/tarmac.js' };
  else if (renamed.scripts) {
    const scripts = Object.entries(renamed.scripts);
    renamed.scripts = Object.fromEntries(scripts.map(([name, command]) => [name, command.replace(/\.ts\b/g, '.js')]));
  }
  if (renamed.exports && typeof renamed.exports === 'object') {
    renamed.exports = Object.fromEntries(Object.entries(renamed.exports).filter(([entry]) => !entry.startsWith('./test')));
  }
  return renamed;
}

function compile(): boolean {
  const tscArgs = [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json')];
  const tsc = spawnSync(process.execPath, tscArgs, {
    cwd: root,
    stdio: 'inherit',
  });
  if (tsc.status !== 0) return false;
  for (const file of globSync('packages/*/src/**/*.js', { cwd: DIST })) {
    const target = path.join(DIST, file);
    const source = readFileSync(target, 'utf8');
    const rewritten = toJsSpecifiers(source);
    if (rewritten !== source) writeFileSync(target, rewritten);
  }
  return true;
}

function copyFiles(): void {
  for (const asset of ASSETS) cpSync(path.join(root, asset), path.join(DIST, asset), { recursive: true });
  for (const bin of BINS) {
    mkdirSync(path.dirname(path.join(DIST, bin)), { recursive: true });
    writeFileSync(path.join(DIST, bin), toJsSpecifiers(readFileSync(path.join(root, bin), 'utf8')), { mode: 0o755 });
  }
  for (const dir of ['.', ...PACKAGES]) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;
    mkdirSync(path.join(DIST, dir), { recursive: true });
    writeFileSync(path.join(DIST, dir, 'package.json'), JSON.stringify(productionManifest(manifest, dir === '.'), null, 2) + '\n');
  }
}

export function build({ forceWeb = false } = {}): boolean {
  if (forceWeb || webIsStale()) {
    if (!buildWeb(true, { enforceBudget: true })) return false;
  } else {
    console.log('The web app is up to date (packages/web/dist); `npm run build -- --force` rebuilds it.');
    if (!checkBudgets()) return false;
  }
  rmSync(DIST, { recursive: true, force: true });
  console.log('Compiling the server (tsconfig.build.json)…');
  if (!compile()) return false;
  copyFiles();
  const where = path.relative(process.cwd(), DIST) || '.';
  console.log(`Production build in ${where}/: cd dist && ${BUILD_COMMANDS.productionInstall} && npx tarmac serve`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(build({ forceWeb: process.argv.includes('--force') }) ? 0 : 1);
}
