// The test suites (Vitest projects, defined in vitest.config.ts from SUITES), which of them an
// `npm test` argument list selects, and the check that every test file belongs to exactly one
// suite, so that none is silently left out of `npm test`.
//   node scripts/test-suites.ts [--root DIR]   lists the files per suite; exits 1 naming any test
//                                             file in no suite or in two
import { globSync } from 'node:fs';
import path from 'node:path';

export const SUITE_NAMES = ['unit', 'http', 'browser', 'site'] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

// Vitest's own default exclusions, and the browser tests that sit among the HTTP tests' files.
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.git/**'];
const BROWSER_ONLY = ['**/*.browser.test.ts', 'packages/server/test/browser/**'];

export const SUITES: Record<SuiteName, { include: string[]; exclude: string[] }> = {
  // No server, no browser: the server's and web app's own modules and the package parser.
  unit: { include: ['packages/*/src/**/*.test.ts', 'packages/appinfo/test/**/*.test.ts'], exclude: [...ALWAYS_EXCLUDED, ...BROWSER_ONLY] },
  // Real servers on random ports with real databases; the CLI and the real process.
  http: { include: ['packages/server/test/**/*.test.ts'], exclude: [...ALWAYS_EXCLUDED, ...BROWSER_ONLY] },
  // Chromium against the built web app and the public pages.
  browser: {
    include: ['packages/*/src/**/*.browser.test.ts', 'packages/*/test/**/*.browser.test.ts', 'packages/server/test/browser/**/*.test.ts'],
    exclude: ALWAYS_EXCLUDED,
  },
  // The documentation site as built (npm run docs): its routes and texts, and Chromium on it.
  site: { include: ['website/test/**/*.test.ts'], exclude: ALWAYS_EXCLUDED },
};

/** Every file Vitest could take for a test under packages/. */
const ANY_TEST = '{packages,website/test}/**/*.test.{ts,tsx,js,mjs,cjs,mts,cts,jsx}';

function matching(root: string, include: string[], exclude: string[]): string[] {
  return globSync(include, { cwd: root, exclude })
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

export interface SuiteFiles {
  files: Record<SuiteName, string[]>;
  /** Test files no suite runs, and files two suites would both run. */
  orphans: string[];
  duplicates: string[];
}

export function suiteFiles(root: string): SuiteFiles {
  const files = Object.fromEntries(SUITE_NAMES.map((name) => [name, matching(root, SUITES[name].include, SUITES[name].exclude)])) as Record<
    SuiteName,
    string[]
  >;
  const owners = new Map<string, number>();
  for (const name of SUITE_NAMES) for (const file of files[name]) owners.set(file, (owners.get(file) ?? 0) + 1);
  const orphans = matching(root, [ANY_TEST], ALWAYS_EXCLUDED).filter((file) => !owners.has(file));
  const duplicates = [...owners].filter(([, count]) => count > 1).map(([file]) => file);
  return { files, orphans, duplicates };
}

/** The problems suiteFiles found, one line each; empty when every test file has one suite. */
export function suiteProblems({ orphans, duplicates }: SuiteFiles): string[] {
  return [
    ...orphans.map((file) => `${file} is in no test suite (scripts/test-suites.ts): npm test would never run it`),
    ...duplicates.map((file) => `${file} is in two test suites (scripts/test-suites.ts): npm test would run it twice`),
  ];
}

/**
 * The suites `--project NAME` / `--project=NAME` arguments name, in SUITE_NAMES order; undefined
 * when none is named (every suite runs) or when one is not a plain suite name (a pattern Vitest
 * resolves itself).
 */
export function selectedSuites(args: string[]): SuiteName[] | undefined {
  const named: string[] = [];
  args.forEach((arg, i) => {
    if (arg === '--project' && args[i + 1] !== undefined) named.push(args[i + 1]!);
    else if (arg.startsWith('--project=')) named.push(arg.slice('--project='.length));
  });
  if (named.length === 0 || !named.every((name) => (SUITE_NAMES as readonly string[]).includes(name))) return undefined;
  return SUITE_NAMES.filter((name) => named.includes(name));
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? path.resolve(args[rootAt + 1] ?? '.') : path.resolve(import.meta.dirname, '..');
  const found = suiteFiles(root);
  for (const name of SUITE_NAMES) console.log(`${name}: ${found.files[name].length} files`);
  const problems = suiteProblems(found);
  for (const line of problems) console.log(`✗ ${line}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
