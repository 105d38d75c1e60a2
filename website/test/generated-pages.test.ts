// The documentation site's generated pages say what their sources say now: the environment variables
// (config-reference.ts), the scheduled jobs (JOB_KINDS), the API pages and both API documents
// (openapi.json), and every Chinese text of them is there and translates the current English.
// `npm run docs:generate` rewrites them; this fails when someone forgot.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

it('has generated pages and API documents that match their sources, with every Chinese text current', () => {
  const check = spawnSync(process.execPath, [path.join(ROOT, 'scripts/docs-site.ts'), 'check'], { cwd: ROOT, encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
  expect(check.stdout).toContain('match their sources');
});
