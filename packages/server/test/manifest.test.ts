// The iOS install manifest, `GET /channels/:slug/releases/:id/install` (the URL inside the
// itms-services:// link). It must be a plist iOS accepts: libplist's plistutil reads every
// answer here, and each is compared, after a round trip through plistutil, with the plist a
// person would write by hand: absolute https URLs from TARMAC_URL, the right bundle id and
// version, images only when there is an icon, and a grant in every URL for a protected
// channel (the installer sends no cookie). Errors are plists too: 404 for what is not an iOS
// release of that channel, 403 for a protected channel without access.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { fixedClock } from '../src/clock.ts';
import { IPHONE_IPA_VALID_AT } from './helpers/signing.ts';

const BASE = 'https://tarmac.example.org';
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const IPA = readFileSync(path.join(FIXTURES, 'iphone.ipa'));
const XML = 'text/xml; charset=utf-8';
const GUARDED = "This release's channel is protected by a password: open the release page and enter it, or sign in";

let server: TestServer;
let owner: TestUser;
let member: TestUser;
const scratch = mkdtempSync(path.join(tmpdir(), 'tarmac-plist-'));

beforeAll(async () => {
  // iphone.ipa's profile expired in 2017 (install-problems.test.ts): these installs happen while it was valid.
  server = await startServer({ TARMAC_URL: BASE }, { clock: fixedClock(IPHONE_IPA_VALID_AT) });
  owner = await server.newUser({ role: 'developer' });
  member = await server.newUser();
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

let files = 0;
/** plistutil's conversion of a plist; it fails on anything libplist cannot read. */
function plistutil(input: Buffer | string, format: 'bin' | 'xml'): Buffer {
  files += 1;
  const from = path.join(scratch, `${files}.in`);
  const to = path.join(scratch, `${files}.out`);
  writeFileSync(from, input);
  const run = spawnSync('plistutil', ['-i', from, '-f', format, '-o', to]);
  if (run.error) throw run.error;
  // plistutil 2.2 exits 0 on a conversion error, but says so and writes nothing.
  if (run.stderr.length > 0 || !existsSync(to)) throw new Error(`plistutil could not read the plist: ${run.stderr.toString()}`);
  return readFileSync(to);
}

/** The plist as libplist reads it: XML → binary → XML, so equal values give equal text. */
function canonical(xml: string): string {
  return plistutil(plistutil(xml, 'bin'), 'xml').toString();
}

const doc = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">${body}</plist>`;

/** The manifest written by hand; text values are XML text already. */
function expectedManifest(m: { packageUrl: string; iconUrl?: string; bundleId: string; version: string; title: string }): string {
  const image = (kind: string) => `<dict><key>kind</key><string>${kind}</string><key>needs-shine</key><false/><key>url</key><string>${m.iconUrl}</string></dict>`;
  return doc(
    '<dict><key>items</key><array><dict>' +
      '<key>assets</key><array>' +
      `<dict><key>kind</key><string>software-package</string><key>url</key><string>${m.packageUrl}</string></dict>` +
      (m.iconUrl ? image('display-image') + image('full-size-image') : '') +
      '</array>' +
      '<key>metadata</key><dict>' +
      `<key>bundle-identifier</key><string>${m.bundleId}</string>` +
      `<key>bundle-version</key><string>${m.version}</string>` +
      '<key>kind</key><string>software</string>' +
      `<key>title</key><string>${m.title}</string>` +
      '</dict></dict></array></dict>',
  );
}

const errorPlist = (message: string) => doc(`<dict><key>error</key><string>${message}</string></dict>`);

async function iosTeam(): Promise<TestChannel> {
  const tc = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'iOS' });
  await addCollaborator(server, tc.appId, member.id, 'member');
  return tc;
}

async function upload(tc: TestChannel, file: Buffer, name: string): Promise<{ id: number; install_url: string; install_count: number }> {
  return uploadBuild(server, owner.token, tc.key, file, name);
}

/** Gives an iOS release the icon of an uploaded apk (the ipa fixture has none). */
async function giveIcon(releaseId: number): Promise<void> {
  const android = await newApp(server, { ownerId: owner.id });
  const apk = await upload(android, APK, 'android.apk');
  const row = await server.database.db.selectFrom('releases').select('icon_key').where('id', '=', apk.id).executeTakeFirstOrThrow();
  await server.database.db.updateTable('releases').set({ icon_key: row.icon_key }).where('id', '=', releaseId).execute();
}

