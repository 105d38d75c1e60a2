import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const GC = path.join(import.meta.dirname, 'gc.ts');
// Allocates ~64 MB that becomes garbage at once, then asks for a major collection and prints
// the heap in use before and after, in MB.
const SCRIPT = `
const { collectGarbage } = await import(${JSON.stringify(GC)});
let junk = Array.from({ length: 64 }, () => new Array(128 * 1024).fill(1.5));
junk = null;
const before = process.memoryUsage().heapUsed;
collectGarbage('major');
const after = process.memoryUsage().heapUsed;
console.log(JSON.stringify({ before: before / 1e6, after: after / 1e6 }));
`;

function run(flags: string[]): { before: number; after: number } {
  const child = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', SCRIPT], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as { before: number; after: number };
}

describe('collectGarbage', () => {
  it('collects the garbage when the process was started with --expose-gc', () => {
    const { before, after } = run(['--expose-gc']);
    expect(before - after).toBeGreaterThan(40);
  });

  it('does nothing, and does not throw, in a process without the flag', () => {
    const { before, after } = run([]);
    expect(before - after).toBeLessThan(5);
  });
});
