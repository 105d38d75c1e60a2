// A public link that leads nowhere, as a browser and as an API client get it. A browser (GET or
// HEAD, an Accept preferring text/html) gets the install pages' "Nothing here" page: 404, in
// its language, with links to the home page and the sign-in. Everyone else (Zealot's SDKs,
// fastlane, curl's */*, JSON clients, anything under /api, any other method) keeps the JSON
// `{"error": …}` it reads today. The page is the same whether or not a slug exists behind a password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersHtml } from '../src/modules/pages/not-found.ts';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { uploadFixture } from './helpers/browser.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const CHROME = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

let server: TestServer, open: TestChannel, guarded: TestChannel, releaseId: number;

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: 'https://tarmac.example.com' });
  const owner = await server.newUser({ role: 'developer' });
  open = await newApp(server, { ownerId: owner.id, deviceType: 'android', channel: 'Android' });
  guarded = await newApp(server, { ownerId: owner.id, deviceType: 'android', channel: 'Android' });
  releaseId = (await uploadFixture(server, owner.token, open.key, 'android.apk')).body.id;
  const set = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'a password 1' } });
  expect(set.status).toBe(200);
});
afterAll(() => server.close());

const visit = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  api(server, path, { method, headers: { accept: CHROME, 'accept-language': 'en-US,en;q=0.9', ...headers } });

describe('prefersHtml', () => {
  it.each([
    [CHROME, true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['text/html', true],
    ['application/json, text/html;q=0.9', false],
    ['text/html, application/json', true],
    ['*/*', false],
    ['', false],
    [undefined, false],
    ['application/json', false],
    ['text/html;q=0', false],
    ['image/avif,image/webp,*/*;q=0.8', false],
    ['text/html;q=0.0, */*', false],
    [`${'x/y,'.repeat(2000)}text/html`, false],
  ])('%s → %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

describe('GET an unknown public path from a browser', () => {
  it.each(['/foo/bar/baz', `/some-slug/abc`, '/nothing-here', '/%2F%2Felsewhere.example/x'])('%s: the not-found page, 404', async (path) => {
    const res = await visit(path);
    const headers = Object.fromEntries(res.headers);
    expect({ status: res.status, ...headers }).toMatchObject({ status: 404, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    for (const part of ['<html lang="en">', '<h1>Nothing here</h1>', '<a class="button" href="/">Go to the home page</a>', '<a href="/login">Sign in</a>']) {
      expect(res.text).toContain(part);
    }
    expect(res.text).toMatch(/href="[^"]*\?lang=zh-CN" hreflang="zh-CN"/);
    expect(res.text).not.toContain('elsewhere');
    expect(res.text).not.toContain('Page not found');
  });

  it('in Chinese for a Chinese browser, and by ?lang=', async () => {
    const byHeader = await visit('/foo/bar/baz', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' });
    expect(byHeader.status).toBe(404);
    expect(byHeader.text).toContain('<html lang="zh-CN">');
    expect(byHeader.text).toContain('<h1>这里什么也没有</h1>');
    expect(byHeader.text).toContain('前往首页');
    const byQuery = await visit('/foo/bar/baz?lang=zh-CN');
    expect(byQuery.text).toContain('<html lang="zh-CN">');
    const back = await visit('/foo/bar/baz?lang=en', { 'accept-language': 'zh-CN' });
    expect(back.text).toContain('<html lang="en">');
  });

  it('HEAD answers 404 with the page headers', async () => {
    const res = await visit('/foo/bar/baz', {}, 'HEAD');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('a guarded slug and an unknown slug give the same page', async () => {
    const behind = await visit(`/${guarded.slug}/abc`);
    const nowhere = await visit('/no-such-channel/abc');
    expect(behind.status).toBe(404);
    expect(behind.text).toBe(nowhere.text);
    const oldBuild = await visit(`/${guarded.slug}/${releaseId + 1000}`);
    const noChannel = await visit(`/no-such-channel/${releaseId + 1000}`);
    expect(oldBuild.status).toBe(404);
    expect(oldBuild.text.replace(guarded.slug, 'x')).toBe(noChannel.text.replace('no-such-channel', 'x'));
  });

  it('a stale download link: the page for a browser, Zealot\'s JSON for a client', async () => {
    const path = `/${open.slug}/${releaseId + 1000}/download`;
    const page = await visit(path);
    expect(page.status).toBe(404);
    expect(page.text).toContain('<h1>Nothing here</h1>');
    const client = await api(server, path, { headers: { accept: '*/*' } });
    expect(client.status).toBe(404);
    expect(client.body).toMatchObject({ error: 'Not found release' });
  });
});

describe('API clients keep the JSON answer', () => {
  it.each([
    ['curl', { accept: '*/*' }],
    ['no Accept', {}],
    ['a JSON client', { accept: 'application/json' }],
    ['JSON first', { accept: 'application/json, text/html;q=0.5' }],
  ])('%s: {"error":"Page not found"}', async (_name, headers) => {
    const res = await api(server, '/foo/bar/baz', { headers });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ error: 'Page not found' });
  });

  it('a browser under /api still gets JSON', async () => {
    const res = await visit('/api/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'API not found: GET /api/nothing' });
    const missing = await visit('/api/apps/999999999', { authorization: 'Bearer nope' });
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('another method gets JSON, even from a browser', async () => {
    const res = await visit('/foo/bar/baz', {}, 'POST');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Page not found' });
  });
});
