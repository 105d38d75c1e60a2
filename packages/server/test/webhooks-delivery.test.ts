// Webhook deliveries through the jobs, against local receivers that answer as each service does: an
// upload posts once per hook with the build's links (Slack; Feishu signed; JSON signed), a service's
// error code fails the delivery, 5xx and 429 are retried (Retry-After honoured) until one success,
// a timeout is logged, a redirect to a private address is refused, a quiet scheme posts nothing,
// an event heard twice posts once, the test button, redelivery and the daily digest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feishuSign, verifySignature } from '../src/webhooks/signing.ts';
import { engineUnderTest } from './helpers/database.ts';
import { DSYM_FIXTURE, uploadDebugFile } from './helpers/debug-files.ts';
import { newApp, now, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { json, startReceiver } from './helpers/receivers.ts';
import type { Receiver } from './helpers/receivers.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));
const IPA = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/iphone.ipa'));
const FEISHU_SECRET = 'feishu-secret-0123456789abcdef';
const JSON_SECRET = 'json-receiver-secret-0123456789';

interface Attempt {
  number: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  response_excerpt: string;
}
interface Delivery {
  id: string;
  event: string;
  state: string;
  release_id: number | null;
  title: string;
  attempts: Attempt[];
}

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let owner: TestUser;
const receivers: Receiver[] = [];

async function receiver(handler?: Parameters<typeof startReceiver>[0], host?: string): Promise<Receiver> {
  const made = await startReceiver(handler, host);
  receivers.push(made);
  return made;
}

async function hook(channelId: number, json: Record<string, unknown>): Promise<number> {
  const res = await api(server, `/api/channels/${channelId}/webhooks`, { method: 'POST', token: owner.token, json: { events: ['upload'], ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function deliveries(id: number): Promise<Delivery[]> {
  const res = await api<Delivery[]>(server, `/api/webhooks/${id}/deliveries`, { token: owner.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The hook's deliveries once none is pending (and there are `count`). */
const settled = (id: number, count = 1) =>
  until(async () => {
    const list = await deliveries(id);
    return list.length === count && list.every((d) => d.state !== 'pending') ? list : undefined;
  }, `${count} finished deliveries of hook ${id}`);

async function freshChannel(name: string): Promise<TestChannel> {
  return newApp(server, { ownerId: owner.id, name, channel: 'Android' });
}

beforeAll(async () => {
  server = await startServer(
    { TARMAC_WEBHOOK_ALLOW_PRIVATE: 'true', TARMAC_WEBHOOK_RETRY_BASE_SECONDS: '0', TARMAC_WEBHOOK_TIMEOUT_SECONDS: '1', TARMAC_WEBHOOK_MAX_ATTEMPTS: '3' },
    { runJobs: true },
  );
  owner = await server.newUser({ role: 'developer' });
});
afterAll(async () => {
  for (const made of receivers) await made.close();
  await server.close();
});

describe(`webhook deliveries on ${engineUnderTest()}`, () => {
  it('an upload posts once to Slack with the install link, once to Feishu signed, once to a signed JSON receiver', async () => {
    const tc = await freshChannel('Upload');
    const slack = await receiver((_req, res) => res.end('ok'));
    const feishu = await receiver((_req, res) => json(res, 200, { code: 0, msg: 'success' }));
    const plain = await receiver((_req, res) => json(res, 200, { received: true }));
    const slackHook = await hook(tc.channelId, { provider: 'slack', url: `${slack.url}/services/T0/B0/x` });
    const feishuHook = await hook(tc.channelId, { provider: 'feishu', url: `${feishu.url}/open-apis/bot/v2/hook/x`, secret: FEISHU_SECRET });
    const jsonHook = await hook(tc.channelId, { provider: 'json', url: `${plain.url}/hook`, secret: JSON_SECRET });
    const release = await uploadBuild<{ id: number }>(server, owner.token, tc.key, APK, 'android.apk');
    const link = `${server.url}/${tc.slug}/${release.id}`;

    const [slackDelivery] = await settled(slackHook);
    expect(slackDelivery).toMatchObject({ event: 'upload', state: 'delivered', release_id: release.id, attempts: [{ number: 1, status: 200, ok: true, error: null }] });
    expect(slackDelivery!.title).toContain('uploaded to Beta Android');
    expect(slack.received).toHaveLength(1);
    const slackPost = slack.received[0]!;
    expect(slackPost.url).toBe('/services/T0/B0/x');
    expect(slackPost.headers).toMatchObject({ 'x-tarmac-delivery': slackDelivery!.id, 'x-tarmac-event': 'upload' });
    expect(slackPost.body).toContain(link);

    await settled(feishuHook);
    expect(feishu.received).toHaveLength(1);
    const card = JSON.parse(feishu.received[0]!.body) as { timestamp: string; sign: string; msg_type: string };
    expect(card.msg_type).toBe('interactive');
    expect(card.sign).toBe(feishuSign(FEISHU_SECRET, Number(card.timestamp)));
    expect(Math.abs(Date.now() / 1000 - Number(card.timestamp))).toBeLessThan(60);
    expect(feishu.received[0]!.body).toContain(link);

    await settled(jsonHook);
    const [post] = plain.received;
    const verified = verifySignature({
      secret: JSON_SECRET, body: post!.body, timestamp: post!.headers['x-tarmac-timestamp'] as string, signature: post!.headers['x-tarmac-signature'] as string,
    });
    expect(verified).toEqual({ ok: true });

    const listed = await api(server, `/api/channels/${tc.channelId}/webhooks`, { token: owner.token });
    expect(listed.body[0]).toMatchObject({ id: slackHook, last_delivery: { state: 'delivered', status: 200 } });
    await pause(500);
    expect([slack.received.length, feishu.received.length, plain.received.length]).toEqual([1, 1, 1]);
  });

  it('a DingTalk error code in a 200 fails the delivery at once, naming the code', async () => {
    const tc = await freshChannel('DingTalk');
    const ding = await receiver((_req, res) => json(res, 200, { errcode: 310000, errmsg: 'keywords not in content' }));
    const id = await hook(tc.channelId, { provider: 'dingtalk', url: `${ding.url}/robot/send?access_token=abc`, keyword: 'build' });
    await uploadBuild(server, owner.token, tc.key, APK, 'android.apk');
    const [delivery] = await settled(id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: [{ number: 1, status: 200, ok: false }] });
    expect(delivery!.attempts[0]!.error).toBe('DingTalk errcode 310000: keywords not in content');
    expect(delivery!.attempts[0]!.response_excerpt).toContain('310000');
    expect(ding.received).toHaveLength(1);
    expect(ding.received[0]!.body).toContain('build');
  });

  it('500, 500, 200: three attempts of the same body, one success', async () => {
    const tc = await freshChannel('Flaky');
    let calls = 0;
    const flaky = await receiver((_req, res) => {
      calls += 1;
      if (calls < 3) json(res, 500, { error: 'busy' });
      else res.end('ok');
    });
    const id = await hook(tc.channelId, { provider: 'slack', url: `${flaky.url}/services/flaky` });
    await uploadBuild(server, owner.token, tc.key, APK, 'android.apk');
    const [delivery] = await settled(id);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts.map((a) => [a.number, a.status, a.ok])).toEqual([[1, 500, false], [2, 500, false], [3, 200, true]]);
    expect(delivery!.attempts[0]!.error).toBe('HTTP 500: {"error":"busy"}');
    expect(flaky.received).toHaveLength(3);
    expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(flaky.received.map((r) => r.headers['x-tarmac-delivery'])).size).toBe(1);
    await pause(500);
    expect(flaky.received).toHaveLength(3);
  });

  it('honours a 429\'s Retry-After before the next attempt', async () => {
    const tc = await freshChannel('Limited');
    const times: number[] = [];
    const limited = await receiver((_req, res) => {
      times.push(Date.now());
      if (times.length === 1) json(res, 429, { error: 'slow down' }, { 'retry-after': '2' });
      else res.end('ok');
    });
    const id = await hook(tc.channelId, { provider: 'discord', url: `${limited.url}/api/webhooks/1/x` });
    await uploadBuild(server, owner.token, tc.key, APK, 'android.apk');
    const [delivery] = await settled(id);
    expect(delivery!.attempts.map((a) => a.status)).toEqual([429, 200]);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1900);
  });

  it('logs a timeout and gives up after the last attempt', async () => {
    const tc = await freshChannel('Slow');
    const slow = await receiver(() => undefined);
    const id = await hook(tc.channelId, { provider: 'teams', url: `${slow.url}/webhookb2/x` });
    await uploadBuild(server, owner.token, tc.key, APK, 'android.apk');
    const [delivery] = await settled(id);
    expect(delivery!.state).toBe('failed');
    expect(delivery!.attempts).toHaveLength(3);
    for (const attempt of delivery!.attempts) expect(attempt).toMatchObject({ status: null, ok: false, error: expect.stringMatching(/^timeout/) });
  });

  it('posts nothing for an upload to a scheme that does not announce new builds', async () => {
    const tc = await freshChannel('Quiet');
    await server.database.db.updateTable('schemes').set({ new_build_callout: false }).where('id', '=', tc.schemeId).execute();
    const quiet = await receiver();
    const id = await hook(tc.channelId, { provider: 'slack', url: `${quiet.url}/x`, events: ['upload', 'changelog'] });
    const release = await uploadBuild<{ id: number }>(server, owner.token, tc.key, APK, 'android.apk');
    // A changelog change is still told: it proves the upload's dispatch ran before.
    const edit = await api(server, `/api/releases/${release.id}`, { method: 'PUT', token: owner.token, json: { changelog: [{ message: 'New' }] } });
    expect(edit.status).toBe(200);
    const [delivery] = await settled(id);
    expect(delivery!.event).toBe('changelog');
    expect(quiet.received).toHaveLength(1);
  });

  it('tells a deleted build, and a debug file to the hooks of every channel of its app', async () => {
    const ios = await newApp(server, { ownerId: owner.id, name: 'Debug', channel: 'iOS', deviceType: 'ios' });
    const stamp = now();
    const second = await server.database.db.insertInto('channels').values({
      scheme_id: ios.schemeId, name: 'Second', slug: `second${ios.channelId}`, key: `second-key-${ios.channelId}`, device_type: 'ios', bundle_id: '*',
      git_url: null, password_hash: null, download_filename_type: 'version_datetime', created_at: stamp, updated_at: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    const deleted = await receiver();
    const debug = await receiver();
    const deletedHook = await hook(ios.channelId, { provider: 'slack', url: `${deleted.url}/x`, events: ['release_deleted'] });
    const debugHook = await hook(second.id, { provider: 'json', url: `${debug.url}/x`, events: ['debug_file'] });
    const release = await uploadBuild<{ id: number }>(server, owner.token, ios.key, IPA, 'iphone.ipa');
    const dsym = await uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, { data: readFileSync(DSYM_FIXTURE), name: 'app.dSYM.zip' });
    expect(dsym.status).toBe(201);
    const [told] = await settled(debugHook);
    expect(told).toMatchObject({ event: 'debug_file', state: 'delivered' });
    expect(told!.title).toContain('debug file uploaded to Beta iOS');
    expect(debug.received).toHaveLength(1);

    expect((await api(server, `/api/releases/${release.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const [gone] = await settled(deletedHook);
    expect(gone).toMatchObject({ event: 'release_deleted', state: 'delivered', release_id: release.id });
    expect(gone!.title).toContain('deleted from Beta iOS');
    expect(deleted.received).toHaveLength(1);
  });

  it('an event dispatched twice makes one delivery and one post', async () => {
    const tc = await freshChannel('Twice');
    const once = await receiver();
    const id = await hook(tc.channelId, { provider: 'slack', url: `${once.url}/x`, events: ['download'] });
    const release = await uploadBuild<{ id: number }>(server, owner.token, tc.key, APK, 'android.apk');
    const event = {
      kind: 'download', id: '5d6f0c3e-7a8b-4c1d-9e2f-0a1b2c3d4e5f', at: new Date().toISOString(), actorId: null,
      baseUrl: server.url, channelId: tc.channelId, releaseId: release.id,
    };
    await server.services.jobs.enqueue('event.dispatch', { event }, { dedupeKey: 'test:first' });
    await server.services.jobs.enqueue('event.dispatch', { event }, { dedupeKey: 'test:second' });
    await settled(id);
    await until(async () => ((await server.services.jobs.list({ state: 'queued' })).total === 0 ? true : undefined), 'an empty queue');
    await pause(300);
    expect(await deliveries(id)).toHaveLength(1);
    expect(once.received).toHaveLength(1);
  });

  it('sends a test message and redelivers it as a new delivery of the same body', async () => {
    const tc = await freshChannel('Button');
    const target = await receiver();
    const id = await hook(tc.channelId, { provider: 'slack', url: `${target.url}/x`, enabled: false });
    const test = await api<Delivery>(server, `/api/webhooks/${id}/test`, { method: 'POST', token: owner.token });
    expect(test.status).toBe(202);
    const [delivered] = await settled(id);
    expect(delivered).toMatchObject({ id: test.body.id, event: 'test', state: 'delivered', release_id: null });
    expect(target.received[0]!.body).toContain('test message from');
    const again = await api<Delivery>(server, `/api/webhooks/${id}/deliveries/${test.body.id}/redeliver`, { method: 'POST', token: owner.token });
    expect(again.status).toBe(202);
    expect(again.body.id).not.toBe(test.body.id);
    await settled(id, 2);
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.body).toBe(target.received[0]!.body);
    expect(target.received[1]!.headers['x-tarmac-delivery']).toBe(again.body.id);
    const missing = await api(server, `/api/webhooks/${id}/deliveries/00000000-0000-0000-0000-000000000000/redeliver`, { method: 'POST', token: owner.token });
    expect(missing.status).toBe(404);
  });

  it('sends the daily digest of the last 24 hours\' builds, and nothing to a hook whose channels had none', async () => {
    const busy = await freshChannel('Digest');
    const idle = await freshChannel('Idle');
    const digest = await receiver();
    const quiet = await receiver();
    const id = await hook(busy.channelId, { provider: 'json', url: `${digest.url}/d`, events: ['digest'] });
    const idleHook = await hook(idle.channelId, { provider: 'json', url: `${quiet.url}/d`, events: ['digest'] });
    const release = await uploadBuild<{ id: number }>(server, owner.token, busy.key, APK, 'android.apk');
    const slot = new Date(Date.now() + 60_000).toISOString();
    await server.services.jobs.enqueue('webhook.digest', { slot });
    await server.services.jobs.enqueue('webhook.digest', { slot }, { dedupeKey: 'digest:again' });
    const [delivery] = await settled(id);
    expect(delivery).toMatchObject({ event: 'digest', state: 'delivered', title: '1 new build in the last 24 hours' });
    const body = JSON.parse(digest.received[0]!.body) as { event: string; builds: { title: string; url: string }[] };
    expect(body.event).toBe('digest');
    expect(body.builds).toEqual([{ title: expect.stringContaining('Digest'), url: `${server.config.externalUrl}/${busy.slug}/${release.id}` }]);
    await pause(500);
    expect(digest.received).toHaveLength(1);
    expect(quiet.received).toHaveLength(0);
    expect(await deliveries(idleHook)).toEqual([]);
  });

  it('a hook disabled after the event was queued posts nothing, and says so', async () => {
    const tc = await freshChannel('Disabled');
    const target = await receiver();
    const id = await hook(tc.channelId, { provider: 'slack', url: `${target.url}/x`, enabled: false });
    const deliveryId = '00000000-0000-4000-8000-0000000000d1';
    await server.database.db.insertInto('webhook_deliveries').values({
      id: deliveryId, webhook_id: id, event_id: 'queued-before-disabling', event: 'upload', channel_id: tc.channelId, release_id: null,
      title: 'Queued', body: '{"text":"queued"}', state: 'pending', created_at: new Date().toISOString(),
    }).execute();
    await server.services.jobs.enqueue('webhook.deliver', { delivery_id: deliveryId, attempt: 1 });
    const [delivery] = await settled(id);
    expect(delivery).toMatchObject({ id: deliveryId, state: 'failed', attempts: [{ number: 1, status: null, ok: false, error: 'the hook was disabled before this was sent' }] });
    expect(target.received).toHaveLength(0);
  });

  it('settles stranded deliveries: a lost job is queued again, an attempt cut short ends failed without a second post', async () => {
    const tc = await freshChannel('Stranded');
    const target = await receiver();
    const id = await hook(tc.channelId, { provider: 'slack', url: `${target.url}/x` });
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const base = { webhook_id: id, event_id: null, event: 'upload', channel_id: tc.channelId, release_id: null, title: 'Stranded', state: 'pending' as const };
    const lostFirst = '00000000-0000-4000-8000-00000000000a';
    const lostRetry = '00000000-0000-4000-8000-00000000000b';
    const cutShort = '00000000-0000-4000-8000-00000000000c';
    const { db } = server.database;
    await db.insertInto('webhook_deliveries').values([
      { ...base, id: lostFirst, body: '{"text":"a"}', created_at: ago(2), attempts: 0, next_attempt_at: null },
      { ...base, id: lostRetry, body: '{"text":"b"}', created_at: ago(3), attempts: 2, next_attempt_at: ago(2) },
      { ...base, id: cutShort, body: '{"text":"c"}', created_at: ago(7), attempts: 1, next_attempt_at: null },
    ]).execute();
    const failed = (number: number) => ({ delivery_id: lostRetry, number, at: ago(3), duration_ms: 5, status: 500, ok: false, error: 'HTTP 500', response_excerpt: '' });
    await db.insertInto('webhook_attempts').values([failed(1), failed(2)]).execute();

    await server.services.jobs.enqueue('webhook.prune', {}, { dedupeKey: 'stranded' });
    const list = await settled(id, 3);
    const byId = new Map(list.map((d) => [d.id, d]));
    expect(byId.get(lostFirst)).toMatchObject({ state: 'delivered', attempts: [{ number: 1, status: 200 }] });
    expect(byId.get(lostRetry)!.attempts.map((a) => [a.number, a.status])).toEqual([[1, 500], [2, 500], [3, 200]]);
    expect(byId.get(cutShort)).toMatchObject({ state: 'failed', attempts: [{ number: 1, status: null, ok: false, error: expect.stringMatching(/^interrupted: /) }] });
    expect(target.received.map((r) => r.body).sort()).toEqual(['{"text":"a"}', '{"text":"b"}']);
  });

  it('keeps the delivery log TARMAC_WEBHOOK_LOG_DAYS (30): older deliveries and their attempts go', async () => {
    const tc = await freshChannel('Old');
    const id = await hook(tc.channelId, { provider: 'slack', url: 'https://hooks.slack.com/services/old' });
    const { db } = server.database;
    const row = (deliveryId: string, createdAt: string) => ({
      id: deliveryId, webhook_id: id, event_id: null, event: 'test', channel_id: null, release_id: null, title: 'Old', body: '{}',
      state: 'delivered' as const, created_at: createdAt,
    });
    const old = '00000000-0000-4000-8000-000000000001';
    const recent = '00000000-0000-4000-8000-000000000002';
    await db.insertInto('webhook_deliveries').values([row(old, new Date(Date.now() - 31 * 86_400_000).toISOString()), row(recent, new Date().toISOString())]).execute();
    await db.insertInto('webhook_attempts').values({ delivery_id: old, number: 1, at: new Date().toISOString(), duration_ms: 1, status: 200, ok: true, error: null, response_excerpt: '' }).execute();
    await server.services.jobs.enqueue('webhook.prune', {});
    await until(async () => ((await deliveries(id)).length === 1 ? true : undefined), 'the old delivery to go');
    expect((await deliveries(id)).map((d) => d.id)).toEqual([recent]);
    expect(await db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', old).execute()).toEqual([]);
  });
});

describe(`a redirect to a private address on ${engineUnderTest()}`, () => {
  let guarded: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    // Only the first hop's address is trusted; private addresses are not allowed.
    guarded = await startServer({ TARMAC_WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1', TARMAC_WEBHOOK_TIMEOUT_SECONDS: '2' }, { runJobs: true });
    user = await guarded.newUser({ role: 'admin' });
  });
  afterAll(() => guarded.close());

  it('is refused, and the delivery fails without reaching it', async () => {
    const inside = await receiver(undefined, '127.0.0.2');
    const bouncer = await receiver((_req, res) => res.writeHead(307, { location: `${inside.url}/admin` }).end());
    const tc = await newApp(guarded, { ownerId: user.id, channel: 'Android' });
    const refused = await api(guarded, `/api/channels/${tc.channelId}/webhooks`, {
      method: 'POST', token: user.token, json: { provider: 'slack', url: `${inside.url}/x`, events: ['upload'] },
    });
    expect(refused.status).toBe(422);
    const made = await api(guarded, `/api/channels/${tc.channelId}/webhooks`, {
      method: 'POST', token: user.token, json: { provider: 'slack', url: `${bouncer.url}/x`, events: ['upload'] },
    });
    expect(made.status, made.text).toBe(201);
    await uploadBuild(guarded, user.token, tc.key, APK, 'android.apk');
    const [delivery] = await until(async () => {
      const list = (await api<Delivery[]>(guarded, `/api/webhooks/${made.body.id}/deliveries`, { token: user.token })).body;
      return list.length === 1 && list[0]!.state !== 'pending' ? list : undefined;
    }, 'the refused delivery');
    expect(delivery).toMatchObject({ state: 'failed', attempts: [{ number: 1, status: null, ok: false }] });
    expect(delivery!.attempts[0]!.error).toMatch(/^blocked: /);
    expect(bouncer.received).toHaveLength(1);
    expect(inside.received).toHaveLength(0);
  });
});
