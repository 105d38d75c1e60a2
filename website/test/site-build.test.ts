// The built documentation site (website/build, made by `npm run docs` before this suite runs):
// every route of the spec's page checklist (../shared/reference/docs-site.md §2.4, 290 doc routes
// of four versions) exists in English and in Chinese, with the site pages (home, 404, search, the
// two API pages, sitemap, the blog's); the navbar, version labels, footer, banners and badges say
// what the spec says in both languages; and no built page loads anything from another site.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BUILD = path.resolve(import.meta.dirname, '../build');
const SPEC = path.resolve(import.meta.dirname, '../../../shared/reference/docs-site.md');
const LOCALES = [{ prefix: '', lang: 'en' }, { prefix: '/zh-Hans', lang: 'zh-Hans' }] as const;

/** The doc routes of the spec's checklist (§2.4), one per `- [ ] \`/docs…\`` line. */
function checklist(): string[] {
  const text = readFileSync(SPEC, 'utf8');
  return [...text.matchAll(/^- \[ \] `(\/docs[^`]*)`/gm)].map((match) => match[1]!);
}

/** The file a route is served from: `<route>/index.html`, or `<route>.html`. */
function page(route: string): string | undefined {
  for (const candidate of [path.join(BUILD, route, 'index.html'), path.join(BUILD, `${route}.html`)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return readFileSync(candidate, 'utf8');
  }
  return undefined;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? htmlFiles(full) : entry.name.endsWith('.html') ? [full] : [];
  });
}

describe('the built documentation site', () => {
  it('has every doc route of the checklist, in both locales', () => {
    const routes = checklist();
    expect(routes.length).toBe(290);
    const missing = LOCALES.flatMap(({ prefix }) => routes.map((route) => `${prefix}${route}`).filter((route) => page(route) === undefined));
    expect(missing).toEqual([]);
  });

  it('has the site pages in both locales: home, 404, search, both API pages, sitemap and the blog', () => {
    for (const { prefix, lang } of LOCALES) {
      for (const route of ['/', '/404', '/search', '/api/v1/en', '/api/v1/zh-Hans', '/blog', '/blog/archive', '/blog/tags', '/blog/authors']) {
        const html = page(`${prefix}${route}`);
        expect(html, `${prefix}${route}`).toBeDefined();
        expect(html, `${prefix}${route}`).toMatch(new RegExp(`<html lang="?${lang}[" ]`));
      }
      expect(existsSync(path.join(BUILD, prefix, 'sitemap.xml')), `${prefix}/sitemap.xml`).toBe(true);
    }
  });

  it('says what the navbar, versions, footer, banners and badges should, in English and Chinese', () => {
    const en = page('/docs/self-hosted')!;
    for (const label of ['Self Hosted', 'Developer Guide', 'User Guide', 'Changelog', 'API', 'Next', '6.1.0', '5.3.7', '4.7.1', 'Legacy docs', 'Copyright © 2018 - 2025 Tarmac.']) {
      expect(en, label).toContain(label);
    }
    expect(en).toContain('Version: 6.1.0');
    const zh = page('/zh-Hans/docs/self-hosted')!;
    for (const label of ['自建服务指南', '开发者资源', '用户手册', '变更日志', '社群', '更多资源', 'Copyright © 2018 - 2025 Tarmac.']) expect(zh, label).toContain(label);
    expect(page('/docs/next/self-hosted')).toMatch(/unreleased documentation/i);
    expect(page('/docs/5.3/self-hosted')).toMatch(/no longer actively maintained/i);
    expect(page('/docs/4.7.1/self-hosted')).toMatch(/no longer actively maintained/i);
  });

  it('has the 404 texts in both languages', () => {
    expect(page('/404')).toContain('Page Not Found');
    expect(page('/zh-Hans/404')).toContain('找不到页面');
  });

  it('loads no script, style, font or image from another site', () => {
    // The minifier drops the quotes of attribute values that need none.
    const remote = /<(?:script|link|img)\b[^>]*\b(?:src|href)=["']?(?:https?:)?\/\/(?!tarmac\.example\.com)[^"'\s>]+/g;
    const offenders = htmlFiles(BUILD).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(remote)].map((match) => `${path.relative(BUILD, file)}: ${match[0]}`));
    expect(offenders.filter((line) => !/<link[^>]*rel=["']?(?:alternate|canonical)/.test(line))).toEqual([]);
  });
});
