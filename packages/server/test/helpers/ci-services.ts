// The throwaway servers the tests share with CI (.ci/s3.sh, .ci/ldap.sh): each script's `start DIR`
// prints `export NAME=value` lines. When CI did not start one, the first test file that asks starts
// it once for the whole run in DIR/server (a lock folder decides which file), the others wait for
// its env; global-setup.ts stops it at the end of the run.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/** The `export NAME=value` lines a script prints (bash `printf %q`: 'quoted' or backslash-escaped), as a record. */
export function parseShellExports(text: string): Record<string, string> {
  const unquote = (value: string): string => (/^'.*'$/.test(value) ? value.slice(1, -1) : value.replace(/\\(.)/g, '$1'));
  return Object.fromEntries([...text.matchAll(/^export ([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, unquote(m[2]!)]));
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `bash SCRIPT start DIR/server` once across the run's test files and returns what it printed. */
export async function startOnce(dir: string, script: string, what: string): Promise<Record<string, string>> {
  const envFile = path.join(dir, 'env');
  const failedFile = path.join(dir, 'failed');
  let mine = false;
  try {
    mkdirSync(path.join(dir, 'lock'));
    mine = true;
  } catch {
    // Another test file is starting it.
  }
  if (mine) {
    try {
      const { stdout } = await promisify(execFile)('bash', [script, 'start', path.join(dir, 'server')], { timeout: 600_000 });
      writeFileSync(envFile, stdout);
    } catch (error) {
      writeFileSync(failedFile, String((error as Error).message));
      throw error;
    }
  }
  for (let waited = 0; !existsSync(envFile); waited += 250) {
    if (existsSync(failedFile)) throw new Error(`The ${what} did not start: ${readFileSync(failedFile, 'utf8')}`);
    if (waited > 600_000) throw new Error(`The ${what} did not start within 10 minutes`);
    await sleep(250);
  }
  return parseShellExports(readFileSync(envFile, 'utf8'));
}
