// Every error code the server can answer has a sentence in both web languages, every code thrown
// in the source is listed, and every permission refusal's code is listed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForbiddenMessages, forbiddenMessages, permissionCode } from './auth/policy.ts';
import { ERROR_CODES, FIELD_CODES } from './error-codes.ts';

const LOCALES = path.join(import.meta.dirname, '../../web/src/i18n/locales');

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('error codes', () => {
  for (const language of ['en', 'zh-CN']) {
    const strings = JSON.parse(readFileSync(path.join(LOCALES, language, 'errors.json'), 'utf8')) as unknown;
    it(`each has a ${language} sentence in the web app (errors.<code>, errors.field.<code>)`, () => {
      const missing = [
        ...Object.keys(ERROR_CODES).filter((code) => typeof lookup(strings, code) !== 'string'),
        ...Object.keys(FIELD_CODES).filter((code) => typeof lookup(strings, `field.${code}`) !== 'string'),
      ];
      expect(missing).toEqual([]);
    });
  }

  it('are lower_snake words joined by dots', () => {
    for (const code of [...Object.keys(ERROR_CODES), ...Object.keys(FIELD_CODES)]) expect(code).toMatch(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/);
  });

  it('include the code of every permission refusal', () => {
    const actions = [...Object.keys(forbiddenMessages), ...Object.keys(appForbiddenMessages)] as Parameters<typeof permissionCode>[0][];
    expect(actions.map(permissionCode).filter((code) => !(code in ERROR_CODES))).toEqual([]);
  });

  it('include every code a source file names after an error sentence', () => {
    // `new XError(message, 'code', …)`, `sendError(reply, status, message, 'code')`, `fieldIssue('code', …)`.
    const named = new Set<string>();
    for (const file of sourceFiles(path.join(import.meta.dirname))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:Error\([^;]*?|sendError\([^;]*?), '([a-z_]+(?:\.[a-z_]+)+)'/g)) named.add(match[1]!);
      for (const match of text.matchAll(/fieldIssue\('([a-z_]+)'/g)) named.add(`field.${match[1]!}`);
    }
    expect(named.size).toBeGreaterThan(40);
    const unknown = [...named].filter((code) => (code.startsWith('field.') ? !(code.slice(6) in FIELD_CODES) : !(code in ERROR_CODES)));
    expect(unknown).toEqual([]);
  });
});
