// Each language's strings load in three chunks (index.ts): the signed-out screens' areas first, the
// rest with the signed-in frame, and the refusals' sentences with the signed-in frame or the first
// refusal; a few screens' own areas (screen-areas.ts) load with those screens. Together they hold
// every area of locales/<language>/ once, so no string is left out when one list changes and the
// other does not.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import errorsEn from './errors.en.ts';
import errorsZh from './errors.zh-CN.ts';
import signedInEn from './signed-in.en.ts';
import signedInZh from './signed-in.zh-CN.ts';
import signedOutEn from './signed-out.en.ts';
import signedOutZh from './signed-out.zh-CN.ts';
import { SCREEN_AREAS, screenAreaStrings } from './screen-areas.ts';

const areas = (language: string) =>
  readdirSync(path.join(import.meta.dirname, 'locales', language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();

describe('the three chunks of each language', () => {
  for (const [language, signedOut, signedIn, errors] of [
    ['en', signedOutEn, signedInEn, errorsEn],
    ['zh-CN', signedOutZh, signedInZh, errorsZh],
  ] as const) {
    it(`hold every area of ${language} exactly once, the signed-out screens' first`, () => {
      const first = Object.keys(signedOut).sort();
      const rest = Object.keys(signedIn);
      expect(first).toEqual(['common', 'login', 'signup']);
      expect(Object.keys(errors)).toEqual(['errors']);
      expect(rest.filter((area) => first.includes(area) || area === 'errors')).toEqual([]);
      expect(rest.filter((area) => (SCREEN_AREAS as readonly string[]).includes(area))).toEqual([]);
      expect([...first, ...rest, 'errors', ...SCREEN_AREAS].sort()).toEqual(areas(language));
    });

    it(`loads each screen's own area of ${language} on its own`, async () => {
      for (const area of SCREEN_AREAS) expect(Object.keys(await screenAreaStrings(language, area)).length, area).toBeGreaterThan(0);
    });
  }
});
