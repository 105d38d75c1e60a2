// Health and version answer without a token; health turns 500 when the database is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('GET /api/health', () => {
  it('answers healthy as text', async () => {
    const res = await api(server, '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe('healthy');
  });
});

describe('GET /api/health.json', () => {
  it('answers a JSON health object', async () => {
    const res = await api(server, '/api/health.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ healthy: true, message: 'healthy' });
  });
});

describe('GET /api/version', () => {
  it('answers version, vcs_ref and build_date as strings', async () => {
    const res = await api(server, '/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), vcs_ref: expect.any(String), build_date: expect.any(String) });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('reports TARMAC_VCS_REF and TARMAC_BUILD_DATE when set', async () => {
    const other = await startServer({ TARMAC_VCS_REF: 'abc123', TARMAC_BUILD_DATE: '2026-11-01T00:00:00Z' });
    try {
      const res = await api(other, '/api/version');
      expect(res.body).toMatchObject({ vcs_ref: 'abc123', build_date: '2026-11-01T00:00:00Z' });
    } finally {
      await other.close();
    }
  });
});

describe('request ids', () => {
  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await api(server, '/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await api(server, '/api/health', { headers: { 'x-request-id': 'bad id with spaces ' + 'x'.repeat(200) } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unknown paths', () => {
  it('answers 404 JSON for an unknown API path', async () => {
    const res = await api(server, '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'API not found: GET /api/nothing-here' });
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document with every API route and a browsable reference', async () => {
    const res = await api<{ openapi: string; paths: Record<string, Record<string, { operationId?: string }>> }>(server, '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const path of ['/api/users', '/api/users/{id}', '/api/users/search', '/api/users/{id}/lock', '/api/users/{id}/unlock', '/api/user', '/api/user/tokens', '/api/session', '/api/health', '/api/health.json', '/api/version']) {
      expect(res.body.paths, path).toHaveProperty([path]);
    }
    expect(res.body.paths['/api/users/{id}/lock']!.get!.operationId).toBe('lockUser');
    const docs = await api(server, '/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });

  it('serves the reference page, every file it links, the document as JSON and YAML, and nothing else from disk', async () => {
    for (const page of ['/api/docs', '/api/docs/']) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      const links = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => new URL(match[1]!, `${server.url}${page}`).pathname);
      expect(links).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js']));
      for (const link of links) {
        const file = await fetch(`${server.url}${link}`);
        await file.arrayBuffer(); // a body left unread keeps its connection busy, and the server's close waits for it
        expect(file.status, link).toBe(200);
      }
    }
    const initializer = await (await fetch(`${server.url}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain('"list"');
    const json = await api<{ openapi: string }>(server, '/api/docs/json');
    expect(json.body.openapi).toBe('3.1.0');
    const yaml = await fetch(`${server.url}/api/docs/yaml`);
    expect(yaml.headers.get('content-type')).toContain('yaml');
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0/m);
    const index = await fetch(`${server.url}/api/docs/static/index.html`, { redirect: 'manual' });
    await index.arrayBuffer();
    expect([301, 302]).toContain(index.status);
    for (const probe of ['/api/docs/static/..%2Fpackage.json', '/api/docs/static/%2E%2E/lib/routes.js', '/api/docs/static/nothing.js', '/api/docs/static/csp.json']) {
      const res = await fetch(`${server.url}${probe}`);
      await res.arrayBuffer();
      expect(res.status, probe).toBe(404);
    }
  });
});

describe('health when the database is gone', () => {
  it('answers 500 unhealthy', async () => {
    const other = await startServer();
    try {
      await other.database.close();
      const text = await api(other, '/api/health');
      expect(text.status).toBe(500);
      expect(text.text).toBe('unhealthy');
      const json = await api(other, '/api/health.json');
      expect(json.status).toBe(500);
      expect(json.body).toMatchObject({ healthy: false, message: expect.stringContaining('database') });
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
