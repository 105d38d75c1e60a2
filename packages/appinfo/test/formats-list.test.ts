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
