// The webhooks API: channel hooks (the app's admins) and shared hooks (global admins), every hostile
// input a clear 422 with nothing stored, URLs and secrets sealed at rest and never answered, the
// team's view of shared hooks (masked, not editable), previews from the sample or the newest build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from './helpers/database.ts';
import { addCollaborator, newApp, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));
const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/SeCrEtPaThXyZ123';
const FEISHU_SECRET = 'feishu-signing-secret-0123456789';

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let developer: TestUser;
let channel: TestChannel;
let other: TestChannel;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  owner = await server.newUser({ role: 'developer' });
  developer = await server.newUser();
  channel = await newApp(server, { ownerId: owner.id, name: 'Sample', channel: 'Android' });
  other = await newApp(server, { ownerId: admin.id, name: 'Other', channel: 'iOS', deviceType: 'ios' });
  await addCollaborator(server, channel.appId, developer.id, 'developer');
});
afterAll(() => server.close());

const count = async (table: 'webhooks' | 'webhook_channels' | 'webhook_deliveries') =>
  Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const create = (token: string, json: unknown, channelId = channel.channelId) =>
  api(server, `/api/channels/${channelId}/webhooks`, { method: 'POST', token, json });

describe(`the webhooks API on ${engineUnderTest()}`, () => {
  it('creates a channel hook: the answer shows the URL masked, the row holds it sealed', async () => {
    const res = await create(owner.token, { name: ' Team ', provider: 'slack', url: SLACK_URL, events: ['upload', 'changelog', 'upload'] });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), name: 'Team', provider: 'slack', url_masked: 'https://hooks.slack.com/••••Z123', has_secret: false,
      keyword: null, format: null, template: null, events: ['upload', 'changelog'], enabled: true, shared: false, channel_id: channel.channelId,
      channels: [{ id: channel.channelId, name: 'Android', scheme_name: 'Beta', app_id: channel.appId, app_name: 'Sample' }],
      editable: true, last_delivery: null, created_at: ISO_TIME, updated_at: ISO_TIME,
    });
    expect(res.text).not.toContain('SeCrEt');
    const row = await server.database.db.selectFrom('webhooks').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.url).toMatch(/^v1\./);
    expect(row.url).not.toContain('SeCrEt');
  });

  it('never answers a secret, and keeps, clears or drops it as the update says', async () => {
    const res = await create(owner.token, { provider: 'feishu', url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc', secret: FEISHU_SECRET, events: ['upload'] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.has_secret).toBe(true);
    const id = res.body.id as number;
    const read = await api(server, `/api/webhooks/${id}`, { token: developer.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ has_secret: true, editable: false });
    for (const text of [res.text, read.text]) expect(text).not.toContain(FEISHU_SECRET);
    const stored = await server.database.db.selectFrom('webhooks').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1\./);

    const renamed = await api(server, `/api/webhooks/${id}`, { method: 'PUT', token: owner.token, json: { name: 'Lark' } });
    expect(renamed.body).toMatchObject({ name: 'Lark', has_secret: true, provider: 'feishu' });
    const cleared = await api(server, `/api/webhooks/${id}`, { method: 'PUT', token: owner.token, json: { secret: '' } });
    expect(cleared.body).toMatchObject({ has_secret: false });
    await api(server, `/api/webhooks/${id}`, { method: 'PUT', token: owner.token, json: { secret: FEISHU_SECRET } });
    const slack = await api(server, `/api/webhooks/${id}`, { method: 'PUT', token: owner.token, json: { provider: 'slack' } });
    expect(slack.body).toMatchObject({ provider: 'slack', has_secret: false });
  });

  it('refuses every hostile input with a clear 4xx and stores nothing', async () => {
    const hooks = await count('webhooks');
    const links = await count('webhook_channels');
    const base = { provider: 'slack', url: SLACK_URL, events: ['upload'] };
    const cases: [unknown, string][] = [
      [{ ...base, url: 'ftp://example.com/hook' }, 'url'],
      [{ ...base, url: 'not a url' }, 'url'],
      [{ ...base, url: 'http://127.0.0.1:9/hook' }, 'url'],
      [{ ...base, url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
      [{ ...base, url: 'http://localhost/hook' }, 'url'],
      [{ ...base, url: 'https://user:pass@example.com/hook' }, 'url'],
      [{ ...base, url: `https://example.com/${'a'.repeat(2100)}` }, 'url'],
      [{ ...base, url: '' }, 'url'],
      [{ ...base, provider: 'irc' }, 'provider'],
      [{ ...base, events: [] }, 'events'],
      [{ ...base, events: ['deploy'] }, 'events'],
      [{ ...base, events: ['upload', 'nope'] }, 'events'],
      [{ ...base, name: 'x'.repeat(101) }, 'name'],
      [{ ...base, secret: 'a-secret-for-slack' }, 'secret'],
      [{ ...base, keyword: 'build' }, 'keyword'],
      [{ ...base, format: 'news' }, 'format'],
      [{ ...base, template: '{"text": "{{title}}"}' }, 'template'],
      [{ ...base, provider: 'json', template: '{"text": {{title}}}' }, 'template'],
      [{ ...base, provider: 'json', template: '{"text": "{{{title}}}"}' }, 'template'],
      [{ ...base, provider: 'dingtalk', template: '{{#constructor}}{{name}}{{/constructor}}' }, 'template'],
      [{ ...base, provider: 'dingtalk', template: '{{> partial}}' }, 'template'],
      [{ ...base, provider: 'dingtalk', template: '{{#build.name}}' }, 'template'],
      [{ ...base, provider: 'json', template: 'x'.repeat(16_385) }, 'template'],
      [{ ...base, enabled: 'yes' }, 'enabled'],
      [{ url: SLACK_URL, events: ['upload'] }, 'provider'],
    ];
    for (const [json, field] of cases) {
      const res = await create(owner.token, json);
      expect([res.status, field], res.text.slice(0, 300)).toEqual([422, field]);
      const fields = Object.keys((res.body.details ?? {}) as object).map((name) => name.replace(/\.\d+$/, ''));
      expect(fields, `${field}: ${res.text.slice(0, 300)}`).toContain(field);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const broken = await api(server, `/api/channels/${channel.channelId}/webhooks`, {
      method: 'POST', token: owner.token, raw: '{"provider": "slack",', headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await create(owner.token, base, 2147483647)).status).toBe(404);
    const { body: [hook] } = await api(server, `/api/channels/${channel.channelId}/webhooks`, { token: owner.token });
    for (const json of [{ url: 'http://10.0.0.1/' }, { channel_ids: [other.channelId] }, { template: '{{{title}}}' }, { events: [] }]) {
      const bad = await api(server, `/api/webhooks/${hook.id}`, { method: 'PUT', token: owner.token, json });
      expect(bad.status, bad.text).toBe(422);
    }
    expect(await count('webhooks')).toBe(hooks);
    expect(await count('webhook_channels')).toBe(links);
    const still = await api(server, `/api/webhooks/${hook.id}`, { token: owner.token });
    expect(still.body.url_masked).toBe(hook.url_masked);
  });

  it('keeps a template as text: <%= %> and #{} are not code', async () => {
    const template = '### {{title}} <%= system("id") %> #{`id`} ${process.exit(1)}';
    const res = await create(owner.token, { provider: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=abc', template, events: ['upload'] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.template).toBe(template);
    const preview = await api(server, '/api/webhooks/preview', { method: 'POST', token: owner.token, json: { provider: 'dingtalk', template } });
    expect(preview.status, preview.text).toBe(200);
    const text = (JSON.parse(preview.body.body as string) as { markdown: { text: string } }).markdown.text;
    // The title is a value (escaped for markdown); the rest is the template's own text, as written.
    expect(text).toBe('### Sample App 2.4.0 \\(2401\\) uploaded to Beta iOS <%= system("id") %> #{`id`} ${process.exit(1)}');
  });

  it('shares a hook across apps: global admins manage it, each team sees it on its channels, masked and not editable', async () => {
    const missing = await api(server, '/api/webhooks', {
      method: 'POST', token: admin.token, json: { provider: 'discord', url: 'https://discord.com/api/webhooks/1/abc', events: ['upload'], channel_ids: [channel.channelId, 99999] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.details.channel_ids).toEqual(['names channel 99999, which does not exist']);
    const refused = await api(server, '/api/webhooks', {
      method: 'POST', token: owner.token, json: { provider: 'discord', url: 'https://discord.com/api/webhooks/1/abc', events: ['upload'], channel_ids: [] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Only administrators can manage shared webhooks', code: 'permission.webhooks_manage' });

    const made = await api(server, '/api/webhooks', {
      method: 'POST', token: admin.token,
      json: { provider: 'discord', url: 'https://discord.com/api/webhooks/1/abcdefghijklmnop', events: ['upload', 'digest'], channel_ids: [channel.channelId, other.channelId, channel.channelId] },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ shared: true, channel_id: null, editable: true });
    expect((made.body.channels as { id: number }[]).map((c) => c.id)).toEqual([channel.channelId, other.channelId]);

    const list = await api(server, '/api/webhooks?per_page=1', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body).toHaveLength(1);

    // The Sample team sees it on its channel, with only its own channel listed, and cannot change it.
    const seen = await api(server, `/api/channels/${channel.channelId}/webhooks`, { token: owner.token });
    const shared = (seen.body as { id: number; channels: { id: number }[] }[]).find((h) => h.id === made.body.id)!;
    expect(shared).toMatchObject({ shared: true, editable: false, url_masked: 'https://discord.com/••••mnop' });
    expect(shared.channels.map((c) => c.id)).toEqual([channel.channelId]);
    expect((await api(server, `/api/webhooks/${made.body.id}`, { token: owner.token })).status).toBe(200);
    const change = await api(server, `/api/webhooks/${made.body.id}`, { method: 'PUT', token: owner.token, json: { enabled: false } });
    expect(change.status).toBe(403);
    expect((await api(server, `/api/webhooks/${made.body.id}/deliveries`, { token: owner.token })).status).toBe(403);

    const moved = await api(server, `/api/webhooks/${made.body.id}`, { method: 'PUT', token: admin.token, json: { channel_ids: [other.channelId] } });
    expect((moved.body.channels as { id: number }[]).map((c) => c.id)).toEqual([other.channelId]);
    expect((await api(server, `/api/webhooks/${made.body.id}`, { token: owner.token })).status).toBe(404);
  });

  it('deletes a hook with its channels and deliveries', async () => {
    const res = await create(owner.token, { provider: 'teams', url: 'https://example.webhook.office.com/webhookb2/abc', events: ['upload'] });
    const id = res.body.id as number;
    const test = await api(server, `/api/webhooks/${id}/test`, { method: 'POST', token: owner.token });
    expect(test.status, test.text).toBe(202);
    expect(test.body).toMatchObject({ event: 'test', state: 'pending', attempts: [], channel_id: channel.channelId, release_id: null });
    expect((await api(server, `/api/webhooks/${id}/test`, { method: 'POST', token: developer.token })).status).toBe(403);
    const deleted = await api(server, `/api/webhooks/${id}`, { method: 'DELETE', token: owner.token });
    expect(deleted.body).toEqual({ message: 'OK' });
    const left = await server.database.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', id).execute();
    expect(left).toEqual([]);
    expect((await api(server, `/api/webhooks/${id}`, { token: owner.token })).status).toBe(404);
  });

  it("keeps an archived app's hooks as they are: 409 for adding, changing or deleting one, and none editable", async () => {
    const archived = await newApp(server, { ownerId: owner.id, name: 'Shelved', channel: 'Android' });
    const made = await create(owner.token, { provider: 'slack', url: SLACK_URL, events: ['upload'] }, archived.channelId);
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as number;
    expect((await api(server, `/api/apps/${archived.appId}/archive`, { method: 'POST', token: owner.token })).status).toBe(200);

    const before = await count('webhooks');
    const added = await create(owner.token, { provider: 'slack', url: SLACK_URL, events: ['upload'] }, archived.channelId);
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({ error: expect.stringContaining('Shelved'), code: 'app.archived' });
    const changed = await api(server, `/api/webhooks/${id}`, { method: 'PUT', token: owner.token, json: { name: 'Renamed' } });
    expect(changed.status).toBe(409);
    expect((await api(server, `/api/webhooks/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(409);
    expect(await count('webhooks')).toBe(before);
    const listed = await api(server, `/api/channels/${archived.channelId}/webhooks`, { token: owner.token });
    expect(listed.body).toMatchObject([{ id, name: '', editable: false }]);
    expect((await api(server, `/api/webhooks/${id}`, { token: owner.token })).body).toMatchObject({ editable: false });
  });

  it('goes with its channel; a shared hook only loses that channel', async () => {
    const gone = await newApp(server, { ownerId: owner.id, name: 'Gone', channel: 'Android' });
    const own = await create(owner.token, { provider: 'slack', url: SLACK_URL, events: ['upload'] }, gone.channelId);
    const shared = await api(server, '/api/webhooks', {
      method: 'POST', token: admin.token, json: { provider: 'slack', url: SLACK_URL, events: ['upload'], channel_ids: [gone.channelId, other.channelId] },
    });
    expect((await api(server, `/api/channels/${gone.channelId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(server, `/api/webhooks/${own.body.id}`, { token: admin.token })).status).toBe(404);
    const left = await api(server, `/api/webhooks/${shared.body.id}`, { token: admin.token });
    expect((left.body.channels as { id: number }[]).map((c) => c.id)).toEqual([other.channelId]);
  });

  it('previews from the sample build, or from the channel\'s newest build', async () => {
    const sample = await api(server, '/api/webhooks/preview', { method: 'POST', token: developer.token, json: { provider: 'slack' } });
    expect(sample.body).toMatchObject({ method: 'POST', content_type: 'application/json', source: 'sample', release_id: null });
    expect(JSON.parse(sample.body.body as string)).toMatchObject({ text: 'Sample App 2.4.0 (2401) uploaded to Beta iOS' });

    const digest = await api(server, '/api/webhooks/preview', { method: 'POST', token: owner.token, json: { provider: 'dingtalk', event: 'digest', keyword: 'tarmac' } });
    expect(digest.status, digest.text).toBe(200);
    const markdown = (JSON.parse(digest.body.body as string) as { markdown: { title: string; text: string } }).markdown;
    expect(markdown.title).toBe('1 new build in the last 24 hours tarmac');
    expect(markdown.text).toContain(`(${server.url}/k3x9q/42)`);

    const release = await uploadBuild<{ id: number }>(server, owner.token, channel.key, APK, 'android.apk');
    const json = { provider: 'json', template: '{"t": "{{title}}", "url": "{{build.release_url}}", "size": {{build.size}}}', channel_id: channel.channelId };
    const fromBuild = await api(server, '/api/webhooks/preview', { method: 'POST', token: owner.token, json });
    expect(fromBuild.status, fromBuild.text).toBe(200);
    expect(fromBuild.body).toMatchObject({ source: 'release', release_id: release.id });
    const body = JSON.parse(fromBuild.body.body as string) as { t: string; url: string; size: number };
    expect(body.url).toBe(`${server.url}/${channel.slug}/${release.id}`);
    expect(body.t).toContain('uploaded to Beta Android');
    expect(body.size).toBe(APK.length);

    const notManager = await api(server, '/api/webhooks/preview', { method: 'POST', token: developer.token, json });
    expect(notManager.status).toBe(403);
    const bad = await api(server, '/api/webhooks/preview', { method: 'POST', token: owner.token, json: { ...json, template: '{{nope}}' } });
    expect(bad.status).toBe(422);
    expect(bad.body.details.template).toEqual(['unknown variable "nope"']);
  });
});
