// Before `npm test` runs anything: the Debian packages the tests build real files with and the
// browser they drive (.ci/apt-packages). When some are missing and this machine can install them
// (root or password-less sudo, and apt-get), they are installed once, with one line saying so;
// when it cannot, the run stops at once with one line naming the command to run, instead of
// ending in dozens of failed tests.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TOOLS_SCRIPT = path.join(root, '.ci/tools.sh');

/** The package names .ci/apt-packages lists (comments and blank lines dropped). */
export function wantedPackages(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
}

function succeeds(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

function installed(pkg: string): boolean {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

export type ToolsOutcome = { ok: true } | { ok: false; line: string };

/** Whether this process may run apt-get: root, or password-less sudo, and apt present. */
export function mayInstallPackages(): boolean {
  return succeeds('apt-get', ['--version']) && (process.getuid?.() === 0 || succeeds('sudo', ['-n', 'true']));
}

interface ToolsOptions {
  /** The package list (default .ci/apt-packages). */
  listFile?: string;
  /** Whether missing packages may be installed (default: mayInstallPackages()). */
  mayInstall?: boolean;
}

/** Makes sure the test tools are present; the outcome's line says why not. */
export function ensureTestTools(options: ToolsOptions = {}): ToolsOutcome {
  const wanted = wantedPackages(readFileSync(options.listFile ?? path.join(root, '.ci/apt-packages'), 'utf8'));
  const command = `sudo bash .ci/tools.sh`;
  if (!succeeds('dpkg-query', ['--version'])) {
    return {
      ok: false,
      line: `✗ the tests need Debian's packages (${wanted.join(' ')}); run them on Debian or Ubuntu, after: ${command}`,
    };
  }
  const missing = wanted.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return { ok: true };
  if (!(options.mayInstall ?? mayInstallPackages())) {
    return { ok: false, line: `✗ the tests need Debian packages that are missing (${missing.join(' ')}); install them with: ${command}` };
  }
  // tools.sh prints the one line ("test tools: installing …") and apt's output only on failure.
  const result = spawnSync('bash', [TOOLS_SCRIPT], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    return { ok: false, line: `✗ installing the test tools failed (see above); retry with: ${command}` };
  }
  return { ok: true };
}

// `node scripts/test-tools.ts [--list FILE] [--no-install]`: the same check on its own.
if (import.meta.main) {
  const args = process.argv.slice(2);
  const listAt = args.indexOf('--list');
  const outcome = ensureTestTools({
    listFile: listAt >= 0 ? args[listAt + 1] : undefined,
    mayInstall: args.includes('--no-install') ? false : undefined,
  });
  if (!outcome.ok) {
    console.log(outcome.line);
    process.exit(1);
  }
}
