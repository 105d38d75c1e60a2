// Builds the web app (packages/web → packages/web/dist) when its sources are newer than the
// last build, so `npm start` and `npm test` always serve the current UI without a separate step.
// Also prints the gzipped size of what the first page load fetches (index.html's scripts and
// styles), against the 250 KB budget for JavaScript.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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

/** Gzipped bytes of the JavaScript and CSS that index.html loads up front (modulepreload included). */
export function initialLoadSize(): { js: number; css: number } {
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  let js = 0;
  let css = 0;
  for (const match of index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    const file = path.join(dist, match[1]!);
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    if (file.endsWith('.js')) js += size;
    else if (file.endsWith('.css')) css += size;
  }
  return { js, css };
}

export function buildWeb(force = false): boolean {
  if (!force && !webIsStale()) return true;
  console.log('Building the web app (packages/web)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) return false;
  const { js, css } = initialLoadSize();
  console.log(`Web app built: initial JavaScript ${(js / 1024).toFixed(1)} KB gzipped (budget 250 KB), CSS ${(css / 1024).toFixed(1)} KB gzipped.`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildWeb(process.argv.includes('--force')) ? 0 : 1);
}
