// Mutation fuzzing: every real fixture is truncated at many points and has bytes flipped,
// zeroed and lengths blown up; each mutant must either parse or fail with an AppInfoError.
// Never a TypeError or RangeError, never a hang. CI runs a bounded number of mutants per
// fixture; run more by hand with FUZZ_MUTANTS=2000 npx vitest run packages/appinfo/test/fuzz.test.ts
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import { inspect } from '../src/inspect.ts';
import { bufferReader } from '../src/io/reader.ts';
import { openZip } from '../src/zip/zip.ts';
import { FIXTURES, makeZip } from './helpers.ts';

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

/** Entries the parsers read: mutating these exercises the parsers rather than inflate. */
const INTERESTING = /(Info\.plist|embedded\.mobileprovision|AndroidManifest\.xml|resources\.arsc|resources\.pb|module\.json|pack\.info|resources\.index|mapping\.txt|\/DWARF\/[^/]+|\.icns|\.webp|\.png|uF\.xml|\/MacOS\/[^/]+|AppInfoDemo\.app\/AppInfoDemo|CERT\.RSA|KEY0\.RSA)$/;

describe('fuzzing the entries inside the zip fixtures', () => {
  const zips = fixtureFiles().filter((file) => readFileSync(path.join(FIXTURES, file)).subarray(0, 2).toString() === 'PK');

  it.each(zips)('%s: mutating the entries a parser reads gives a result or an AppInfoError', async (file) => {
    const archive = await openZip(bufferReader(readFileSync(path.join(FIXTURES, file))));
    const entries: { name: string; data: Buffer }[] = [];
    try {
      for (const entry of archive.entries) {
        if (!entry.isDirectory) entries.push({ name: entry.name, data: await archive.read(entry, { maxBytes: 64 * 1024 * 1024 }) });
      }
    } finally {
      await archive.close();
    }
    const targets = entries.map((e, i) => ({ e, i })).filter(({ e }) => INTERESTING.test(e.name));
    expect(targets.length).toBeGreaterThan(0);
    const untyped: string[] = [];
    const rounds = Math.max(4, Math.ceil(MUTANTS / 2));
    for (let round = 0; round < rounds; round++) {
      const target = targets[round % targets.length]!;
      for (const mutation of mutations(round * 104729 + target.i, Math.max(1, target.e.data.length))) {
        const mutated = entries.map((entry, i) => ({
          name: entry.name,
          data: i === target.i ? mutation.apply(entry.data) : entry.data,
          store: true,
        }));
        const result = await outcome(makeZip(mutated));
        if (result.startsWith('UNTYPED')) untyped.push(`${target.e.name} ${mutation.name}: ${result}`);
      }
    }
    expect(untyped).toEqual([]);
  }, 300_000);
});
