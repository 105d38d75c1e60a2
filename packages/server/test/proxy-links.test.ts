// Links behind a reverse proxy. Without TARMAC_URL, absolute links come from the address the
// request came to; X-Forwarded-Proto and X-Forwarded-Host count only when TARMAC_TRUST_PROXY
// trusts the proxy (else anyone could make Tarmac hand out links to their own host). With
// TARMAC_URL set, it wins over everything. Checked on every answer with links: the upload,
// `latest`, the iOS manifest and the download redirect.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { fixedClock } from '../src/clock.ts';
import { IPHONE_IPA_VALID_AT } from './helpers/signing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const IPA = readFileSync(path.join(FIXTURES, 'iphone.ipa'));
const PROXY = 'https://tarmac.example.org';
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tarmac.example.org' };

interface Links {
  release_url: string;
  install_url: string;
  download_url: string;
  qrcode_url: string;
  icon_url: string | null;
  id: number;
}

interface Setup {
  server: TestServer;
  owner: TestUser;
  android: TestChannel;
  ios: TestChannel;
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function setup(env: Record<string, string>): Promise<Setup> {
  // iphone.ipa's profile expired in 2017 (install-problems.test.ts): these installs happen while it was valid.
  const server = await startServer(env, { clock: fixedClock(IPHONE_IPA_VALID_AT) });
  servers.push(server);
  const owner = await server.newUser({ role: 'developer' });
  const android = await newApp(server, { ownerId: owner.id });
  const ios = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'iOS' });
  return { server, owner, android, ios };
}

async function upload(s: Setup, tc: TestChannel, file: Buffer, name: string, headers: Record<string, string>): Promise<Links> {
  const form = new FormData();
  form.append('token', s.owner.token);
  form.append('channel_key', tc.key);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${s.server.url}/api/apps/upload`, { method: 'POST', body: form, headers });
  const body = (await response.json()) as Links;
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Every absolute link a client gets for an apk and an ipa release, sent with `headers`. */
async function linksSeen(s: Setup, headers: Record<string, string>): Promise<string[]> {
  const apk = await upload(s, s.android, APK, 'android.apk', headers);
  const ipa = await upload(s, s.ios, IPA, 'iphone.ipa', headers);
  const latest = await fetch(`${s.server.url}/api/apps/latest?channel_key=${s.android.key}`, { headers });
  const [newest] = ((await latest.json()) as { releases: Links[] }).releases;
  const manifest = await fetch(`${s.server.url}/channels/${s.ios.slug}/releases/${ipa.id}/install`, { headers });
  expect(manifest.status).toBe(200);
  const manifestUrls = [...(await manifest.text()).matchAll(/<string>(\w+:\/\/[^<]+)<\/string>/g)].map((m) => m[1]!);
  expect(manifestUrls).toHaveLength(1);
  const redirect = await fetch(`${s.server.url}/${s.android.slug}/${apk.id}/download`, { headers, redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const links = [apk, ipa, newest!].flatMap((r) => [r.release_url, r.download_url, r.qrcode_url, r.install_url.replace(/^itms-services:\/\/\?action=download-manifest&url=/, ''), r.icon_url]);
  return [...links.filter((link): link is string => link !== null), ...manifestUrls, redirect.headers.get('location')!];
}

describe('links behind a proxy', () => {
  it('TARMAC_TRUST_PROXY=true: the forwarded scheme and host make every link', async () => {
    const s = await setup({ TARMAC_TRUST_PROXY: 'true' });
    const links = await linksSeen(s, FORWARDED);
    expect(links.length).toBeGreaterThanOrEqual(15);
    for (const link of links) expect(link.startsWith(`${PROXY}/`), link).toBe(true);
  });

  it('an untrusted proxy (the default): the forwarded headers are ignored', async () => {
    const s = await setup({});
    const links = await linksSeen(s, FORWARDED);
    for (const link of links) expect(link.startsWith(`${s.server.url}/`), link).toBe(true);
  });

  it('TARMAC_URL set: it wins over trusted forwarded headers and the Host header', async () => {
    const s = await setup({ TARMAC_URL: 'https://dist.example.net/', TARMAC_TRUST_PROXY: 'true' });
    const links = await linksSeen(s, { ...FORWARDED, host: 'elsewhere.example.com' });
    for (const link of links) expect(link.startsWith('https://dist.example.net/'), link).toBe(true);
  });
});
