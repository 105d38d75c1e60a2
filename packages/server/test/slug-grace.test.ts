// A channel's slug is its public address (`/<slug>`, QR codes, install links shared in chats).
// When a channel is deleted (alone, with its scheme or with its app) or renamed, its old slug is
// held for TARMAC_SLUG_GRACE_DAYS (30 here, the default): another team asking for it gets a 422
// on `slug` saying it was used recently, so an old link cannot start serving another app's
// build; the app that held it may take it back at once; after the grace period anyone may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './helpers/browser.ts';
import { newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let counter = 0;

beforeAll(async () => {
  server = await startServer();
  alice = await server.newUser({ role: 'developer' });
  bob = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

const HELD = /^was used recently by a channel that is gone, and links to it may still be around: choose another slug \(it is free again on (\d{4}-\d\d-\d\d)\)$/;

function freeOn(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const unique = (name: string) => `${name}-${process.pid}-${++counter}`;

async function channelWithSlug(owner: TestUser, slug: string) {
  const tc = await newApp(server, { ownerId: owner.id });
  const created = await api(server, `/api/schemes/${tc.schemeId}/channels`, { method: 'POST', token: owner.token, json: { name: 'Beta', device_type: 'android', slug } });
  expect(created.status, created.text).toBe(201);
  return { ...tc, id: created.body.id as number };
}

function expectHeld(res: { status: number; body: { details?: Record<string, string[]> } }, field = 'slug') {
  expect(res.status).toBe(422);
  const [message] = res.body.details?.[field] ?? [];
  expect(message).toMatch(HELD);
  expect([freeOn(), freeOn(29)]).toContain(HELD.exec(message!)![1]);
}

describe('a deleted channel\'s slug', () => {
  it('is refused to another team for the grace period, and its old page does not come back', async () => {
    const slug = unique('held');
    const a = await channelWithSlug(alice, slug);
    expect((await api(server, `/api/channels/${a.id}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    expect((await api(server, `/${slug}`)).status).toBe(404);

    const b = await newApp(server, { ownerId: bob.id });
    const refused = await api(server, `/api/schemes/${b.schemeId}/channels`, { method: 'POST', token: bob.token, json: { name: 'Mine', device_type: 'android', slug: slug.toUpperCase() } });
    expectHeld(refused);
    // Renaming another channel to it is refused alike, and nothing was written.
    const renamed = await api(server, `/api/channels/${b.channelId}`, { method: 'PUT', token: bob.token, json: { slug } });
    expectHeld(renamed);
    expect((await api(server, `/${slug}`)).status).toBe(404);
    // A new app asking for it with its first channels, too.
    const newApp_ = await api(server, '/api/apps', {
      method: 'POST',
      token: bob.token,
      json: { name: 'Grabber', schemes: [{ name: 'Beta', channels: [{ name: 'Android', device_type: 'android', slug }] }] },
    });
    expectHeld(newApp_, 'schemes.0.channels.0.slug');
  });

  it('may be taken back at once by the app that held it', async () => {
    const slug = unique('back');
    const a = await channelWithSlug(alice, slug);
    expect((await api(server, `/api/channels/${a.id}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    const again = await api(server, `/api/schemes/${a.schemeId}/channels`, { method: 'POST', token: alice.token, json: { name: 'Beta again', device_type: 'android', slug } });
    expect([again.status, again.body.slug]).toEqual([201, slug]);
  });

  it('is free for anyone once the grace period is over', async () => {
    const slug = unique('over');
    const a = await channelWithSlug(alice, slug);
    expect((await api(server, `/api/channels/${a.id}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await server.database.db.updateTable('retired_slugs').set({ retired_at: longAgo }).where('slug', '=', slug).execute();
    const b = await newApp(server, { ownerId: bob.id });
    const taken = await api(server, `/api/schemes/${b.schemeId}/channels`, { method: 'POST', token: bob.token, json: { name: 'Mine', device_type: 'android', slug } });
    expect([taken.status, taken.body.slug]).toEqual([201, slug]);
  });

  it('is refused to an upload that asks for it (an existing channel, or a new app)', async () => {
    const slug = unique('upload');
    const a = await channelWithSlug(alice, slug);
    expect((await api(server, `/api/channels/${a.id}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    const b = await newApp(server, { ownerId: bob.id });
    for (const fields of [{ channel_key: b.key, slug }, { slug }]) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(fixture('android.apk'))]), 'android.apk');
      const res = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${bob.token}` } });
      expectHeld({ status: res.status, body: (await res.json()) as { details?: Record<string, string[]> } });
    }
    expect(await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', b.channelId).execute()).toEqual([]);
  });

  it('is held when its scheme or its whole app is deleted', async () => {
    const viaScheme = unique('scheme');
    const a = await channelWithSlug(alice, viaScheme);
    expect((await api(server, `/api/schemes/${a.schemeId}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    const viaApp = unique('app');
    const c = await channelWithSlug(alice, viaApp);
    expect((await api(server, `/api/apps/${c.appId}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    const b = await newApp(server, { ownerId: bob.id });
    for (const slug of [viaScheme, viaApp]) {
      expectHeld(await api(server, `/api/schemes/${b.schemeId}/channels`, { method: 'POST', token: bob.token, json: { name: 'Mine', device_type: 'android', slug } }));
    }
  });
});

describe('a renamed channel\'s old slug', () => {
  it('stays held for its app, which may take it back', async () => {
    const old = unique('old');
    const a = await channelWithSlug(alice, old);
    const renamed = await api(server, `/api/channels/${a.id}`, { method: 'PUT', token: alice.token, json: { slug: unique('new') } });
    expect(renamed.status).toBe(200);
    const b = await newApp(server, { ownerId: bob.id });
    expectHeld(await api(server, `/api/schemes/${b.schemeId}/channels`, { method: 'POST', token: bob.token, json: { name: 'Mine', device_type: 'android', slug: old } }));
    const back = await api(server, `/api/channels/${a.id}`, { method: 'PUT', token: alice.token, json: { slug: old } });
    expect([back.status, back.body.slug]).toEqual([200, old]);
    // Changing only the case is no rename: nothing new is held.
    expect((await api(server, `/api/channels/${a.id}`, { method: 'PUT', token: alice.token, json: { slug: old.toUpperCase() } })).status).toBe(200);
  });
});
