// /api/admin/logs: an administrator reads this process's recent log lines (the ring fed by the
// same lines as stdout): a request's lines by its request id, a level filter, text search,
// since_id polling, and credentials in a URL stay redacted. The ring itself is bounded by lines
// and bytes. Anyone else is refused before their input is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessages } from '../src/auth/policy.ts';
import { LINE_MAX_CHARS, LogRing } from '../src/log-ring.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Line {
  id: number;
  level: string;
  msg: string;
  request_id: string | null;
  url: string | null;
  status: number | null;
  error: string | null;
  json: string;
}
interface Logs {
  items: Line[];
  last_id: number;
  capacity: number;
  buffered: number;
}

let server: TestServer;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer({ TARMAC_LOG_BUFFER_LINES: '300' });
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser();
});
afterAll(async () => server.close());

async function logs(query = ''): Promise<Logs> {
  const res = await api<Logs>(server, `/api/admin/logs${query}`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('GET /api/admin/logs', () => {
  it('refuses members (403, before the query is read) and anonymous callers (401)', async () => {
    for (const url of ['/api/admin/logs', '/api/admin/logs?level=nope']) {
      const res = await api(server, url, { token: member.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: forbiddenMessages['logs:read'], code: 'permission.logs_read' });
      expect((await api(server, url)).status).toBe(401);
    }
  });

  it('finds a request by its id, with its URL redacted as on stdout', async () => {
    const requestId = `req-logs-${Date.now()}`;
    const res = await api(server, '/api/version?token=sekrit-value-123&x=1', { headers: { 'x-request-id': requestId } });
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const { items, capacity } = await logs(`?request_id=${requestId}`);
    expect(capacity).toBe(300);
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((line) => line.request_id === requestId)).toBe(true);
    expect(items.some((line) => line.url === '/api/version?token=[REDACTED]&x=1')).toBe(true);
    expect(items.some((line) => line.status === 200)).toBe(true);
    // Newest first: the completion comes before the incoming line.
    expect(items[0]!.id).toBeGreaterThan(items.at(-1)!.id);
    const everything = JSON.stringify(await logs('?limit=1000'));
    expect(everything).not.toContain('sekrit-value-123');
    // The same line went to the logger's destination too.
    expect(server.logs.join('')).toContain(requestId);
  });

  it('filters by level and by text, and polls with since_id', async () => {
    const { last_id: lastId } = await logs();
    const marker = `marker-${Date.now()}`;
    await api(server, `/api/no-such-route-${marker}`, { token: admin.token });
    const warned = await logs(`?level=warn&since_id=${lastId}`);
    expect(warned.items.every((line) => ['warn', 'error', 'fatal'].includes(line.level))).toBe(true);
    const found = await logs(`?q=${marker}&since_id=${lastId}`);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((line) => line.id > lastId && (line.url ?? line.msg).includes(marker))).toBe(true);
    expect(found.items.some((line) => line.url === `/api/no-such-route-${marker}` && line.status === 404)).toBe(true);
    // Polling from the last id answers only what came after: this poll's own request, nothing older.
    const later = await logs(`?since_id=${found.last_id}`);
    expect(later.items.every((line) => line.id > found.last_id)).toBe(true);
    expect(later.items.some((line) => line.url === `/api/no-such-route-${marker}`)).toBe(false);
  });

  it('refuses bad input with 422', async () => {
    for (const query of ['?level=loud', '?limit=0', '?limit=5000', '?since_id=-1']) {
      const res = await api(server, `/api/admin/logs${query}`, { token: admin.token });
      expect(res.status, query).toBe(422);
    }
  });
});

describe('the log ring', () => {
  const line = (level: number, msg: string, extra: Record<string, unknown> = {}) => JSON.stringify({ level, time: 1, msg, ...extra }) + '\n';

  it('keeps the newest lines up to its capacity', () => {
    const ring = new LogRing(3);
    for (let index = 1; index <= 5; index += 1) ring.write(line(30, `line ${index}`));
    expect(ring.read().map((entry) => entry.msg)).toEqual(['line 5', 'line 4', 'line 3']);
    expect(ring.size).toBe(3);
    expect(ring.lastId).toBe(5);
  });

  it('clips a huge line and stays within its byte budget', () => {
    const ring = new LogRing(1000, 64 * 1024);
    for (let index = 0; index < 50; index += 1) ring.write(line(30, 'x'.repeat(100_000)));
    const kept = ring.read({ limit: 1000 });
    expect(kept[0]!.raw.length).toBe(LINE_MAX_CHARS);
    expect(kept[0]!.clipped).toBe(true);
    expect(kept.length).toBeLessThan(10);
    expect(kept.reduce((sum, entry) => sum + entry.raw.length + entry.msg.length, 0)).toBeLessThanOrEqual(64 * 1024);
  });

  it('filters by level, request id and text, and keeps nothing when off', () => {
    const ring = new LogRing(10);
    ring.write(line(20, 'debug one', { reqId: 'a' }));
    ring.write(line(40, 'warn two', { reqId: 'b', err: { message: 'disk full' } }));
    ring.write('not json at all\n');
    expect(ring.read({ minLevel: 40 }).map((entry) => entry.msg)).toEqual(['warn two']);
    expect(ring.read({ requestId: 'a' }).map((entry) => entry.msg)).toEqual(['debug one']);
    expect(ring.read({ q: 'DISK' }).map((entry) => entry.err)).toEqual(['disk full']);
    expect(ring.read({ sinceId: 2 }).map((entry) => entry.msg)).toEqual(['not json at all']);
    const off = new LogRing(0);
    off.write(line(50, 'lost'));
    expect(off.read()).toEqual([]);
    expect(off.enabled).toBe(false);
  });
});
