// Mutation fuzzing: every real fixture is truncated at many points and has bytes flipped,
// zeroed and lengths blown up; each mutant must either parse or fail with an AppInfoError.
// Never a TypeError or RangeError, never a hang. CI runs a bounded number of mutants per
// fixture; run more by hand with FUZZ_MUTANTS=2000 npx vitest run packages/appinfo/test/fuzz.test.ts
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import { inspect } from '../src/inspect.ts';
import { FIXTURES } from './helpers.ts';

const MUTANTS = Number(process.env.FUZZ_MUTANTS ?? 40);
const PER_MUTANT_TIMEOUT_MS = 5000;

/** A small deterministic PRNG (mulberry32), so a failure can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Mutation = { name: string; apply: (data: Buffer) => Buffer };

function mutations(seed: number, size: number): Mutation[] {
  const random = prng(seed);
  const at = () => Math.floor(random() * size);
  const kinds: Mutation[] = [
    { name: `truncate@${seed}`, apply: (d) => d.subarray(0, at()) },
    {
      name: `flip@${seed}`,
      apply: (d) => {
        const c = Buffer.from(d);
        for (let i = 0; i < 1 + Math.floor(random() * 16); i++) {
          const offset = at();
          c[offset] = c[offset]! ^ (1 << Math.floor(random() * 8));
        }
        return c;
      },
    },
    {
      name: `zero@${seed}`,
      apply: (d) => {
        const c = Buffer.from(d);
        const start = at();
        c.fill(0, start, Math.min(c.length, start + 1 + Math.floor(random() * 512)));
        return c;
      },
    },
    {
      // Lengths and counts are where parsers trust the file: write big numbers.
      name: `bigint@${seed}`,
      apply: (d) => {
        const c = Buffer.from(d);
        for (let i = 0; i < 4; i++) {
          const offset = Math.min(at(), c.length - 4);
          if (offset >= 0) c.writeUInt32LE([0xffffffff, 0x7fffffff, 0x10000000, 0xffff][i % 4]!, offset);
        }
        return c;
      },
    },
  ];
  return kinds;
}

function fixtureFiles(): string[] {
  return ['apps', 'debug-files', 'provisioning'].flatMap((dir) =>
    readdirSync(path.join(FIXTURES, dir))
      .filter((name) => !name.startsWith('.') && !name.startsWith('invalid_'))
      .map((name) => path.join(dir, name)),
  );
}

async function outcome(data: Buffer): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      inspect(data, { icon: true }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`hang: no answer within ${PER_MUTANT_TIMEOUT_MS} ms`)), PER_MUTANT_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    if (error instanceof AppInfoError) return error.code;
    return `UNTYPED ${(error as Error).name}: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzzing the fixtures', () => {
  it.each(fixtureFiles())('%s: every mutant parses or fails with an AppInfoError', async (file) => {
    const original = readFileSync(path.join(FIXTURES, file));
    const untyped: string[] = [];
    for (let i = 0; i < MUTANTS; i++) {
      for (const mutation of mutations(i * 7919 + original.length, original.length)) {
        const result = await outcome(mutation.apply(original));
        if (result.startsWith('UNTYPED')) untyped.push(`${mutation.name}: ${result}`);
      }
    }
    expect(untyped).toEqual([]);
  }, 300_000);
});
