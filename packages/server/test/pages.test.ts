// The public install pages over HTTP, as a phone or a desktop browser gets them. The server
// picks one action from the User-Agent: itms-services on iPhone, iPad and Macs for iOS builds
// (Macs with a note: only Apple silicon runs them; the iPad variant rides along for the
// desktop-mode script), a download for builds this device runs, a sentence and the QR code
// where the build cannot be installed, a "open in the system browser" prompt inside WeChat and
// similar apps, an explanation when iOS installs cannot work from this server's address, and
// nothing for an archived app. User text is always escaped; commit links are only ever http(s).
// A channel with a password shows only the password form (401) until the visitor types the
// password (a grant cookie), holds a grant link, or is a signed-in collaborator.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { uploadFixture, USER_AGENTS } from './helpers/browser.ts';
import { api, startServer } from './helpers/server.ts';
import { fixedClock } from '../src/clock.ts';
import { IPHONE_IPA_VALID_AT } from './helpers/signing.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const PASSWORD = 'open sesame 123';

let server: TestServer;
let owner: TestUser;
let outsider: TestUser;
let ios: TestChannel;
let android: TestChannel;
let guarded: TestChannel;
let ipaId: number;
let apkId: number;
let guardedId: number;

beforeAll(async () => {
  // iphone.ipa's profile expired in 2017: these pages are seen while it was valid (the
  // builds that cannot install are install-problems.test.ts's).
  server = await startServer({ TARMAC_URL: BASE }, { clock: fixedClock(IPHONE_IPA_VALID_AT) });
  owner = await server.newUser({ role: 'developer' });
  outsider = await server.newUser({ role: 'developer' });
  ios = await newApp(server, { ownerId: owner.id, name: 'Demo iOS', deviceType: 'ios', channel: 'iOS' });
  android = await newApp(server, { ownerId: owner.id, name: 'Demo Android', deviceType: 'android', channel: 'Android' });
  guarded = await newApp(server, { ownerId: owner.id, name: 'Secret App', deviceType: 'android', channel: 'Android' });
  await server.database.db.updateTable('channels').set({ git_url: 'https://git.example.com/team/demo.git' }).where('id', '=', ios.channelId).execute();
  const ipa = await uploadFixture(server, owner.token, ios.key, 'iphone.ipa', {
    branch: 'origin/main',
    git_commit: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    release_type: 'AdHoc',
    changelog: JSON.stringify([{ message: 'First line\nSecond line', author: 'Ada' }]),
    custom_fields: JSON.stringify([{ name: 'Jira', value: 'APP-12' }]),
  });
  ipaId = ipa.body.id;
  apkId = (await uploadFixture(server, owner.token, android.key, 'android.apk', { changelog: 'Fixed the login screen' })).body.id;
  guardedId = (await uploadFixture(server, owner.token, guarded.key, 'android.apk')).body.id;
  const set = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: PASSWORD } });
  expect(set.status).toBe(200);
});
afterAll(() => server.close());

function page(
  path: string,
  options: { ua?: string; lang?: string; cookie?: string; token?: string; method?: string; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'user-agent': options.ua ?? USER_AGENTS.windows, 'accept-language': options.lang ?? 'en-US,en;q=0.9' };
  if (options.cookie) headers.cookie = options.cookie;
  return api(server, path, {
    headers,
    ...(options.token ? { token: options.token } : {}),
    ...(options.method ? { method: options.method } : {}),
    ...(options.form ? { form: options.form } : {}),
  });
}

