// Each language's strings load in two chunks (index.ts): the signed-out screens' areas first, the
// rest with the signed-in frame. Together they hold every area of locales/<language>/ once, so no
// string is left out when one list changes and the other does not.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import signedInEn from './signed-in.en.ts';
import signedInZh from './signed-in.zh-CN.ts';
import signedOutEn from './signed-out.en.ts';
import signedOutZh from './signed-out.zh-CN.ts';

const areas = (language: string) =>
  readdirSync(path.join(import.meta.dirname, 'locales', language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();

describe('the two chunks of each language', () => {
  for (const [language, signedOut, signedIn] of [
    ['en', signedOutEn, signedInEn],
    ['zh-CN', signedOutZh, signedInZh],
  ] as const) {
    it(`hold every area of ${language} exactly once, the signed-out screens' first`, () => {
      const first = Object.keys(signedOut).sort();
      const rest = Object.keys(signedIn);
      expect(first).toEqual(['common', 'login', 'signup']);
      expect(rest.filter((area) => first.includes(area))).toEqual([]);
      expect([...first, ...rest].sort()).toEqual(areas(language));
    });
  }
});
