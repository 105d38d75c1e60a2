// Migrations are forward-only: once merged, a migration file is never edited or renamed,
// because installations have already run it. This test pins each file's SHA-256; a new
// migration adds its line to checksums.json, and changing an old one fails here.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.ts';

const dir = path.join(import.meta.dirname, 'migrations');
const files = readdirSync(dir).filter((name) => /^\d{14}-[a-z0-9-]+\.ts$/.test(name));
const checksums = JSON.parse(readFileSync(path.join(dir, 'checksums.json'), 'utf8')) as Record<string, string>;

describe('migrations', () => {
  it('are all registered, in file-name order', () => {
    expect(Object.keys(migrations)).toEqual(files.map((name) => name.replace(/\.ts$/, '')).sort());
  });

  it.each(files)('%s is unchanged since it was merged', (name) => {
    const sha = createHash('sha256').update(readFileSync(path.join(dir, name))).digest('hex');
    expect(checksums[name], `add "${name}": "${sha}" to checksums.json`).toBe(sha);
  });

  it('has no checksum for a file that is gone (migrations are never deleted)', () => {
    for (const name of Object.keys(checksums)) expect(files).toContain(name);
  });
});
