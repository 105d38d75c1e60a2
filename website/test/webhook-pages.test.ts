// The webhooks pages follow the providers Tarmac has (packages/server/src/webhooks/providers.ts): each
// chat provider of Zealot's docs has its own page in every written version and language, the others
// (Microsoft Teams, signed JSON) are on the webhooks page, and no page documents a provider Tarmac lacks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../packages/server/src/webhooks/providers.ts';

const WEBSITE = path.resolve(import.meta.dirname, '..');
const ZH = 'i18n/zh-Hans/docusaurus-plugin-content-docs';
const TREES = ['docs', 'versioned_docs/version-6', `${ZH}/current`, `${ZH}/version-6`];
const OWN_PAGES = ['slack', 'discord', 'feishu', 'dingtalk', 'wecom'];
const ON_THE_INDEX: Record<string, RegExp> = { teams: /Microsoft Teams/, json: /JSON/ };

describe('the webhooks pages', () => {
  it('cover every provider Tarmac has, and no other', () => {
    expect([...PROVIDERS].sort()).toEqual([...OWN_PAGES, ...Object.keys(ON_THE_INDEX)].sort());
    for (const tree of TREES) {
      const dir = path.join(WEBSITE, tree, 'user-guide/webhooks');
      const pages = readdirSync(dir).filter((name) => name.endsWith('.md')).map((name) => name.replace(/\.md$/, '')).filter((name) => name !== 'index');
      expect(pages.sort(), tree).toEqual([...OWN_PAGES].sort());
      const index = readFileSync(path.join(dir, 'index.md'), 'utf8');
      for (const [provider, mention] of Object.entries(ON_THE_INDEX)) expect(index, `${tree}: ${provider}`).toMatch(mention);
      for (const page of OWN_PAGES) expect(existsSync(path.join(dir, `${page}.md`)), `${tree}/${page}`).toBe(true);
    }
  });
});