/** The hrefs of every link in the page. */
function hrefs(res: ApiResponse): string[] {
  return [...res.text.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

/** The markup of the primary action block (`act-mac`), or of the iPad variant. */
function actionBlock(res: ApiResponse, id = 'act-mac'): string {
  const match = new RegExp(`<div class="actions" id="${id}"[^>]*>([\\s\\S]*?)</div>`).exec(res.text);
  if (!match) throw new Error(`no #${id} in the page`);
  return match[1]!;
}

const manifestInstall = (slug: string, id: number, grant?: string) =>
  `itms-services://?action=download-manifest&url=${BASE}/channels/${slug}/releases/${id}/install${grant ? `?grant=${grant}` : ''}`;

describe('GET /:slug/:id', () => {
  it('answers an HTML page with the build: name, versions, size, time, type, branch, commit link, changelog, fields, counts, QR code', async () => {
    const res = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.mac });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('<h1 id="app-name">AppInfoDemo</h1>');
    expect(res.text).toContain('Demo iOS · Beta · iOS');
    expect(res.text).toContain('<strong>1.2.3 (5)</strong> · Build #1 · iOS');
    // In UTC until the page's script puts it in the visitor's zone, in the one format of src/pages/format.ts.
    expect(res.text).toMatch(/<dt>Uploaded<\/dt><dd><time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z">[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M UTC<\/time><\/dd>/);
    expect(res.text).toContain('<dt>Release type</dt><dd>AdHoc</dd>');
    expect(res.text).toContain('<dt>Branch</dt><dd><code>main</code></dd>');
    expect(res.text).toContain(
      '<dt>Commit</dt><dd><a href="https://git.example.com/team/demo/commit/a1b2c3d4e5f60718293a4b5c6d7e8f9012345678" rel="noopener noreferrer"><code>a1b2c3d4e5f6</code></a></dd>',
    );
    expect(res.text).toContain('<dt>Requires</dt><dd>iOS 9.3</dd>');
    expect(res.text).toContain('<dt>Bundle ID</dt><dd><code>com.icyleaf.AppInfoDemo</code></dd>');
    expect(res.text).toContain('<dt>Downloads</dt><dd>0</dd><dt>Installs</dt><dd>0</dd>');
    expect(res.text).toContain('<dt>Jira</dt><dd>APP-12</dd>');
    expect(res.text).toContain('<li>First line\nSecond line <span class="muted small">Ada</span></li>');
    expect(res.text).toMatch(/<svg role="img" aria-label="QR code of https:\/\/tarmac\.example\.com\/[a-f0-9]+\/\d+" class="qr" [^>]*viewBox/);
    expect(res.text).toContain('<time datetime=');
  });

  it('gives an iPhone one Install button to the itms-services manifest link, and no download', async () => {
    const res = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.iphone });
    const block = actionBlock(res);
    expect(block).toContain(`<a class="button" href="${manifestInstall(ios.slug, ipaId).replace(/&/g, '&amp;')}">Install</a>`);
    expect(block).not.toContain('Apple silicon');
    expect(res.text).not.toContain('id="act-ipad"');
    expect(hrefs(res).filter((href) => href.includes('/download'))).toEqual([]);
  });

  it('gives an iPad the same Install button', async () => {
    const res = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.ipad });
    expect(actionBlock(res)).toContain('>Install</a>');
    expect(actionBlock(res)).not.toContain('Apple silicon');
  });

  it('gives a Mac the Install button with the Apple-silicon note, and carries the iPad variant (desktop mode) hidden', async () => {
    const res = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.mac });
    expect(actionBlock(res)).toContain('>Install</a>');
    expect(actionBlock(res)).toContain('only on Macs with Apple silicon');
    expect(res.text).toContain('<div class="actions" id="act-ipad" hidden>');
    expect(actionBlock(res, 'act-ipad')).toContain('>Install</a>');
    expect(actionBlock(res, 'act-ipad')).not.toContain('Apple silicon');
    expect(res.text).toContain('navigator.maxTouchPoints>1');
  });

  it('tells an Android phone an iOS build cannot be installed there, with the QR code and no button', async () => {
    const res = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.android });
    const block = actionBlock(res);
    expect(block).toContain('This build is for iOS: it cannot be installed on this device. Scan the QR code with a device running iOS, or open this page there.');
    expect(block).not.toContain('<a');
    expect(res.text).toContain('class="qr"');
    expect(hrefs(res).some((href) => href.startsWith('itms-services:') || href.includes('/download'))).toBe(false);
  });

  it('gives an Android phone a Download button for an apk, to the download URL', async () => {
    const res = await page(`/${android.slug}/${apkId}`, { ua: USER_AGENTS.android });
    expect(actionBlock(res)).toContain(`<a class="button" href="${BASE}/${android.slug}/${apkId}/download">Download</a>`);
    expect(res.text).not.toContain('<dt>Requires</dt>');
  });

  it('gives a HarmonyOS 4 phone (an Android browser) the apk download, and HarmonyOS NEXT the sentence', async () => {
    expect(actionBlock(await page(`/${android.slug}/${apkId}`, { ua: USER_AGENTS.harmony4 }))).toContain('>Download</a>');
    const next = actionBlock(await page(`/${android.slug}/${apkId}`, { ua: USER_AGENTS.harmonyNext }));
    expect(next).toContain('This build is for Android: it cannot be installed on this device.');
    expect(next).not.toContain('<a');
  });

  it('tells an iPhone an apk cannot be installed there, without any link to the file', async () => {
    const res = await page(`/${android.slug}/${apkId}`, { ua: USER_AGENTS.iphone });
    expect(actionBlock(res)).toContain('This build is for Android: it cannot be installed on this device.');
    expect(hrefs(res).filter((href) => href.includes('/download'))).toEqual([]);
  });

  it('tells a Windows desktop an apk is not for it, and still offers the file (for adb)', async () => {
    const res = await page(`/${android.slug}/${apkId}`, { ua: USER_AGENTS.windows });
    const block = actionBlock(res);
    expect(block).toContain('This build is for Android: it cannot be installed on this device.');
    expect(block).toContain(`<a href="${BASE}/${android.slug}/${apkId}/download">Download the file (3.8 MB)</a>`);
    expect(block).not.toContain('class="button"');
  });

  it.each([
    ['wechatAndroid', 'WeChat', 'Open in browser', 'android'],
    ['wechatIphone', 'WeChat', 'Open in Safari', 'ios'],
    ['wecom', 'WeCom', 'Open in Safari', 'ios'],
    ['dingtalk', 'DingTalk', 'Open in Safari', 'ios'],
    ['qq', 'QQ', 'Open in Safari', 'ios'],
    ['weibo', 'Weibo', 'Open in Safari', 'ios'],
    ['alipay', 'Alipay', 'Open in browser', 'android'],
    ['feishu', 'Feishu / Lark', 'Open in Safari', 'ios'],
  ] as const)('inside %s, asks to open the page in the system browser instead of a button', async (ua, name, open, platform) => {
    const [slug, id] = platform === 'ios' ? [ios.slug, ipaId] : [android.slug, apkId];
    const res = await page(`/${slug}/${id}`, { ua: USER_AGENTS[ua] });
    const block = actionBlock(res);
    expect(block).toContain(`${name} cannot install apps from its built-in browser. Tap the ··· menu at the top right and choose “${open}”.`);
    expect(block).toContain(`<code class="copy">${BASE}/${slug}/${id}</code>`);
    expect(block).not.toContain('class="button"');
  });

  it('treats the QQ Browser (a real browser) as a browser', async () => {
    expect(actionBlock(await page(`/${android.slug}/${apkId}`, { ua: USER_AGENTS.qqBrowser }))).toContain('>Download</a>');
  });

  it('answers in Chinese for Accept-Language zh-CN, and ?lang= overrides the header', async () => {
    const zh = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.iphone, lang: 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(zh.text).toContain('<html lang="zh-CN">');
    expect(actionBlock(zh)).toContain('>安装</a>');
    expect(zh.text).toMatch(/<p class="muted small">上传时间 <time datetime="[^"]+">\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d UTC<\/time><\/p>/);
    expect(zh.text).toContain('hreflang="en">English</a>');
    const en = await page(`/${ios.slug}/${ipaId}?lang=en`, { ua: USER_AGENTS.iphone, lang: 'zh-CN' });
    expect(en.text).toContain('<html lang="en">');
    expect(actionBlock(en)).toContain('>Install</a>');
    const android = await page(`/${ios.slug}/${ipaId}?lang=zh-CN`, { ua: USER_AGENTS.android });
    expect(actionBlock(android)).toContain('这是 iOS 构建，无法安装到当前设备。');
  });

  it('lists the channel’s builds with their own links, and is the current one marked', async () => {
    const res = await page(`/${ios.slug}/${ipaId}`, { ua: USER_AGENTS.iphone });
    expect(res.text).toContain(`<li class="here" aria-current="page"><span><a href="/${ios.slug}/${ipaId}">1.2.3 (5)</a>`);
    expect(res.text).toContain(`aria-label="Install #1">Install</a>`);
  });

  it('answers the 404 page for a build of another channel, an unknown id, and a huge id', async () => {
    for (const path of [`/${android.slug}/${ipaId}`, `/${ios.slug}/999999`, `/${ios.slug}/99999999999999999999`, `/${ios.slug}/0`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('There is no build or channel at this link.');
      expect(res.text).toContain('removed by the cleanup that keeps only the newest builds');
    }
  });
});

