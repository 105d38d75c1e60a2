// The web app's two Mantine stylesheets (signed-out.css for the first page load, signed-in.css
// with the signed-in frame) hold every component stylesheet of @mantine/core exactly once, each
// in the order @mantine/core/styles.css has them (a component's rules after those it builds on).
// Fails when a Mantine upgrade adds a component file or reorders them: update the two lists.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const core = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const whole = readFileSync(path.join(core, 'styles.css'), 'utf8');
/** Mantine writes these variables itself (main.tsx: deduplicateCssVariables={false}). */
const RUNTIME = ['default-css-variables'];

/** Every component stylesheet, in the order styles.css concatenates them. */
const canonical = readdirSync(path.join(core, 'styles'))
  .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
  .map((name) => {
    const text = readFileSync(path.join(core, 'styles', name), 'utf8').trim();
    return { name: name.slice(0, -'.css'.length), at: whole.indexOf(text.slice(0, 300)) };
  })
  .sort((a, b) => a.at - b.at);

function imports(sheet: string): string[] {
  const text = readFileSync(path.join(import.meta.dirname, sheet), 'utf8');
  return [...text.matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.css";/g)].map((match) => match[1]!);
}

describe("the web app's Mantine stylesheets", () => {
  const signedOut = imports('signed-out.css');
  const signedIn = imports('signed-in.css');

  it('finds every component stylesheet inside styles.css', () => {
    expect(canonical.filter(({ at }) => at < 0).map(({ name }) => name)).toEqual([]);
  });

  it('hold every component stylesheet exactly once, but the variables Mantine writes itself', () => {
    const both = [...signedOut, ...signedIn];
    expect(both.length).toBe(new Set(both).size);
    expect([...both, ...RUNTIME].sort()).toEqual(canonical.map(({ name }) => name).sort());
  });

  it('keep the order of styles.css in each sheet', () => {
    const order = canonical.map(({ name }) => name);
    for (const sheet of [signedOut, signedIn]) expect(sheet).toEqual(order.filter((name) => sheet.includes(name)));
  });

  it('start the first page load with the global rules', () => {
    expect(signedOut.slice(0, 2)).toEqual(['baseline', 'global']);
  });
});
