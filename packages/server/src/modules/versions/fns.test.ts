// The version rule and its sortable key. `latest` answers "the builds newer than yours" with
// `WHERE version_key > ?` on an index, so the key's byte order must be exactly the order of
// compareVersions (release_version first, then build_version), for every string a client or
// a package can carry: digits, dots, letters, `-rc1`, leading zeros, numbers beyond 2^53,
// empty, null and junk. The examples pin compareVersions to Zealot's rule (RubyGems
// Gem::Version after Zealot's pattern); the property tests prove the key agrees with it.
import { describe, expect, it } from 'vitest';
import {
  JUNK_BYTES_MAX,
  KEY_SEPARATOR,
  SEGMENTS_MAX,
  VERSION_INPUT_MAX,
  VERSION_KEY_MAX,
  compareVersions,
  encodeVersion,
  releaseOnlyKey,
  versionKey,
} from './fns.ts';

/** Byte order, as SQLite's BINARY and PostgreSQL's "C" collations compare. */
function compareBytes(a: string, b: string): number {
  return Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** JavaScript's `<` on strings (UTF-16 code units). */
function compareJs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// The examples of docs/versions.md: [older, newer] or [same, same].
const OLDER: [string, string][] = [
  ['1.9', '1.10'],
  ['1.0.a', '1.0'],
  ['1.0.beta', '1.0.rc'],
  ['1.0.rc', '1.0'],
  ['1.0-rc1', '1.0'],
  ['1.0-rc1', '1.0-rc2'],
  ['1.0-rc9', '1.0-rc10'],
  ['1.0-rc1', '1.0.rc1'],
  ['1.a', '1'],
  ['1.A', '1.a'],
  ['1.a', '1.a.1'],
  ['1.a.1', '1.b'],
  ['1.99.99', '2.0'],
  ['1', '1.0.0.1'],
  ['0.a', '0'],
  ['0', '0.0.1'],
  ['12345678901234567890122', '12345678901234567890123'],
  ['9007199254740993', '9007199254740994'],
  ['9999999999999999999', '10000000000000000000'],
  ['', 'abc'],
  ['abc', 'abd'],
  ['unknown', '0'],
  ['beta', '0.0.1'],
  ['zzz', '0.a'],
];
const SAME: [string | null, string | null][] = [
  ['1.0', '1'],
  ['1.0.0', '1'],
  ['001.02', '1.2'],
  ['1.0.a', '1.a'],
  ['android-1.2.3', '1.2.3'],
  ['v1.2', '1.2'],
  ['1.2.3 (456)', '1.2.3'],
  ['1.0 1', '1.0'],
  ['1.0_beta', '1.0.beta'],
  ['1.a.0', '1.a'],
  ['00', '0'],
  [null, ''],
];

describe('compareVersions', () => {
  it.each(OLDER)('%s is older than %s', (older, newer) => {
    expect(compareVersions(older, newer)).toBe(-1);
    expect(compareVersions(newer, older)).toBe(1);
  });

  it.each(SAME)('%s is the same version as %s', (a, b) => {
    expect(compareVersions(a, b)).toBe(0);
    expect(compareVersions(b, a)).toBe(0);
  });

  it('never throws, whatever it is given', () => {
    for (const value of ['_', '1..2', '1.', '.1', '-1', '1-', '1__', '🚀1.2', '\u0000', '1'.repeat(10_000), 'a'.repeat(10_000)]) {
      expect(() => compareVersions(value, '1.0')).not.toThrow();
    }
  });

  it(`counts only the first ${VERSION_INPUT_MAX} characters and ${SEGMENTS_MAX} segments`, () => {
    const long = '1'.repeat(VERSION_INPUT_MAX);
    expect(compareVersions(long + '9', long + '1')).toBe(0);
    const segments = Array.from({ length: SEGMENTS_MAX }, () => '1').join('.');
    expect(compareVersions(`${segments}.5`, `${segments}.7`)).toBe(0);
    expect(compareVersions(`${segments}.5`, segments)).toBe(0);
    const junk = 'x'.repeat(JUNK_BYTES_MAX);
    expect(compareVersions(junk + 'a', junk + 'b')).toBe(0);
  });
});

// A seeded generator, so a failure is reproducible: the seed is in the test name.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function versionGenerator(seed: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const number = (): string => {
    switch (pick([0, 0, 0, 1, 2, 3])) {
      case 0:
        return String(Math.floor(next() * 12));
      case 1:
        return '0'.repeat(1 + Math.floor(next() * 3)) + String(Math.floor(next() * 12));
      case 2:
        // beyond 2^53, up to 40 digits
        return String(1 + Math.floor(next() * 9)) + Array.from({ length: 15 + Math.floor(next() * 25) }, () => pick('0123456789'.split(''))).join('');
      default:
        return pick(['0', '00', '9', '10', '99', '100']);
    }
  };
  const letters = (): string => pick(['a', 'b', 'rc', 'beta', 'alpha', 'pre', 'A', 'Z', 'rc1', 'b2', 'dev', 'x']);
  const separator = (): string => pick(['.', '.', '.', '.', '-', '_', '', '+', ' ']);
  const version = (): string => {
    const count = 1 + Math.floor(next() * 6);
    let out = number();
    for (let i = 1; i < count; i += 1) out += separator() + (next() < 0.25 ? letters() : number());
    return out;
  };
  const junk = (): string =>
    pick(['', ' ', 'abc', 'abd', 'unknown', 'beta', 'é', 'ü', '中文', '🚀', '\uffff', '\ue000', 'x'.repeat(200), 'NaN', '-', '.', '_']);
  return (): string | null => {
    const kind = next();
    if (kind < 0.03) return null;
    if (kind < 0.15) return junk();
    if (kind < 0.25) return pick(['v', 'android-', 'V', 'build ', '(', 'release/']) + version() + pick(['', ' (42)', '+meta', '-SNAPSHOT', '.']);
    if (kind < 0.27) return version().repeat(40); // beyond the caps
    return version();
  };
}

