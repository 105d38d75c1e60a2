// The webhook HTTP client against local receivers: what arrives, the address guard (after DNS and
// on every redirect), the deadline, the answer excerpt, Retry-After and what is worth retrying.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hookUrlProblem, send, retryable, parseRetryAfter, type OutboundOptions } from '../src/webhooks/outbound.ts';
import { json, startReceiver, type Receiver } from './helpers/receivers.ts';

let a: Receiver;
let b: Receiver;
const local: OutboundOptions = { allowPrivate: true, timeoutMs: 3000 };

beforeAll(async () => {
  a = await startReceiver();
  b = await startReceiver();
});
afterAll(async () => {
  await a.close();
  await b.close();
});
beforeEach(() => {
  a.received.length = 0;
  b.received.length = 0;
  a.handle((_req, res) => res.end('ok'));
  b.handle((_req, res) => res.end('ok'));
});

describe('send', () => {
  it('posts the body and headers and answers status, duration and an excerpt', async () => {
    a.handle((_req, res) => json(res, 200, { ok: true }));
    const result = await send({ url: `${a.url}/hook?x=1`, headers: { 'content-type': 'application/json', 'x-test': 'yes' }, body: '{"a":1}' }, local);
    expect(result).toMatchObject({ kind: 'response', status: 200, excerpt: '{"ok":true}', truncated: false, url: `${a.url}/••••` });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(a.received).toHaveLength(1);
    expect(a.received[0]).toMatchObject({ method: 'POST', url: '/hook?x=1', body: '{"a":1}' });
    expect(a.received[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'x-test': 'yes', 'content-length': '7' });
    expect(retryable(result)).toBe(false);
  });

  it('refuses loopback, private and link-local targets by default, before connecting', async () => {
    for (const url of [a.url, `http://localhost:${a.port}/`, `http://[::1]:${a.port}/`, 'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/', 'http://0.0.0.0/', `http://[::ffff:127.0.0.1]:${a.port}/`]) {
      const result = await send({ url, body: 'x' }, { timeoutMs: 2000 });
      expect(result, url).toMatchObject({ kind: 'error', error: 'blocked' });
      expect(retryable(result)).toBe(false);
    }
    expect(a.received).toHaveLength(0);
  });

  it('checks every address a name resolves to, and names the host', async () => {
    const resolve = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
    const result = await send({ url: 'http://mixed.test/', body: 'x' }, { resolve });
    expect(result).toMatchObject({ kind: 'error', error: 'blocked' });
    expect(result.kind === 'error' && result.message).toMatch(/^mixed\.test resolves to 10\.0\.0\.7/);
  });

  it('connects to the address it checked (no second lookup): a name only the resolver knows reaches the receiver', async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await send({ url: `http://hooks.internal.test:${a.port}/x`, body: 'x' }, { ...local, resolve });
    expect(result).toMatchObject({ kind: 'response', status: 200 });
    expect(asked).toEqual(['hooks.internal.test']);
    expect(a.received[0]!.headers.host).toBe(`hooks.internal.test:${a.port}`);
  });

  it('follows redirects, checking each hop: a redirect to a private address is refused', async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: '169.254.169.254', family: 4 }];
    };
    const trusted: OutboundOptions = { allowAddresses: ['127.0.0.1'], resolve, timeoutMs: 3000 };
    a.handle((_req, res) => res.writeHead(302, { location: 'http://metadata.test/latest/meta-data/' }).end());
    expect(await send({ url: a.url, body: 'x' }, trusted)).toMatchObject({ kind: 'error', error: 'blocked' });
    expect(asked).toEqual(['metadata.test']);
    // A second loopback address is trusted; `localhost` resolves (system DNS) to 127.0.0.1 or ::1, which are not.
    const second = await startReceiver((_req, res) => res.writeHead(307, { location: `http://localhost:${b.port}/` }).end(), '127.0.0.2');
    const viaName = await send({ url: second.url, body: 'x' }, { allowAddresses: ['127.0.0.2'], timeoutMs: 3000 });
    await second.close();
    expect(second.received).toHaveLength(1);
    expect(viaName).toMatchObject({ kind: 'error', error: 'blocked' });
    expect(viaName.kind === 'error' && viaName.message).toMatch(/^localhost resolves to/);
    a.handle((_req, res) => res.writeHead(301, { location: `http://[::1]:${b.port}/` }).end());
    expect(await send({ url: a.url, body: 'x' }, trusted)).toMatchObject({ kind: 'error', error: 'blocked' });
    expect(b.received).toHaveLength(0);
  });

  it('307 keeps the POST and its body, 302 turns it into a GET, and a loop stops after maxRedirects', async () => {
    a.handle((_req, res) => res.writeHead(307, { location: `${b.url}/kept` }).end());
    expect(await send({ url: a.url, body: 'payload', headers: { 'content-type': 'text/plain' } }, local)).toMatchObject({ status: 200 });
    expect(b.received[0]).toMatchObject({ method: 'POST', url: '/kept', body: 'payload' });
    a.handle((_req, res) => res.writeHead(302, { location: `${b.url}/get` }).end());
    await send({ url: a.url, body: 'payload', headers: { 'content-type': 'text/plain' } }, local);
    expect(b.received[1]).toMatchObject({ method: 'GET', url: '/get', body: '' });
    expect(b.received[1]!.headers['content-type']).toBeUndefined();
    a.handle((req, res) => res.writeHead(302, { location: req.url }).end());
    a.received.length = 0;
    const loop = await send({ url: a.url, body: 'x' }, { ...local, maxRedirects: 2 });
    expect(loop).toMatchObject({ kind: 'error', error: 'redirects' });
    expect(a.received).toHaveLength(3);
  });

  it('a 429 carries its Retry-After and is retried; 500 is retried; 400 and 404 are not', async () => {
    a.handle((_req, res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '7' }));
    const limited = await send({ url: a.url, body: 'x' }, local);
    expect(limited).toMatchObject({ kind: 'response', status: 429, retryAfterSeconds: 7 });
    expect(retryable(limited)).toBe(true);
    a.handle((_req, res) => json(res, 500, { error: 'boom' }));
    const failed = await send({ url: a.url, body: 'x' }, local);
    expect(failed).toMatchObject({ status: 500, excerpt: '{"error":"boom"}' });
    expect(retryable(failed)).toBe(true);
    for (const status of [400, 404]) {
      a.handle((_req, res) => json(res, status, {}));
      expect(retryable(await send({ url: a.url, body: 'x' }, local))).toBe(false);
    }
    expect(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('gives up at the deadline, whether the answer never starts or never ends', async () => {
    a.handle(() => undefined);
    const silent = await send({ url: a.url, body: 'x' }, { ...local, timeoutMs: 300 });
    expect(silent).toMatchObject({ kind: 'error', error: 'timeout' });
    expect(silent.durationMs).toBeLessThan(2000);
    expect(retryable(silent)).toBe(true);
    a.handle((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    expect(await send({ url: a.url, body: 'x' }, { ...local, timeoutMs: 300 })).toMatchObject({ kind: 'error', error: 'timeout' });
  });

  it('reads at most 64 KiB of the answer', async () => {
    a.handle((_req, res) => res.end('y'.repeat(200_000)));
    const result = await send({ url: a.url, body: 'x' }, local);
    expect(result).toMatchObject({ kind: 'response', status: 200, truncated: true });
    expect(result.kind === 'response' && result.excerpt.length).toBe(64 * 1024);
  });

  it('classifies a refused connection, an unknown name and a bad URL', async () => {
    const closed = await startReceiver();
    await closed.close();
    const refused = await send({ url: closed.url, body: 'x' }, local);
    expect(refused).toMatchObject({ kind: 'error', error: 'refused' });
    expect(retryable(refused)).toBe(true);
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    expect(await send({ url: 'http://nowhere.test/', body: 'x' }, { resolve })).toMatchObject({ kind: 'error', error: 'dns' });
    for (const url of ['ftp://example.com/', 'not a url', 'http://user:pass@example.com/']) {
      const bad = await send({ url, body: 'x' });
      expect(bad, url).toMatchObject({ kind: 'error', error: 'invalid_url' });
      expect(retryable(bad)).toBe(false);
    }
  });
});

describe('hookUrlProblem', () => {
  it('says why a URL cannot be saved, without the network', () => {
    expect(hookUrlProblem('https://hooks.slack.com/services/T/B/X', false)).toBeNull();
    expect(hookUrlProblem('ftp://example.com/', false)).toMatch(/only http and https/);
    expect(hookUrlProblem('https://u:p@example.com/', false)).toMatch(/credentials/);
    expect(hookUrlProblem('nonsense', false)).toMatch(/absolute URL/);
    expect(hookUrlProblem(`https://example.com/${'a'.repeat(2100)}`, false)).toMatch(/2048/);
    expect(hookUrlProblem('http://169.254.169.254/', false)).toMatch(/link-local/);
    expect(hookUrlProblem('http://[::ffff:10.0.0.1]/', false)).toMatch(/private/);
    expect(hookUrlProblem('http://LOCALHOST:3000/', false)).toMatch(/TARMAC_WEBHOOK_ALLOW_PRIVATE/);
    expect(hookUrlProblem('http://localhost:3000/', true)).toBeNull();
    expect(hookUrlProblem('http://224.0.0.1/', true)).toMatch(/not a unicast/);
  });
});
