// Provider presets: the body each service expects, their signatures, and reading their answers
// (including the 200-with-an-error-code answers of DingTalk, Feishu and WeCom).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboundResponse, OutboundResult } from './outbound.ts';
import { cutBytes } from './bodies.ts';
import { buildRequest, PROVIDERS, readAnswer, type Provider } from './providers.ts';
import { sampleVariables } from './sample.ts';
import { dingtalkSign, feishuSign, signBody, verifySignature } from './signing.ts';

const NOW = Date.UTC(2026, 10, 26, 4, 0, 0);
const v = sampleVariables();
const ok = (status: number, excerpt: string): OutboundResponse => ({ kind: 'response', status, durationMs: 5, excerpt, truncated: false, url: 'x' });

describe('buildRequest', () => {
  it('Slack: blocks with a plain-text header, escaped fields and an Install button', () => {
    const body = JSON.parse(buildRequest({ provider: 'slack', url: 'https://hooks.slack.com/services/T/B/X' }, v).body!);
    expect(body.text).toBe(v.title);
    expect(body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: v.title } });
    expect(body.blocks[2].text.text).toContain('&lt;crash&gt;');
    expect(body.blocks[3].elements[0]).toMatchObject({ type: 'button', url: 'https://tarmac.example.com/k3x9q/42' });
  });

  it('Discord: an embed with the title, link, changelog and fields', () => {
    const body = JSON.parse(buildRequest({ provider: 'discord', url: 'https://discord.com/api/webhooks/1/x' }, v).body!);
    expect(body.embeds[0]).toMatchObject({ title: v.title, url: v.build.release_url, description: v.build.changelog });
    expect(body.embeds[0].fields).toContainEqual({ name: 'Platform', value: 'iOS', inline: true });
  });

  it('Feishu: an interactive card, signed with timestamp + sign when a secret is set', () => {
    const request = buildRequest({ provider: 'feishu', url: 'https://open.feishu.cn/open-apis/bot/v2/hook/x', secret: 'SECfs' }, v, { now: NOW });
    const body = JSON.parse(request.body!);
    const seconds = NOW / 1000;
    expect(body).toMatchObject({ timestamp: String(seconds), msg_type: 'interactive' });
    expect(body.sign).toBe(createHmac('sha256', `${seconds}\nSECfs`).update(Buffer.alloc(0)).digest('base64'));
    expect(body.card.header.title.content).toBe(v.title);
    expect(JSON.parse(buildRequest({ provider: 'feishu', url: 'https://x.test/' }, v).body!).sign).toBeUndefined();
  });

  it('DingTalk: markdown, the signature in the query, and the keyword added when missing', () => {
    const request = buildRequest(
      { provider: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=abc', secret: 'SECdt', keyword: 'Tarmac' },
      v,
      { now: NOW },
    );
    const url = new URL(request.url);
    expect(url.searchParams.get('access_token')).toBe('abc');
    expect(url.searchParams.get('timestamp')).toBe(String(NOW));
    expect(url.searchParams.get('sign')).toBe(createHmac('sha256', 'SECdt').update(`${NOW}\nSECdt`).digest('base64'));
    expect(request.url).toMatch(/sign=[A-Za-z0-9%]+(&|$)/);
    const body = JSON.parse(request.body!);
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.text).toContain('\\*start\\-up\\*');
    expect(body.markdown.text).toContain('![QR code](https://tarmac.example.com/channels/k3x9q/releases/42/qrcode)');
    expect(body.markdown.text).toMatch(/\n\nTarmac$/);
    expect(body.markdown.title).toContain('Tarmac');
  });

  it('WeCom: markdown by default, a news card on request, and a custom markdown template', () => {
    const markdown = JSON.parse(buildRequest({ provider: 'wecom', url: 'https://qyapi.weixin.qq.com/x' }, v).body!);
    expect(markdown.msgtype).toBe('markdown');
    expect(markdown.markdown.content).toContain('### Sample App 2.4.0 \\(2401\\)');
    const news = JSON.parse(buildRequest({ provider: 'wecom', url: 'https://x.test/', wecomFormat: 'news' }, v).body!);
    expect(news.news.articles[0]).toMatchObject({ title: v.title, url: v.build.release_url, picurl: v.build.qrcode_url });
    const custom = JSON.parse(buildRequest({ provider: 'wecom', url: 'https://x.test/', template: 'New: {{app.name}} {{process.env}}' }, v).body!);
    expect(custom.markdown.content).toBe('New: Sample App ');
  });

  it('WeCom markdown stays within 4096 bytes, cut on a character boundary', () => {
    const long = sampleVariables();
    long.build.changelog = '变更'.repeat(2000);
    const content = (JSON.parse(buildRequest({ provider: 'wecom', url: 'https://x.test/' }, long).body!) as { markdown: { content: string } }).markdown.content;
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(4096);
    expect(content).not.toContain('\uFFFD');
    expect(cutBytes('abc', 10)).toBe('abc');
    expect(cutBytes('é'.repeat(10), 9)).toBe('ééé…');
  });

  it('Teams: an Adaptive Card inside a message', () => {
    const body = JSON.parse(buildRequest({ provider: 'teams', url: 'https://x.webhook.office.com/x' }, v).body!);
    expect(body.type).toBe('message');
    expect(body.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(body.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', actions: [{ type: 'Action.OpenUrl', url: v.build.release_url }] });
  });

  it('generic JSON: the variables (or a template), signed over timestamp.body in headers', () => {
    const request = buildRequest({ provider: 'json', url: 'https://ci.example.com/hook', secret: 's3cret' }, v, { now: NOW, deliveryId: 'd-1' });
    const seconds = NOW / 1000;
    expect(JSON.parse(request.body!)).toMatchObject({ event: 'upload', app: { name: 'Sample App' }, build: { number: 12 } });
    expect(request.headers).toMatchObject({ 'x-tarmac-event': 'upload', 'x-tarmac-delivery': 'd-1', 'x-tarmac-timestamp': String(seconds) });
    const expected = createHmac('sha256', 's3cret').update(`${seconds}.${request.body}`).digest('hex');
    expect(request.headers!['x-tarmac-signature']).toBe(`sha256=${expected}`);
    const templated = buildRequest({ provider: 'json', url: 'https://x.test/', template: '{"t": "{{title}}", "c": "{{build.changelog}}"}' }, v);
    expect(JSON.parse(templated.body!)).toEqual({ t: v.title, c: v.build.changelog });
    expect(() => buildRequest({ provider: 'json', url: 'https://x.test/', template: '{"t": {{title}}}' }, v)).toThrow(/valid JSON/);
  });

  it('every provider builds a POST with a JSON body', () => {
    for (const provider of PROVIDERS) {
      const request = buildRequest({ provider, url: 'https://x.test/hook' }, v);
      expect(request.method).toBe('POST');
      expect(() => JSON.parse(request.body!) as unknown).not.toThrow();
    }
  });
});

