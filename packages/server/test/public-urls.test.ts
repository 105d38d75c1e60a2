// No build is reachable by counting ids (issue 11, finding 4). Every public URL of a build
// (page, download, file, manifest, icon, QR code) carries its channel's slug, and the server
// checks the build is in that channel; Zealot's id-only paths (/download/releases/<id>,
// /api/releases/<id>/icon) answer only the app's team or a grant holder. An anonymous sweep
// over every id, with no slug or with a wrong one, meets the same 404 a missing build gets
// and never a Location or body naming a slug; the slugged URLs of API answers work; a team
// member's token still downloads through Zealot's path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { fixedClock } from '../src/clock.ts';
import { IPHONE_IPA_VALID_AT } from './helpers/signing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const IPA = readFileSync(path.join(FIXTURES, 'iphone.ipa'));
const PASSWORD = 'open sesame';
const ITMS = 'itms-services://?action=download-manifest&url=';

interface ReleaseAnswer {
  id: number;
  install_url: string;
  download_url: string;
  icon_url: string | null;
  release_url: string;
  qrcode_url: string;
}

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let android: TestChannel;
let ios: TestChannel;
let guarded: TestChannel;
/** A real channel with no builds: its slug is the "wrong slug" of the sweep. */
let empty: TestChannel;
let apk: ReleaseAnswer;
let ipa: ReleaseAnswer;
let secret: ReleaseAnswer;
let sessions: { member: string; outsider: string };

async function upload(tc: TestChannel, file: Buffer, name: string): Promise<ReleaseAnswer> {
  return uploadBuild<ReleaseAnswer>(server, owner.token, tc.key, file, name);
}

beforeAll(async () => {
  // iphone.ipa's profile expired in 2017 (install-problems.test.ts): these installs happen while it was valid.
  server = await startServer({}, { clock: fixedClock(IPHONE_IPA_VALID_AT) });
  owner = await server.newUser({ role: 'developer' });
  member = await server.newUser();
  outsider = await server.newUser({ role: 'developer' });
  const team = async (deviceType: 'android' | 'ios') => {
    const tc = await newApp(server, { ownerId: owner.id, deviceType, channel: deviceType === 'ios' ? 'iOS' : 'Android' });
    await addCollaborator(server, tc.appId, member.id, 'member');
    return tc;
  };
  android = await team('android');
  ios = await team('ios');
  guarded = await team('android');
  empty = await team('android');
  apk = await upload(android, APK, 'android.apk');
  ipa = await upload(ios, IPA, 'iphone.ipa');
  secret = await upload(guarded, APK, 'android.apk');
  const res = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  sessions = {
    member: (await signIn(server, member.username, member.password)).cookie,
    outsider: (await signIn(server, outsider.username, outsider.password)).cookie,
  };
});
afterAll(() => server.close());

/** The slugs that must never be told to someone who only counted ids. */
const secrets = () => [android.slug, ios.slug, guarded.slug];

/** Every public path a counter could try for one id: without a slug, under a wrong one, under a channel id. */
function guesses(id: number): string[] {
  const wrong = empty.slug;
  return [
    `/download/releases/${id}`,
    `/download/releases/${id}/android.apk`,
    `/api/releases/${id}/icon`,
    `/${wrong}/${id}`,
    `/${wrong}/${id}/download`,
    `/${wrong}/${id}/download/android.apk`,
    `/${wrong}/${id}/icon.png`,
    `/channels/${wrong}/releases/${id}/install`,
    `/channels/${wrong}/releases/${id}/qrcode`,
    // Zealot also took a channel id in the manifest path; ids can be counted too.
    ...[android, ios, guarded, empty].map((tc) => `/channels/${tc.channelId}/releases/${id}/install`),
  ];
}

async function probe(url: string, method: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + url, { method, headers, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), text };
}

