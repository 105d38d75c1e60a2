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

// Starts as the entry points do (young generation kept small), then allocates ~200 MB of
// objects that live briefly with `uploads` uploads running (widenYoungGeneration() each) and prints
// the young generation's size then, in MB.
const YOUNG = (uploads: number) => `
const v8 = await import('node:v8');
v8.setFlagsFromString('--semi-space-growth-factor=1');
const { widenYoungGeneration } = await import(${JSON.stringify(GC)});
const ends = Array.from({ length: ${uploads} }, () => widenYoungGeneration());
// Each object lives a while (as a chunk's promises and events do across a few chunks), so
// some survive each scavenge: what makes V8 grow the young generation when it may.
const window = new Array(50_000);
for (let i = 0; i < 2_000_000; i++) window[i % window.length] = { i, next: [i, i + 1] };
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
for (const end of ends) end();
console.log(JSON.stringify(young / 1e6));
`;

function youngGeneration(flags: string[], uploads: number): number {
  const child = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', YOUNG(uploads)], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as number;
}

// The young generation kept small stays at a few MB here (2-7 MB); allowed to grow, it reaches
// tens of MB (64 MB on Node 24).
const SMALL_MB = 16;

describe('widenYoungGeneration', () => {
  it('lets the young generation grow while one upload runs, and not while none or several do', () => {
    expect(youngGeneration(['--expose-gc'], 1)).toBeGreaterThan(SMALL_MB);
    expect(youngGeneration(['--expose-gc'], 0)).toBeLessThan(SMALL_MB);
    expect(youngGeneration(['--expose-gc'], 3)).toBeLessThan(SMALL_MB);
  });

  it("leaves V8's setting alone in a process without --expose-gc (not started by an entry point)", () => {
    expect(youngGeneration([], 1)).toBeLessThan(SMALL_MB);
  });
});