describe('GET /:slug', () => {
  it('shows the channel’s newest build, with the QR code of the channel’s stable URL', async () => {
    await uploadFixture(server, owner.token, android.key, 'android.apk', { changelog: 'Second build' });
    const res = await page(`/${android.slug}`, { ua: USER_AGENTS.linux });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Build #2 · Android');
    expect(res.text).toContain(`aria-label="QR code of ${BASE}/${android.slug}"`);
    expect(res.text).toContain('<li>Second build</li>');
  });

  it('answers a page saying so for a channel without builds', async () => {
    const empty = await newApp(server, { name: 'Empty App', deviceType: 'android' });
    const res = await page(`/${empty.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>No builds yet</h1>');
    expect(res.text).toContain('Empty App · Beta · Android has no builds yet.');
  });

  it('finds the channel whatever the case of the slug', async () => {
    expect((await page(`/${android.slug.toUpperCase()}`)).status).toBe(200);
  });

  it('answers the 404 page in both languages for an unknown slug', async () => {
    const en = await page('/no-such-channel');
    expect(en.status).toBe(404);
    expect(en.text).toContain('<h1>Nothing here</h1>');
    const zh = await page('/no-such-channel', { lang: 'zh-CN' });
    expect(zh.status).toBe(404);
    expect(zh.text).toContain('<h1>这里什么也没有</h1>');
    expect(zh.text).toContain('自动清理');
  });

  it('leaves the paths of the API and the server to their own 404', async () => {
    const res = await page('/api/12345');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'API not found: GET /api/12345' });
  });

  it('pages the builds list 20 at a time with ?page=', async () => {
    const many = await newApp(server, { name: 'Many', deviceType: 'android' });
    for (let version = 1; version <= 45; version++) await storedRelease(server, many.channelId, version);
    const first = await page(`/${many.slug}`, { ua: USER_AGENTS.android });
    expect(first.text.match(/<li( class="here" aria-current="page")?><span><a href=/g)).toHaveLength(20);
    expect(first.text).toContain('Page 1 of 3 · 45 builds');
    expect(first.text).toContain(`<a href="/${many.slug}?page=2" rel="next">Older →</a>`);
    expect(first.text).toContain('aria-label="Download #45">Download</a>');
    const last = await page(`/${many.slug}?page=3`, { ua: USER_AGENTS.android });
    expect(last.text.match(/<li><span><a href=/g)).toHaveLength(5);
    expect(last.text).toContain(`<a href="/${many.slug}?page=2" rel="prev">← Newer</a>`);
    expect(last.text).toContain('aria-label="Download #1">Download</a>');
    expect((await page(`/${many.slug}?page=999`)).text).toContain('Page 3 of 3');
    expect((await page(`/${many.slug}?page=abc`)).text).toContain('Page 1 of 3');
    expect((await page(`/${many.slug}?page=-2`)).text).toContain('Page 1 of 3');
  });
});

describe('redirects from Zealot’s paths', () => {
  it('GET /channels/:slug/releases/:id → 301 /:slug/:id, keeping the query', async () => {
    const res = await page(`/channels/${ios.slug}/releases/${ipaId}?lang=zh-CN`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/${ios.slug}/${ipaId}?lang=zh-CN`);
  });

  it('GET /channels/:slug and /channels/:slug/releases → 301 /:slug', async () => {
    for (const path of [`/channels/${ios.slug}`, `/channels/${ios.slug}/releases`]) {
      const res = await page(path);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/${ios.slug}`);
    }
  });

  it('answers the 404 page for a release id that is not a number', async () => {
    // (`upload` is Zealot's upload form: zealot-links.test.ts.)
    const res = await page(`/channels/${ios.slug}/releases/newest`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Nothing here');
  });
});

describe('user text is escaped', () => {
  it('escapes hostile app names, changelogs and custom fields, and never turns them into markup', async () => {
    const tc = await newApp(server, { ownerId: owner.id, name: '<script>alert("app")</script>', deviceType: 'android' });
    const id = (
      await uploadFixture(server, owner.token, tc.key, 'android.apk', {
        changelog: JSON.stringify([{ message: '<img src=x onerror=alert(1)> [click](javascript:alert(2)) **bold**', author: '"><b>me</b>' }]),
        custom_fields: JSON.stringify([{ name: '<i>name</i>', value: '</dd><script>alert(3)</script>' }]),
        branch: '<b>branch</b>',
        release_type: "'onmouseover='alert(4)",
      })
    ).body.id;
    const res = await page(`/${tc.slug}/${id}`, { ua: USER_AGENTS.android });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<script>alert|<img src=x|<b>|<i>name|onmouseover='/);
    expect(res.text).toContain('&lt;script&gt;alert(&quot;app&quot;)&lt;/script&gt; · Beta · Android');
    expect(res.text).toContain('<li>&lt;img src=x onerror=alert(1)&gt; [click](javascript:alert(2)) **bold** <span class="muted small">&quot;&gt;&lt;b&gt;me&lt;/b&gt;</span></li>');
    expect(res.text).toContain('<dt>&lt;i&gt;name&lt;/i&gt;</dt><dd>&lt;/dd&gt;&lt;script&gt;alert(3)&lt;/script&gt;</dd>');
    expect(res.text).toContain('<dd><code>&lt;b&gt;branch&lt;/b&gt;</code></dd>');
    expect(res.text).toContain('<dd>&#39;onmouseover=&#39;alert(4)</dd>');
    expect(res.text).toContain('<title>AppInfoDemo 2.1.0 (10) · Tarmac</title>');
    // The only script in the page is ours, allowed by its hash.
    expect(res.text.match(/<script>/g)).toHaveLength(1);
  });
});

describe('custom fields on the install page', () => {
  async function detailsOf(customFields: string, lang = 'en'): Promise<string> {
    const tc = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
    const id = (await uploadFixture(server, owner.token, tc.key, 'android.apk', { custom_fields: customFields })).body.id;
    const res = await page(`/${tc.slug}/${id}`, { lang, ua: USER_AGENTS.windows });
    expect(res.status).toBe(200);
    return /<dl>([\s\S]*?)<\/dl>/.exec(res.text)![1]!;
  }

  it("shows Zealot's [{icon, name, value}] as fields, a number as its digits", async () => {
    const details = await detailsOf(JSON.stringify([{ icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' }, { name: 'Pipeline', value: 4242 }]));
    expect(details).toContain('<dt>Jira</dt><dd>APP-12</dd><dt>Pipeline</dt><dd>4242</dd>');
    expect(details).not.toContain('class="json"');
  });

  it('shows any other JSON formatted and escaped, in a region a keyboard can scroll, in English and Chinese', async () => {
    const sent = { tauri_signature: 'dW50cnVzdGVk', notes: '</pre><script>alert(5)</script>' };
    const formatted = JSON.stringify(sent, null, 2).replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const english = await detailsOf(JSON.stringify(sent));
    expect(english).toContain(`<dt>Custom fields</dt><dd><pre class="json" tabindex="0" role="region" aria-label="Custom fields"><code>${formatted}</code></pre></dd>`);
    expect(english).not.toContain('<script>');
    const chinese = await detailsOf('"nightly build"', 'zh-CN');
    expect(chinese).toContain('<dt>自定义字段</dt><dd><pre class="json" tabindex="0" role="region" aria-label="自定义字段"><code>&quot;nightly build&quot;</code></pre></dd>');
  });

  it('shows nothing for fastlane\'s unset ["[]"], [] and {}', async () => {
    for (const sent of ['["[]"]', '[]', '{}']) {
      const details = await detailsOf(sent);
      expect(details, sent).not.toContain('class="json"');
      expect(details, sent).not.toContain('<dt>Custom fields</dt>');
      expect(details, sent).toMatch(/<dt>Installs<\/dt><dd>0<\/dd>$/);
    }
  });
});

describe('commit links', () => {
  async function commitCell(gitUrl: string, commit: string): Promise<string> {
    const tc = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
    await server.database.db.updateTable('channels').set({ git_url: gitUrl }).where('id', '=', tc.channelId).execute();
    const id = (await uploadFixture(server, owner.token, tc.key, 'android.apk', { git_commit: commit })).body.id;
    const res = await page(`/${tc.slug}/${id}`);
    return /<dt>Commit<\/dt><dd>(.*?)<\/dd>/.exec(res.text)![1]!;
  }

  it('links through an https git URL, and converts git@host:user/repo.git to https', async () => {
    expect(await commitCell('https://github.com/team/app', 'abcdef1234')).toBe('<a href="https://github.com/team/app/commit/abcdef1234" rel="noopener noreferrer"><code>abcdef1234</code></a>');
    expect(await commitCell('git@gitlab.example.com:group/sub/app.git', 'ABCDEF1')).toBe(
      '<a href="https://gitlab.example.com/group/sub/app/commit/abcdef1" rel="noopener noreferrer"><code>ABCDEF1</code></a>',
    );
  });

  it('writes no link for a URL that is not http(s), or a commit that is not hexadecimal', async () => {
    expect(await commitCell('javascript:alert(1)//', 'abcdef1234')).toBe('<code>abcdef1234</code>');
    expect(await commitCell('https://github.com/team/app', 'main"><script>')).toBe('<code>main&quot;&gt;&lt;script&gt;</code>');
  });
});

describe('archived apps and iOS installs that cannot work', () => {
  it('shows an archived app’s build with a banner and no install or download button', async () => {
    const tc = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
    const id = (await uploadFixture(server, owner.token, tc.key, 'android.apk')).body.id;
    await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', tc.appId).execute();
    const res = await page(`/${tc.slug}/${id}`, { ua: USER_AGENTS.android });
    expect(res.status).toBe(200);
    expect(res.text).toContain('This app is archived: its builds are kept for reference and can no longer be installed.');
    expect(actionBlock(res)).toBe('');
    expect(hrefs(res).filter((href) => href.includes('/download'))).toEqual([]);
  });

  it('explains why iOS cannot install from a plain-HTTP or loopback address, instead of a broken button', async () => {
    const plain = await startServer();
    try {
      const user = await plain.newUser({ role: 'developer' });
      const tc = await newApp(plain, { ownerId: user.id, deviceType: 'ios', channel: 'iOS' });
      const id = (await uploadFixture(plain, user.token, tc.key, 'iphone.ipa')).body.id;
      const port = new URL(plain.url).port;
      const get = (host: string, userAgent: string = USER_AGENTS.iphone) =>
        new Promise<string>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: `/${tc.slug}/${id}`, headers: { host, 'user-agent': userAgent } }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve(text));
          });
          req.on('error', reject);
          req.end();
        });
      const loopback = await get(`127.0.0.1:${port}`);
      expect(loopback).toContain(`The install link would point at http://127.0.0.1:${port}, this server’s own loopback address, which a phone cannot reach.`);
      expect(loopback).not.toContain('itms-services:');
      const http = await get('tarmac.example.org');
      expect(http).toContain('Over-the-air installs need an HTTPS address with a certificate the device trusts, and this page’s links start with http://tarmac.example.org.');
      expect(http).toContain('TARMAC_URL');
      expect(http).not.toContain('itms-services:');
      // A visitor on another device learns it too, beside the sentence about their device.
      const desktop = await get('tarmac.example.org', USER_AGENTS.windows);
      expect(desktop).toContain('This build is for iOS: it cannot be installed on this device.');
      expect(desktop).toContain('<p class="notice">iOS cannot install this build from here. Over-the-air installs need an HTTPS address');
    } finally {
      await plain.close();
    }
  });
});