const SEEDS = [1, 2, 3, 42, 20261122];
const PAIRS_PER_SEED = 2000;

describe('encodeVersion and versionKey', () => {
  it.each(SEEDS)('orders bytes exactly as compareVersions orders values (seed %i)', (seed) => {
    const generate = versionGenerator(seed);
    // Pairs drawn from a small pool collide often, so equal values are tested too.
    const pool = Array.from({ length: 300 }, generate);
    for (let i = 0; i < PAIRS_PER_SEED; i += 1) {
      const a = pool[(i * 7919) % pool.length]!;
      const b = i % 3 === 0 ? generate() : pool[(i * 104729 + 17) % pool.length]!;
      const expected = compareVersions(a, b);
      const keyA = encodeVersion(a);
      const keyB = encodeVersion(b);
      expect(compareBytes(keyA, keyB), `${JSON.stringify(a)} vs ${JSON.stringify(b)}: ${keyA} vs ${keyB}`).toBe(expected);
      expect(compareJs(keyA, keyB)).toBe(expected);
      expect(compareVersions(b, a)).toBe(0 - expected);
    }
  });

  it.each(SEEDS)('orders keys by release_version, then build_version (seed %i)', (seed) => {
    const generate = versionGenerator(seed * 7 + 1);
    const pool = Array.from({ length: 60 }, generate);
    const pairs = Array.from(
      { length: 400 },
      (_, i) => [pool[(i * 31) % pool.length]!, i % 4 === 0 ? generate() : pool[(i * 17 + 5) % pool.length]!] as const,
    );
    for (let i = 0; i < PAIRS_PER_SEED; i += 1) {
      const [rv1, bv1] = pairs[(i * 13) % pairs.length]!;
      const [rv2, bv2] = pairs[(i * 29 + 3) % pairs.length]!;
      const expected = compareVersions(rv1, rv2) || compareVersions(bv1, bv2);
      const k1 = versionKey(rv1, bv1);
      const k2 = versionKey(rv2, bv2);
      expect(compareBytes(k1, k2), `(${rv1}, ${bv1}) vs (${rv2}, ${bv2}): ${k1} vs ${k2}`).toBe(expected);
      expect(compareJs(k1, k2)).toBe(expected);
    }
  });

  it('sorts a shuffled list the same way by key and by compareVersions', () => {
    const generate = versionGenerator(99);
    const values = Array.from({ length: 3000 }, generate);
    const byRule = [...values].sort((a, b) => compareVersions(a, b) || compareJs(encodeVersion(a), encodeVersion(b)));
    const byKey = [...values].sort((a, b) => compareJs(encodeVersion(a), encodeVersion(b)));
    expect(byKey.map(encodeVersion)).toEqual(byRule.map(encodeVersion));
    for (let i = 1; i < byKey.length; i += 1) expect(compareVersions(byKey[i - 1]!, byKey[i]!)).toBeLessThanOrEqual(0);
  });

  it('writes printable ASCII only, with the separator once, under the column size', () => {
    const generate = versionGenerator(7);
    const worst = [
      '9'.repeat(1000),
      '1-'.repeat(200),
      '1-a'.repeat(100),
      'a1'.repeat(200),
      '1.a'.repeat(100),
      '0.'.repeat(200) + '1',
      '1' + '.0'.repeat(30) + '.a',
      `1.${'z'.repeat(300)}`,
      Array.from({ length: 40 }, () => '9'.repeat(7)).join('-'),
      '中'.repeat(300),
      '🚀'.repeat(300),
    ];
    let longest = 0;
    for (const rv of [...worst, ...Array.from({ length: 2000 }, generate)]) {
      for (const bv of worst) {
        const key = versionKey(rv, bv);
        expect(key).toMatch(/^[\x21-\x7e]+$/);
        expect(key.split(KEY_SEPARATOR)).toHaveLength(2);
        expect(key.slice(key.indexOf(KEY_SEPARATOR) + 1)).toBe(encodeVersion(bv));
        longest = Math.max(longest, key.length);
      }
    }
    expect(longest).toBeLessThan(VERSION_KEY_MAX);
  });

  it('gives equal keys exactly to equal versions', () => {
    for (const [a, b] of SAME) expect(encodeVersion(a)).toBe(encodeVersion(b));
    for (const [a, b] of OLDER) expect(encodeVersion(a) < encodeVersion(b)).toBe(true);
    expect(versionKey(null, null)).toBe(versionKey('', ''));
  });
});

describe('releaseOnlyKey', () => {
  it('lies above every build of the same release and below every newer release', () => {
    const generate = versionGenerator(5);
    for (let i = 0; i < 1000; i += 1) {
      const rv = generate();
      const bv = generate();
      const other = generate();
      const bound = releaseOnlyKey(rv);
      expect(versionKey(rv, bv) < bound).toBe(true);
      const order = compareVersions(other, rv);
      const key = versionKey(other, bv);
      if (order > 0) expect(key > bound).toBe(true);
      else expect(key < bound).toBe(true);
    }
  });
});
