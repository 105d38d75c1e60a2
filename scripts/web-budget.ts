// What a screen of the web app loads, from Vite's manifest (packages/web/dist/.vite/manifest.json):
// the entry chunk, the chunks it imports (index.html's modulepreloads), the screen's lazy chunks
// (its page, the signed-in frame) with theirs, one language's strings and the CSS of them all,
// each gzipped at level 9 as the server sends it. Two screens have a budget: the sign-in screen
// (everything /login loads, 153 KB) and the signed-in dashboard (everything / loads, 284 KB).
// `node scripts/build-web.ts` prints both and fails when one is over (npm start only warns); the test
// packages/web/test/bundle-budget.browser.test.ts checks that a browser loads exactly these files.
// `node scripts/web-budget.ts [--json]` prints the figures of the current build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(root, 'packages/web/dist');

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

export interface Screen {
  name: string;
  path: string;
  /**
   * The lazy chunks the screen loads besides the entry: a source path (a manifest key) or the name
   * of a chunk vite.config.ts makes (its codeSplitting groups: 'sign-in' holds the sign-in page and
   * what it imports, 'signed-in' the signed-in frame and what it imports).
   */
  lazy: string[];
  /** The strings it loads (src/i18n/index.ts): the signed-out screens' areas, or every area. */
  strings: 'signed-out' | 'every';
  budgetKb: number;
}

export const SCREENS: readonly Screen[] = [
  { name: 'Sign-in screen', path: '/login', lazy: ['sign-in'], strings: 'signed-out', budgetKb: 153 },
  {
    name: 'Signed-in dashboard',
    path: '/',
    lazy: ['signed-in', 'src/pages/DashboardPage.tsx'],
    strings: 'every',
    budgetKb: 284,
  },
];

/** A screen loads one language's strings: each is measured, and the larger counts. */
const LOCALES = ['en', 'zh-CN'] as const;
export type WebLocale = (typeof LOCALES)[number];

export interface ScreenLoad {
  name: string;
  path: string;
  locale: WebLocale;
  /** Gzipped bytes of each file (paths under dist/, e.g. assets/index-abc.js). */
  files: Record<string, number>;
  js: number;
  css: number;
  total: number;
  budgetKb: number;
}

function readManifest(dist: string): Record<string, Chunk> {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
}

/** The files (JavaScript and CSS) that loading `keys` fetches: their chunks, static imports and styles. */
export function filesOf(manifest: Record<string, Chunk>, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? Object.values(manifest).find((entry) => entry.name === key && !entry.src);
    if (!chunk) throw new Error(`The web app's manifest has no ${key}: was it renamed? Update scripts/web-budget.ts.`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].sort();
}

/** The chunks of a language's strings a screen loads (src/i18n/index.ts). */
function stringKeys(screen: Screen, locale: WebLocale): string[] {
  const parts = screen.strings === 'every' ? ['signed-out', 'signed-in', 'errors'] : ['signed-out'];
  return parts.map((part) => `src/i18n/${part}.${locale}.ts`);
}

export function screenLoad(screen: Screen, locale: WebLocale, dist = webDist): ScreenLoad {
  const manifest = readManifest(dist);
  const files: Record<string, number> = {};
  let js = 0;
  let css = 0;
  for (const file of filesOf(manifest, ['index.html', ...screen.lazy, ...stringKeys(screen, locale)])) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    files[file] = size;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { name: screen.name, path: screen.path, locale, files, js, css, total: js + css, budgetKb: screen.budgetKb };
}

/** Each screen in its heavier language. */
export function screenLoads(dist = webDist): ScreenLoad[] {
  return SCREENS.map((screen) => {
    const [first, ...others] = LOCALES.map((locale) => screenLoad(screen, locale, dist));
    return others.reduce((max, load) => (load.total > max.total ? load : max), first!);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function describeLoad(load: ScreenLoad): string {
  const verdict = load.total > load.budgetKb * 1024 ? 'OVER BUDGET' : 'within budget';
  return `${load.name} (${load.path}): JavaScript ${kb(load.js)} + CSS ${kb(load.css)} = ${kb(load.total)} gzipped, ` +
    `budget ${load.budgetKb} KB: ${verdict}.`;
}

/** Prints each screen's figure; false when one is over its budget. */
export function checkBudgets(dist = webDist): boolean {
  let ok = true;
  for (const load of screenLoads(dist)) {
    const over = load.total > load.budgetKb * 1024;
    (over ? console.error : console.log)(describeLoad(load));
    if (over) {
      ok = false;
      const largest = Object.entries(load.files).sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.error(`  Largest files: ${largest.map(([file, size]) => `${file} ${kb(size)}`).join(', ')}`);
    }
  }
  if (!ok) {
    console.error('A screen loads more than its budget: load the new code where it is used (React.lazy), or raise the budget in');
    console.error('scripts/web-budget.ts (docs/architecture.md, "The web app\'s size").');
  }
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.argv.includes('--dist') ? path.resolve(process.argv[process.argv.indexOf('--dist') + 1]!) : webDist;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(SCREENS.flatMap((screen) => LOCALES.map((locale) => screenLoad(screen, locale, dist)))));
  } else process.exit(checkBudgets(dist) ? 0 : 1);
}
