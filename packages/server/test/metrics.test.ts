// GET /metrics (modules/metrics): off by default (the usual 404); with TARMAC_METRICS on, the
// Prometheus text of one registry per app: requests by route pattern (never the raw URL), the
// bytes uploads stored and downloads sent, parse times, the job queue, and the PostgreSQL pool;
// behind a bearer token when TARMAC_METRICS_TOKEN is set. That prom-client is not even loaded
// when off is checked on the real process in footprint.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from './helpers/database.ts';
import { newApp, uploadBuild } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));
const TOKEN = 'metrics-scrape-token-0123456789';

/** The value of one sample (`name{labels} value`) whose labels include `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(server: { url: string }, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers });
  expect(res.status).toBe(200);
  return res.text();
}

/** Scrapes until `check` holds (counters that move when a response finishes, after the client has it). */
async function scrapeUntil(server: { url: string }, check: (text: string) => boolean): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const text = await scrape(server);
    if (check(text) || attempt === 50) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /metrics, TARMAC_METRICS unset', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is the usual 404, and no route is registered for it', async () => {
    const res = await api(server, '/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Page not found', code: 'page.not_found', params: {} });
    expect(server.routes.filter((route) => route.url === '/metrics')).toEqual([]);
  });
});

describe('GET /metrics, TARMAC_METRICS=true without a token', () => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startServer({ TARMAC_METRICS: 'true' });
    owner = await server.newUser({ role: 'developer' });
  });
  afterAll(() => server.close());

  it('answers Prometheus text, a public route hidden from the API reference', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // prom-client's process metrics, under their usual unprefixed names.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(server.routes.filter((route) => route.url === '/metrics')).toEqual([{ method: 'GET', url: '/metrics', auth: 'public' }]);
    const document = (await api(server, '/api/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((p) => p.includes('metrics'))).toEqual([]);
  });

  it('counts and times requests under their route pattern, never the URL; unmatched ones as "unmatched"', async () => {
    expect((await api(server, '/api/health')).status).toBe(200);
    expect((await api(server, '/api/apps/987654321', { token: owner.token })).status).toBe(404);
    expect((await api(server, '/api/apps/987654321', { token: owner.token })).status).toBe(404);
    expect((await api(server, '/api/no-such-thing/123456789?token=tmc_secretish')).status).toBe(404);

    const apps = { method: 'GET', route: '/api/apps/:id', status: '404' };
    const text = await scrapeUntil(server, (t) => sample(t, 'http_requests_total', apps) === 2);
    expect(sample(text, 'http_requests_total', apps)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', apps)).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('tmc_secretish');
    expect(text).not.toContain('no-such-thing');
  });

  it('reports the background jobs by state, read from the queue at each scrape', async () => {
    const before = sample(await scrape(server), 'tarmac_jobs', { state: 'queued' });
    expect(before).toBe((await server.services.jobs.counts()).queued);
    await server.services.jobs.enqueue('metrics-test-job', {});
    const text = await scrape(server);
    expect(sample(text, 'tarmac_jobs', { state: 'queued' })).toBe(before! + 1);
    expect(sample(text, 'tarmac_jobs', { state: 'failed' })).toBe(0);
  });

  it('reports the database pool on PostgreSQL only', async () => {
    const text = await scrape(server);
    if (engineUnderTest() === 'postgres') {
      expect(sample(text, 'tarmac_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tarmac_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'tarmac_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('tarmac_db_pool_connections');
    }
  });

  it('counts the bytes an upload stored, its parse time, and the bytes of downloads and Range answers', async () => {
    const tc = await newApp(server, { ownerId: owner.id });
    const before = await scrape(server);
    expect(sample(before, 'tarmac_upload_bytes_total')).toBe(0);
    expect(sample(before, 'tarmac_download_bytes_total')).toBe(0);

    const release = await uploadBuild<{ download_url: string }>(server, owner.token, tc.key, APK, 'android.apk');
    let text = await scrape(server);
    expect(sample(text, 'tarmac_upload_bytes_total')).toBe(APK.length);
    expect(sample(text, 'tarmac_package_parse_seconds_count', { format: 'apk' })).toBe(1);
    expect(sample(text, 'tarmac_package_parse_seconds_sum', { format: 'apk' })).toBeGreaterThan(0);

    const whole = await fetch(release.download_url);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(APK.length);
    text = await scrapeUntil(server, (t) => sample(t, 'tarmac_download_bytes_total') === APK.length);
    expect(sample(text, 'tarmac_download_bytes_total')).toBe(APK.length);

    const part = await fetch(release.download_url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const head = await fetch(release.download_url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    text = await scrapeUntil(server, (t) => sample(t, 'tarmac_download_bytes_total') === APK.length + 100);
    expect(sample(text, 'tarmac_download_bytes_total')).toBe(APK.length + 100);
    // The file route's pattern, not the slug, release id or file name.
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/:slug/:id/download/*', status: '206' })).toBe(1);
    expect(text).not.toContain(tc.slug);
  });

  it('times a file the parser refuses as "unreadable", and counts no stored bytes for it', async () => {
    const tc = await newApp(server, { ownerId: owner.id });
    const before = await scrape(server);
    const form = new FormData();
    form.append('token', owner.token);
    form.append('channel_key', tc.key);
    form.append('file', new Blob([new Uint8Array(APK.subarray(0, 2000))]), 'broken.apk');
    const res = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(422);
    const text = await scrape(server);
    expect(sample(text, 'tarmac_package_parse_seconds_count', { format: 'unreadable' })).toBe(
      (sample(before, 'tarmac_package_parse_seconds_count', { format: 'unreadable' }) ?? 0) + 1,
    );
    expect(sample(text, 'tarmac_upload_bytes_total')).toBe(sample(before, 'tarmac_upload_bytes_total'));
  });
});

describe('GET /metrics, TARMAC_METRICS=true with TARMAC_METRICS_TOKEN', () => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startServer({ TARMAC_METRICS: 'true', TARMAC_METRICS_TOKEN: TOKEN });
    owner = await server.newUser();
  });
  afterAll(() => server.close());

  const REFUSED = {
    error: 'Unauthorized metrics token: send Authorization: Bearer <TARMAC_METRICS_TOKEN>',
    code: 'auth.unauthorized',
    params: {},
  };

  it('answers 401 without the token, with a wrong one, or with it anywhere but the Authorization header', async () => {
    for (const options of [
      {},
      { headers: { authorization: `Bearer ${TOKEN}x` } },
      { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}` } },
      { headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } },
      { headers: { authorization: TOKEN } },
      // A user's token is not the scrape token.
      { token: owner.token },
    ]) {
      const res = await api(server, '/metrics', options);
      expect(res.status, JSON.stringify(options)).toBe(401);
      expect(res.body).toEqual(REFUSED);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('http_requests_total');
    }
    const query = await api(server, `/metrics?token=${TOKEN}`);
    expect(query.status).toBe(401);
  });

  it('answers 200 with Authorization: Bearer <token>', async () => {
    const text = await scrape(server, { authorization: `Bearer ${TOKEN}` });
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBeGreaterThanOrEqual(1);
  });
});
