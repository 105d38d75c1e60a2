// Every string exists in both languages, with the same {{placeholders}}.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function load(language: string): Record<string, unknown> {
  const dir = path.join(import.meta.dirname, 'locales', language);
  return Object.fromEntries(readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => [name.slice(0, -5), JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown]));
}
const en = load('en');
const zhCN = load('zh-CN');

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value as Record<string, unknown>, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('web translations', () => {
  const english = flatten(en);
  const chinese = flatten(zhCN);

  it('have the same keys in English and Simplified Chinese', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keep the same placeholders and leave nothing empty', () => {
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe('');
      expect(chinese.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('put the count in every plural form but the singular (i18next picks the form by `count`)', () => {
    for (const [key, text] of [...english, ...chinese]) {
      if (!/_(zero|two|few|many|other)$/.test(key)) continue;
      expect(placeholders(text), `${key}: ${text}`).toContain('count');
    }
  });
});