describe('a channel with a password', () => {
  const grantCookie = () => `tarmac_grant_${guarded.channelId}`;

  it('shows only the password form (401): no name, icon, QR code or link to the build', async () => {
    for (const path of [`/${guarded.slug}`, `/${guarded.slug}/${guardedId}`]) {
      const res = await page(path, { ua: USER_AGENTS.android });
      expect(res.status, path).toBe(401);
      expect(res.text).toContain('<h1 id="password-heading">This channel is protected</h1>');
      expect(res.text).toContain(`<form method="post" action="/${guarded.slug}/unlock">`);
      expect(res.text).toContain(`<input type="hidden" name="back" value="${path}">`);
      expect(res.text).not.toMatch(/Secret App|AppInfoDemo|class="qr"|<img|\/download|\/icon|itms-services/);
    }
  });

  it('POST /:slug/unlock with a wrong password: 422, the form again with a clear message, no cookie', async () => {
    const res = await page(`/${guarded.slug}/unlock`, { method: 'POST', form: { password: 'wrong', back: `/${guarded.slug}/${guardedId}` } });
    expect(res.status).toBe(422);
    expect(res.text).toContain('<p id="password-error" class="error" role="alert">That password is not right. Check it and try again.</p>');
    expect(res.text).toContain(`<input type="hidden" name="back" value="/${guarded.slug}/${guardedId}">`);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await page(`/${guarded.slug}/unlock`, { method: 'POST', form: {} })).status).toBe(422);
  });

  it('POST /:slug/unlock with the password: a Secure grant cookie and 303 back; the cookie opens the pages', async () => {
    const res = await page(`/${guarded.slug}/unlock`, { method: 'POST', form: { password: PASSWORD, back: `/${guarded.slug}/${guardedId}?lang=en` } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/${guarded.slug}/${guardedId}?lang=en`);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${grantCookie()}=${guarded.channelId}\\.\\d+\\.[\\w-]{32}; Path=/; Expires=.*; HttpOnly; Secure; SameSite=Lax$`));
    const cookie = setCookie.split(';')[0]!;
    const token = cookie.split('=')[1]!;
    const opened = await page(`/${guarded.slug}/${guardedId}`, { ua: USER_AGENTS.android, cookie });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('Secret App · Beta · Android');
    // The file and icon links carry the grant: installers and downloaders send no cookie.
    expect(actionBlock(opened)).toContain(`href="${BASE}/${guarded.slug}/${guardedId}/download?grant=${token}"`);
    expect(opened.text).toContain(`<img class="icon" src="/${guarded.slug}/${guardedId}/icon.png?grant=${token}"`);
    expect((await page(`/${guarded.slug}`, { cookie })).status).toBe(200);
  });

  it('goes back only to a same-site path; anything else goes to the channel page', async () => {
    for (const back of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com', 'javascript:alert(1)', '']) {
      const res = await page(`/${guarded.slug}/unlock`, { method: 'POST', form: { password: PASSWORD, back } });
      expect(res.status, back).toBe(303);
      expect(res.headers.get('location')).toBe(`/${guarded.slug}`);
    }
  });

  it('opens for a valid ?grant= link and carries it along in the page’s own links', async () => {
    const { token } = server.services.accessService.grants.issue({ id: guarded.channelId, password_hash: await passwordHash() });
    const res = await page(`/${guarded.slug}/${guardedId}?grant=${token}`, { ua: USER_AGENTS.android });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<a href="/${guarded.slug}/${guardedId}?grant=${token}">2.1.0 (10)</a>`);
    expect((await page(`/${guarded.slug}?grant=${token}`)).status).toBe(200);
    expect((await page(`/${guarded.slug}?grant=${guarded.channelId}.9999999999.${'A'.repeat(32)}`)).status).toBe(401);
    expect((await page(`/${guarded.slug}`, { cookie: `${grantCookie()}=${guarded.channelId}.1.${'A'.repeat(32)}` })).status).toBe(401);
  });

  it('opens for a signed-in collaborator (links get a fresh grant), not for another user', async () => {
    const res = await page(`/${guarded.slug}/${guardedId}`, { token: owner.token, ua: USER_AGENTS.android });
    expect(res.status).toBe(200);
    expect(actionBlock(res)).toMatch(new RegExp(`href="${BASE}/${guarded.slug}/${guardedId}/download\\?grant=${guarded.channelId}\\.\\d+\\.[\\w-]{32}"`));
    expect((await page(`/${guarded.slug}/${guardedId}`, { token: outsider.token })).status).toBe(401);
    const member = await server.newUser();
    await addCollaborator(server, guarded.appId, member.id, 'member');
    expect((await page(`/${guarded.slug}`, { token: member.token })).status).toBe(200);
  });

  it('POST /:slug/unlock for an unknown channel answers the 404 page; for an open channel it just goes back', async () => {
    expect((await page('/no-such-channel/unlock', { method: 'POST', form: { password: 'x' } })).status).toBe(404);
    const open = await page(`/${android.slug}/unlock`, { method: 'POST', form: { password: 'x', back: `/${android.slug}/${apkId}` } });
    expect(open.status).toBe(303);
    expect(open.headers.get('location')).toBe(`/${android.slug}/${apkId}`);
    expect(open.headers.get('set-cookie')).toBeNull();
  });

  async function passwordHash(): Promise<string> {
    const row = await server.database.db.selectFrom('channels').select('password_hash').where('id', '=', guarded.channelId).executeTakeFirstOrThrow();
    return row.password_hash!;
  }
});