describe('signatures', () => {
  it('computes the documented schemes', () => {
    expect(feishuSign('abc', 1599360473)).toBe(createHmac('sha256', '1599360473\nabc').update('').digest('base64'));
    expect(dingtalkSign('abc', 1599360473000)).toBe(createHmac('sha256', 'abc').update('1599360473000\nabc').digest('base64'));
  });

  it('verifySignature accepts a fresh signature and refuses a replay, a forgery and a missing header', () => {
    const body = '{"event":"upload"}';
    const ts = NOW / 1000;
    const signature = signBody('k', ts, body);
    expect(verifySignature({ secret: 'k', body, timestamp: String(ts), signature, now: NOW + 299_000 })).toEqual({ ok: true });
    expect(verifySignature({ secret: 'k', body, timestamp: String(ts), signature, now: NOW + 301_000 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature({ secret: 'k', body, timestamp: String(ts), signature, now: NOW - 301_000 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature({ secret: 'k', body: body + ' ', timestamp: String(ts), signature, now: NOW })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature({ secret: 'other', body, timestamp: String(ts), signature, now: NOW })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature({ secret: 'k', body, timestamp: String(ts + 1), signature, now: NOW })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature({ secret: 'k', body, timestamp: undefined, signature, now: NOW })).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature({ secret: 'k', body, timestamp: 'soon', signature, now: NOW })).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('readAnswer', () => {
  const cases: [Provider, OutboundResult, { ok: boolean; retry: boolean; message: RegExp }][] = [
    ['slack', ok(200, 'ok'), { ok: true, retry: false, message: /^HTTP 200$/ }],
    ['discord', ok(204, ''), { ok: true, retry: false, message: /^HTTP 204$/ }],
    ['teams', ok(202, ''), { ok: true, retry: false, message: /^HTTP 202$/ }],
    ['slack', ok(404, 'no_service'), { ok: false, retry: false, message: /^HTTP 404: no_service$/ }],
    ['dingtalk', ok(200, '{"errcode":0,"errmsg":"ok"}'), { ok: true, retry: false, message: /HTTP 200/ }],
    ['dingtalk', ok(200, '{"errcode":310000,"errmsg":"keywords not in content"}'), { ok: false, retry: false, message: /^DingTalk errcode 310000: keywords/ }],
    ['dingtalk', ok(200, '{"errcode":130101,"errmsg":"send too fast"}'), { ok: false, retry: true, message: /130101/ }],
    ['feishu', ok(200, '{"code":0,"msg":"success","data":{}}'), { ok: true, retry: false, message: /HTTP 200/ }],
    ['feishu', ok(200, '{"StatusCode":0,"StatusMessage":"success"}'), { ok: true, retry: false, message: /HTTP 200/ }],
    ['feishu', ok(200, '{"code":19021,"msg":"sign match fail or timestamp is not within one hour from current time"}'),
      { ok: false, retry: false, message: /^Feishu code 19021: sign match fail/ }],
    ['feishu', ok(200, '{"code":11232,"msg":"frequency limited"}'), { ok: false, retry: true, message: /11232/ }],
    ['wecom', ok(200, '{"errcode":0,"errmsg":"ok"}'), { ok: true, retry: false, message: /HTTP 200/ }],
    ['wecom', ok(200, '{"errcode":93000,"errmsg":"invalid webhook url"}'), { ok: false, retry: false, message: /^WeCom errcode 93000/ }],
    ['wecom', ok(200, '<html>proxy</html>'), { ok: false, retry: false, message: /not WeCom's answer/ }],
    ['json', { ...ok(429, ''), retryAfterSeconds: 7 }, { ok: false, retry: true, message: /^HTTP 429$/ }],
    ['json', ok(503, 'down'), { ok: false, retry: true, message: /^HTTP 503: down$/ }],
    ['json', { kind: 'error', error: 'timeout', message: 'no answer within 10000 ms', durationMs: 10000 }, { ok: false, retry: true, message: /^timeout/ }],
    ['json', { kind: 'error', error: 'blocked', message: '127.0.0.1 is …', durationMs: 1 }, { ok: false, retry: false, message: /^blocked/ }],
  ];
  it.each(cases)('%s answering %j', (provider, result, expected) => {
    const verdict = readAnswer(provider, result);
    expect(verdict).toMatchObject({ ok: expected.ok, retry: expected.retry });
    expect(verdict.message).toMatch(expected.message);
  });

  it('passes Retry-After on', () => {
    expect(readAnswer('discord', { ...ok(429, '{"retry_after":2.5}'), retryAfterSeconds: 3 }).retryAfterSeconds).toBe(3);
  });
});
