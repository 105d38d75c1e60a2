// The supported formats are listed in three places that must agree: the parser registry
// (code), the CLI help, and the package README.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsers } from '../src/formats/index.ts';
import { run } from './helpers.ts';

const formats = [...new Set(parsers.map((p) => p.format))].sort();

describe('the format list', () => {
  it('matches the README table', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]!).sort();
    expect(documented).toEqual(formats);
  });

  it('matches the CLI help', () => {
    const help = run(process.execPath, [path.join(import.meta.dirname, '../bin/appinfo.js'), '--help']);
    const listed = /Formats: (.*)/.exec(help)![1]!.split(', ').sort();
    expect(listed).toEqual(formats);
  });
});

// The upload dialog offers and checks file name endings by platform (src/platforms.ts): every
// build fixture's name must end in one its own platform lists, and every platform has some.
describe('the file name endings by platform', () => {
  const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');

  it('cover every fixture build under the platform it reads as', async () => {
    const { inspect, PLATFORM_EXTENSIONS } = await import('../src/index.ts');
    const { readdirSync } = await import('node:fs');
    const names = readdirSync(fixtures);
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      const info = await inspect(path.join(fixtures, name));
      expect([name, PLATFORM_EXTENSIONS[info.platform].some((ending) => name.toLowerCase().endsWith(ending))]).toEqual([name, true]);
    }
    for (const [platform, endings] of Object.entries(PLATFORM_EXTENSIONS)) expect([platform, endings.length > 0]).toEqual([platform, true]);
  });
});