async function manifest(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${url}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function installCount(id: number): Promise<number> {
  return (await api(server, `/api/releases/${id}`, { token: owner.token })).body.install_count as number;
}

describe('GET /channels/:slug/releases/:id/install', () => {
  let tc: TestChannel;
  let release: { id: number; install_url: string };
  beforeAll(async () => {
    tc = await iosTeam();
    release = await upload(tc, IPA, 'iphone.ipa');
  });

  it("is a valid plist at the URL of the API's install_url, with absolute https links, the bundle id and the version", async () => {
    const url = `${BASE}/channels/${tc.slug}/releases/${release.id}/install`;
    expect(release.install_url).toBe(`itms-services://?action=download-manifest&url=${url}`);
    const res = await manifest(url.slice(BASE.length));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XML);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(canonical(res.text)).toBe(
      canonical(expectedManifest({ packageUrl: `${BASE}/${tc.slug}/${release.id}/download`, bundleId: 'com.icyleaf.AppInfoDemo', version: '1.2.3', title: 'Demo Beta iOS' })),
    );
  });

  it('adds the display and full-size images when the release has an icon', async () => {
    const withIcon = await upload(tc, IPA, 'iphone.ipa');
    await giveIcon(withIcon.id);
    const res = await manifest(`/channels/${tc.slug}/releases/${withIcon.id}/install`);
    expect(canonical(res.text)).toBe(
      canonical(
        expectedManifest({
          packageUrl: `${BASE}/${tc.slug}/${withIcon.id}/download`,
          iconUrl: `${BASE}/${tc.slug}/${withIcon.id}/icon.png`,
          bundleId: 'com.icyleaf.AppInfoDemo',
          version: '1.2.3',
          title: 'Demo Beta iOS',
        }),
      ),
    );
    const icon = await fetch(`${server.url}/${tc.slug}/${withIcon.id}/icon.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    await icon.arrayBuffer();
  });

  it("takes the slug in any case, and the channel's id in its place (as Zealot did) only from the app's team", async () => {
    const bySlug = await manifest(`/channels/${tc.slug}/releases/${release.id}/install`);
    const upper = await manifest(`/channels/${tc.slug.toUpperCase()}/releases/${release.id}/install`);
    expect(upper.status).toBe(200);
    expect(upper.text).toBe(bySlug.text);
    // A channel id can be counted: anonymously it is a wrong slug.
    const byId = `/channels/${tc.channelId}/releases/${release.id}/install`;
    const anonymous = await manifest(byId);
    expect(anonymous.status).toBe(404);
    expect(canonical(anonymous.text)).toBe(canonical(errorPlist('Not found release')));
    const { cookie } = await signIn(server, member.username, member.password);
    const team = await manifest(byId, { cookie });
    expect(team.status).toBe(200);
    expect(team.text).toBe(bySlug.text);
  });

  it('escapes names and versions, whatever they hold, into a plist libplist reads', async () => {
    const odd = await iosTeam();
    await server.database.db.updateTable('apps').set({ name: `A & B <"x"> 'q'\u0001\u001f` }).where('id', '=', odd.appId).execute();
    const oddRelease = await upload(odd, IPA, 'iphone.ipa');
    const edit = await api(server, `/api/releases/${oddRelease.id}`, { method: 'PUT', token: owner.token, json: { release_version: '1.0 <beta> & "rc"' } });
    expect(edit.status).toBe(200);
    const res = await manifest(`/channels/${odd.slug}/releases/${oddRelease.id}/install`);
    expect(res.status).toBe(200);
    expect(canonical(res.text)).toBe(
      canonical(
        expectedManifest({
          packageUrl: `${BASE}/${odd.slug}/${oddRelease.id}/download`,
          bundleId: 'com.icyleaf.AppInfoDemo',
          version: '1.0 &lt;beta&gt; &amp; "rc"',
          title: `A &amp; B &lt;"x"&gt; 'q' Beta iOS`,
        }),
      ),
    );
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetch(`${server.url}/channels/${tc.slug}/releases/${release.id}/install`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XML);
    expect(await response.text()).toBe('');
  });

  it('counts each GET as an install; HEAD and refused fetches do not count', async () => {
    const counted = await upload(tc, IPA, 'iphone.ipa');
    expect(counted.install_count).toBe(0);
    const url = `/channels/${tc.slug}/releases/${counted.id}/install`;
    await manifest(url);
    await manifest(url);
    await fetch(`${server.url}${url}`, { method: 'HEAD' });
    await manifest(`/channels/not-its-channel/releases/${counted.id}/install`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await installCount(counted.id)).toBe(2);
    const answer = await api(server, `/api/releases/${counted.id}`, { token: owner.token });
    expect(answer.body).toMatchObject({ install_count: 2, download_count: 0 });
  });

  describe('errors are plists', () => {
    it.each([
      ['a release that does not exist', () => `/channels/${tc.slug}/releases/2147483647/install`, 'Not found release'],
      ['a release of another channel', () => `/channels/${tc.slug}x/releases/${release.id}/install`, 'Not found release'],
      ['an id that is not a number', () => `/channels/${tc.slug}/releases/abc/install`, 'Not found release'],
    ])('404 for %s', async (_what, url, message) => {
      const res = await manifest(url());
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe(XML);
      expect(canonical(res.text)).toBe(canonical(errorPlist(message)));
    });

    it('404 for a release that is not an iOS build', async () => {
      const android = await newApp(server, { ownerId: owner.id });
      const apk = await upload(android, APK, 'android.apk');
      const res = await manifest(`/channels/${android.slug}/releases/${apk.id}/install`);
      expect(res.status).toBe(404);
      expect(canonical(res.text)).toBe(canonical(errorPlist(`Release ${apk.id} is not an iOS build: only iOS builds install through a manifest`)));
    });

    it('404 when the stored package is gone', async () => {
      const gone = await upload(tc, IPA, 'iphone.ipa');
      const row = await server.database.db.selectFrom('releases').select('file_key').where('id', '=', gone.id).executeTakeFirstOrThrow();
      await server.services.storage.delete(row.file_key);
      const res = await manifest(`/channels/${tc.slug}/releases/${gone.id}/install`);
      expect(res.status).toBe(404);
      expect(canonical(res.text)).toBe(canonical(errorPlist('Not found release')));
    });
  });

  describe('a password-protected channel', () => {
    let guarded: TestChannel;
    let guardedRelease: { id: number };
    beforeAll(async () => {
      guarded = await iosTeam();
      guardedRelease = await upload(guarded, IPA, 'iphone.ipa');
      await giveIcon(guardedRelease.id);
      const res = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'secret' } });
      expect(res.status).toBe(200);
    });

    const grantIn = (url: string) => new URL(url).searchParams.get('grant');

    it('answers 403 with a plist to a caller without access', async () => {
      const res = await manifest(`/channels/${guarded.slug}/releases/${guardedRelease.id}/install`);
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe(XML);
      expect(canonical(res.text)).toBe(canonical(errorPlist(GUARDED)));
    });

    it("puts the caller's grant in the package and icon URLs, which the installer then fetches without a cookie", async () => {
      const channel = (await server.services.accessService.channelBySlug(guarded.slug))!;
      const given = server.services.accessService.issueGrant(channel).token;
      const res = await manifest(`/channels/${guarded.slug}/releases/${guardedRelease.id}/install?grant=${given}`);
      expect(res.status).toBe(200);
      expect(canonical(res.text)).toBe(
        canonical(
          expectedManifest({
            packageUrl: `${BASE}/${guarded.slug}/${guardedRelease.id}/download?grant=${given}`,
            iconUrl: `${BASE}/${guarded.slug}/${guardedRelease.id}/icon.png?grant=${given}`,
            bundleId: 'com.icyleaf.AppInfoDemo',
            version: '1.2.3',
            title: 'Demo Beta iOS',
          }),
        ),
      );
      // The download redirects to the file URL (under TARMAC_URL, so followed here by hand), keeping the grant.
      const first = await fetch(`${server.url}/${guarded.slug}/${guardedRelease.id}/download?grant=${given}`, { redirect: 'manual' });
      expect(first.status).toBe(302);
      const location = first.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^${BASE}/${guarded.slug}/${guardedRelease.id}/download/[^/?]+\\.ipa\\?grant=${given}$`));
      for (const url of [location.slice(BASE.length), `/${guarded.slug}/${guardedRelease.id}/icon.png?grant=${given}`]) {
        const fetched = await fetch(`${server.url}${url}`);
        expect(fetched.status, url).toBe(200);
        await fetched.arrayBuffer();
      }
    });

    it('gives a signed-in collaborator a fresh grant in its URLs', async () => {
      const { cookie } = await signIn(server, member.username, member.password);
      const res = await manifest(`/channels/${guarded.slug}/releases/${guardedRelease.id}/install`, { cookie });
      expect(res.status).toBe(200);
      const urls = [...res.text.matchAll(/<string>(https:[^<]+)<\/string>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(urls).toHaveLength(3);
      const channel = (await server.services.accessService.channelBySlug(guarded.slug))!;
      for (const url of urls) {
        expect(url.startsWith(BASE)).toBe(true);
        expect(server.services.accessService.heldGrant(channel, [grantIn(url)!])).toBe(grantIn(url));
      }
    });
  });
});