describe('an anonymous sweep over release ids', () => {
  it('gets 404 for every id on every path, the same answer as a missing build, and never a slug', async () => {
    const ids = [apk.id, ipa.id, secret.id];
    const top = Math.max(...ids);
    const missing = 2147483647;
    for (let id = 1; id <= top + 2; id++) {
      for (const method of ['GET', 'HEAD']) {
        const urls = guesses(id);
        const missingUrls = guesses(missing);
        for (const [i, url] of urls.entries()) {
          const res = await probe(url, method);
          const what = `${method} ${url}`;
          expect(res.status, what).toBe(404);
          expect(res.location, what).toBeNull();
          for (const slug of secrets()) expect(res.text, what).not.toContain(slug);
          // Indistinguishable from a build that does not exist.
          const none = await probe(missingUrls[i]!, method);
          expect(res.status, what).toBe(none.status);
          // (The 404 page echoes its own path, so its id differs.)
          if (!url.endsWith(`/${id}`)) expect(res.text, what).toBe(none.text);
        }
      }
    }
  });

  it("the id-only paths answer Zealot's 404 body", async () => {
    for (const url of [`/download/releases/${apk.id}`, `/download/releases/${secret.id}/x.apk`, `/api/releases/${apk.id}/icon`]) {
      const res = await api(server, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toMatchObject({ error: 'Record not found' });
    }
  });

  it('a signed-in user who is not on the team, or a grant for another channel, is no better than anonymous', async () => {
    const channel = await server.services.accessService.channelBySlug(guarded.slug);
    const grant = server.services.accessService.issueGrant(channel!).token;
    for (const id of [apk.id, ipa.id]) {
      for (const url of [`/download/releases/${id}`, `/download/releases/${id}/x.apk`, `/api/releases/${id}/icon`, `/channels/${android.channelId}/releases/${id}/install`]) {
        for (const headers of [{ cookie: sessions.outsider }, { authorization: `Bearer ${outsider.token}` }] as Record<string, string>[]) {
          const res = await probe(url, 'GET', headers);
          expect(res.status, url).toBe(404);
          expect(res.location).toBeNull();
        }
        const foreign = await probe(`${url}?grant=${grant}`, 'GET');
        expect(foreign.status, url).toBe(404);
      }
    }
  });
});

describe('the slugged URLs in API answers', () => {
  it('carry the channel slug and work for anyone holding them', async () => {
    for (const [answer, tc] of [[apk, android], [ipa, ios]] as const) {
      for (const link of [answer.release_url, answer.download_url, answer.qrcode_url, answer.install_url.replace(ITMS, '')]) {
        expect(link, link).toMatch(/^http:\/\//);
        expect(new URL(link).pathname, link).toContain(`/${tc.slug}/`);
      }
      expect(answer.download_url).toBe(`${server.url}/${tc.slug}/${answer.id}/download`);
      for (const link of [answer.release_url, answer.qrcode_url]) {
        const res = await fetch(link);
        expect(res.status, link).toBe(200);
      }
    }
    expect(apk.icon_url).toBe(`${server.url}/${android.slug}/${apk.id}/icon.png`);
    const icon = await fetch(apk.icon_url!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    // Android: install_url is the download URL; an updater HEADs it, follows and reads the extension.
    expect(apk.install_url).toBe(apk.download_url);
    const head = await fetch(apk.install_url, { method: 'HEAD', redirect: 'follow' });
    expect(head.status).toBe(200);
    expect(head.url).toMatch(new RegExp(`^${server.url}/${android.slug}/${apk.id}/download/${android.slug}_2\\.1\\.0_10_\\d{12}\\.apk$`));
    expect(head.headers.get('content-length')).toBe(String(APK.length));
    const get = await fetch(apk.install_url);
    expect(Buffer.from(await get.arrayBuffer()).equals(APK)).toBe(true);
    // iOS: install_url is itms-services with the slugged manifest, whose package URL works too.
    expect(ipa.install_url).toBe(`${ITMS}${server.url}/channels/${ios.slug}/releases/${ipa.id}/install`);
    const manifest = await fetch(ipa.install_url.replace(ITMS, ''));
    expect(manifest.status).toBe(200);
    const text = await manifest.text();
    expect(text).toContain(`<string>${server.url}/${ios.slug}/${ipa.id}/download</string>`);
    const file = await fetch(`${server.url}/${ios.slug}/${ipa.id}/download`, { method: 'HEAD', redirect: 'follow' });
    expect(file.status).toBe(200);
    expect(file.url).toMatch(/\.ipa$/);
  });

  it("a build under its own channel's slug in another case still opens; under another channel's slug it does not", async () => {
    expect((await probe(`/${android.slug.toUpperCase()}/${apk.id}/download`, 'GET')).status).toBe(302);
    for (const url of [`/${ios.slug}/${apk.id}/download`, `/${ios.slug}/${apk.id}/icon.png`, `/channels/${ios.slug}/releases/${apk.id}/qrcode`, `/${android.slug}/${ipa.id}`]) {
      expect((await probe(url, 'GET')).status, url).toBe(404);
    }
  });

  it("a password-protected channel's slugged links still need the password", async () => {
    const download = await probe(`/${guarded.slug}/${secret.id}/download`, 'GET');
    expect(download.status).toBe(302);
    expect(download.location).toBe(`${server.url}/${guarded.slug}/${secret.id}`);
    expect((await probe(`/${guarded.slug}/${secret.id}/icon.png`, 'GET')).status).toBe(403);
    const answer = await api<ReleaseAnswer>(server, `/api/releases/${secret.id}`, { token: member.token });
    expect(answer.body.download_url).toMatch(new RegExp(`^${server.url}/${guarded.slug}/${secret.id}/download\\?grant=`));
    const withGrant = await fetch(answer.body.download_url);
    expect(withGrant.status).toBe(200);
    expect(withGrant.url).toMatch(/\.apk\?grant=/);
    // A team member's ?token= link: the file URL gets a grant, never the token.
    const byToken = await probe(`/${guarded.slug}/${secret.id}/download?token=${member.token}`, 'GET');
    expect(byToken.status).toBe(302);
    expect(byToken.location).toMatch(new RegExp(`^${server.url}/${guarded.slug}/${secret.id}/download/[^?]+\\.apk\\?grant=${guarded.channelId}\\.`));
    expect(byToken.location).not.toContain(member.token);
    expect((await fetch(byToken.location!)).status).toBe(200);
  });
});

describe("Zealot's id-only paths for the app's team", () => {
  it('a team member with a token, or signed in, gets the file and the icon', async () => {
    for (const headers of [{ authorization: `Bearer ${member.token}` }, { cookie: sessions.member }] as Record<string, string>[]) {
      const redirect = await probe(`/download/releases/${apk.id}`, 'GET', headers);
      expect(redirect.status).toBe(302);
      expect(redirect.location).toMatch(new RegExp(`^${server.url}/${android.slug}/${apk.id}/download/[^?]+\\.apk$`));
      const followed = await fetch(`${server.url}/download/releases/${apk.id}`, { headers });
      expect(followed.status).toBe(200);
      expect(Buffer.from(await followed.arrayBuffer()).equals(APK)).toBe(true);
      const direct = await fetch(`${server.url}/download/releases/${apk.id}/android.apk`, { headers, method: 'HEAD' });
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-length')).toBe(String(APK.length));
      const icon = await fetch(`${server.url}/api/releases/${apk.id}/icon`, { headers });
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
    }
  });

  it('a ?token= link follows through, the redirect carrying a grant (not the token) for a guarded channel', async () => {
    const plain = await fetch(`${server.url}/download/releases/${apk.id}?token=${member.token}`, { method: 'HEAD', redirect: 'follow' });
    expect(plain.status).toBe(200);
    expect(plain.url).not.toContain(member.token);
    const redirect = await probe(`/download/releases/${secret.id}?token=${member.token}`, 'GET');
    expect(redirect.status).toBe(302);
    expect(redirect.location).toMatch(new RegExp(`^${server.url}/${guarded.slug}/${secret.id}/download/[^?]+\\.apk\\?grant=${guarded.channelId}\\.`));
    expect(redirect.location).not.toContain(member.token);
    const file = await fetch(redirect.location!);
    expect(file.status).toBe(200);
  });

  it("the manifest's channel-id form still opens for the team", async () => {
    const res = await probe(`/channels/${ios.channelId}/releases/${ipa.id}/install`, 'GET', { authorization: `Bearer ${member.token}` });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`${server.url}/${ios.slug}/${ipa.id}/download`);
  });
});
