// Provider presets end to end against local receivers that answer as each service does: they check
// the signature and keyword the service would check, and answer success, the service's own error body
// (HTTP 200 with an error code), 429 with Retry-After, 500 or nothing in time.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { send, type OutboundOptions } from '../src/webhooks/outbound.ts';
import { buildRequest, readAnswer, type HookSettings, type Verdict } from '../src/webhooks/providers.ts';
import { sampleVariables } from '../src/webhooks/sample.ts';
import { verifySignature } from '../src/webhooks/signing.ts';
import { json, startReceiver, type Receiver } from './helpers/receivers.ts';

let r: Receiver;
const local: OutboundOptions = { allowPrivate: true, timeoutMs: 2000 };
const v = sampleVariables();

beforeAll(async () => {
  r = await startReceiver();
});
afterAll(() => r.close());
beforeEach(() => {
  r.received.length = 0;
});

async function deliver(hook: HookSettings, options: OutboundOptions = local): Promise<Verdict> {
  const request = buildRequest(hook, v, { deliveryId: 'delivery-1' });
  return readAnswer(hook.provider, await send(request, options));
}

describe('providers against receivers that answer as the service does', () => {
  it('Slack: "ok" is success; a 404 no_service is a final failure', async () => {
    r.handle((_req, res) => res.end('ok'));
    expect(await deliver({ provider: 'slack', url: `${r.url}/services/T/B/X` })).toEqual({ ok: true, retry: false, message: 'HTTP 200' });
    expect(JSON.parse(r.received[0]!.body)).toHaveProperty('blocks');
    r.handle((_req, res) => res.writeHead(404).end('no_service'));
    expect(await deliver({ provider: 'slack', url: r.url })).toEqual({ ok: false, retry: false, message: 'HTTP 404: no_service' });
  });

  it('Feishu: a valid signature gets code 0; a wrong secret gets code 19021 in a 200, a failure not retried', async () => {
    const secret = 'SEC-feishu';
    r.handle((req, res) => {
      const body = JSON.parse(req.body) as { timestamp: string; sign: string };
      const expected = createHmac('sha256', `${body.timestamp}\n${secret}`).update('').digest('base64');
      const fresh = Math.abs(Date.now() / 1000 - Number(body.timestamp)) < 3600;
      if (body.sign === expected && fresh) json(res, 200, { code: 0, msg: 'success', data: {} });
      else json(res, 200, { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time', data: {} });
    });
    expect(await deliver({ provider: 'feishu', url: r.url, secret })).toMatchObject({ ok: true });
    const wrong = await deliver({ provider: 'feishu', url: r.url, secret: 'SEC-other' });
    expect(wrong).toMatchObject({ ok: false, retry: false });
    expect(wrong.message).toMatch(/^Feishu code 19021: sign match fail/);
  });

  it('DingTalk: checks sign in the query and the keyword; errcode 310000 is a failure, 130101 is retried', async () => {
    const secret = 'SEC-ding';
    r.handle((req, res) => {
      const url = new URL(req.url, 'http://x');
      const ts = url.searchParams.get('timestamp') ?? '';
      const expected = createHmac('sha256', secret).update(`${ts}\n${secret}`).digest('base64');
      const text = (JSON.parse(req.body) as { markdown: { text: string } }).markdown.text;
      if (url.searchParams.get('access_token') !== 'tok' || url.searchParams.get('sign') !== expected) {
        json(res, 200, { errcode: 310000, errmsg: 'sign not match' });
      } else if (!text.includes('BuildBot')) json(res, 200, { errcode: 310000, errmsg: 'keywords not in content' });
      else json(res, 200, { errcode: 0, errmsg: 'ok' });
    });
    const hook: HookSettings = { provider: 'dingtalk', url: `${r.url}/robot/send?access_token=tok`, secret };
    expect(await deliver({ ...hook, keyword: 'BuildBot' })).toMatchObject({ ok: true });
    const noKeyword = await deliver(hook);
    expect(noKeyword).toMatchObject({ ok: false, retry: false, message: 'DingTalk errcode 310000: keywords not in content' });
    expect(await deliver({ ...hook, secret: 'SEC-wrong', keyword: 'BuildBot' })).toMatchObject({ ok: false, message: /sign not match/ });
    r.handle((_req, res) => json(res, 200, { errcode: 130101, errmsg: 'send too fast, exceed 20 times per minute' }));
    expect(await deliver(hook)).toMatchObject({ ok: false, retry: true });
  });

  it('WeCom: errcode 0 is success, 45009 (rate limit) is retried', async () => {
    r.handle((_req, res) => json(res, 200, { errcode: 0, errmsg: 'ok' }));
    expect(await deliver({ provider: 'wecom', url: `${r.url}/cgi-bin/webhook/send?key=k` })).toMatchObject({ ok: true });
    r.handle((_req, res) => json(res, 200, { errcode: 45009, errmsg: 'api freq out of limit' }));
    expect(await deliver({ provider: 'wecom', url: r.url })).toMatchObject({ ok: false, retry: true, message: 'WeCom errcode 45009: api freq out of limit' });
  });

  it('Discord: 204 is success; 429 with Retry-After is retried after it', async () => {
    r.handle((_req, res) => res.writeHead(204).end());
    expect(await deliver({ provider: 'discord', url: r.url })).toMatchObject({ ok: true, message: 'HTTP 204' });
    r.handle((_req, res) => json(res, 429, { message: 'You are being rate limited.', retry_after: 4.2, global: false }, { 'retry-after': '5' }));
    expect(await deliver({ provider: 'discord', url: r.url })).toMatchObject({ ok: false, retry: true, retryAfterSeconds: 5 });
  });

  it('Teams: a 500 is retried', async () => {
    r.handle((_req, res) => res.writeHead(500).end('Internal error'));
    expect(await deliver({ provider: 'teams', url: r.url })).toEqual({ ok: false, retry: true, message: 'HTTP 500: Internal error' });
  });

  it('generic JSON: the receiver verifies the signature; an answer past the deadline is a timeout, retried', async () => {
    let verified: unknown;
    r.handle((req, res) => {
      const ts = req.headers['x-tarmac-timestamp'] as string;
      verified = verifySignature({ secret: 'shh', body: req.body, timestamp: ts, signature: req.headers['x-tarmac-signature'] as string });
      json(res, 200, { received: true });
    });
    expect(await deliver({ provider: 'json', url: r.url, secret: 'shh' })).toMatchObject({ ok: true });
    expect(verified).toEqual({ ok: true });
    expect(r.received[0]!.headers['x-tarmac-delivery']).toBe('delivery-1');
    r.handle((_req, res) => setTimeout(() => res.end('late'), 1500));
    const late = await deliver({ provider: 'json', url: r.url }, { ...local, timeoutMs: 300 });
    expect(late).toMatchObject({ ok: false, retry: true, message: /^timeout/ });
  });

  it('a hook redirected to a private address is refused, and not retried', async () => {
    r.handle((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    const verdict = await deliver({ provider: 'slack', url: r.url }, { allowAddresses: ['127.0.0.1'], timeoutMs: 2000 });
    expect(verdict).toMatchObject({ ok: false, retry: false, message: /^blocked: 169\.254\.169\.254/ });
  });

  it('a receiver that fails twice then succeeds gets three attempts and exactly one success', async () => {
    let calls = 0;
    r.handle((_req, res) => {
      calls += 1;
      if (calls <= 2) res.writeHead(503).end('busy');
      else json(res, 200, { code: 0, msg: 'success' });
    });
    const verdicts: Verdict[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const verdict = await deliver({ provider: 'feishu', url: r.url });
      verdicts.push(verdict);
      if (verdict.ok || !verdict.retry) break;
    }
    expect(verdicts.map((x) => x.ok)).toEqual([false, false, true]);
    expect(r.received).toHaveLength(3);
  });
});
