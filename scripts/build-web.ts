// Builds the web app (packages/web → packages/web/dist) when its sources are newer than the
// last build, so `npm start` and `npm test` always serve the current UI without a separate step.
// Then prints what the sign-in screen and the signed-in dashboard load (JavaScript and CSS,
// gzipped) against their budgets (scripts/web-budget.ts): `npm run build` and `npm test` fail
// when one is over, `npm start` warns.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudgets } from './web-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');

function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(path.join(target, name)));
  }
  return max;
}

export function webIsStale(): boolean {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const lock = path.join(root, 'package-lock.json');
  return newest(web) > built || (existsSync(lock) && statSync(lock).mtimeMs > built);
}

/**
 * Builds when stale (or `force`) and prints the budgets' figures. False when the build failed, or
 * when a screen is over its budget and `enforceBudget` is set (`npm run build`, `npm test`);
 * `npm start` only warns, so a server still starts.
 */
export function buildWeb(force = false, { enforceBudget = false } = {}): boolean {
  if (!force && !webIsStale()) return true;
  console.log('Building the web app (packages/web)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) return false;
  console.log('Web app built.');
  return checkBudgets() || !enforceBudget;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildWeb(process.argv.includes('--force'), { enforceBudget: true }) ? 0 : 1);
}
