// The OpenAPI document is generated from the route schemas; the web client and the docs
// site are built from it, so every operation must be named, tagged, summarised, and must
// document the errors its authentication can produce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  responses?: Record<string, unknown>;
}

let server: TestServer;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  server = await startServer();
  paths = (await api(server, '/api/openapi.json')).body.paths;
});
afterAll(() => server.close());

describe('GET /api/openapi.json', () => {
  it('documents every API route the server registers (except the document itself)', () => {
    const documented = new Set(Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const registered = server.routes
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(10);
    for (const route of registered) expect(documented, route).toContain(route);
  });

  it('gives every operation a unique operationId, tags and a summary', () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId!), `${where} repeats ${op.operationId}`).toBe(false);
        ids.add(op.operationId!);
        expect(op.tags?.length, where).toBeGreaterThan(0);
        expect(op.summary, where).toBeTruthy();
      }
    }
  });

  it('documents 401 on every route that needs a user', () => {
    for (const route of server.routes.filter((r) => r.auth === 'user' && r.url.startsWith('/api'))) {
      const op = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op?.responses, `${route.method} ${route.url}`).toHaveProperty(['401']);
    }
  });

  it('documents the body refusals (slow body, too large, too many anonymous bodies) on the routes that take a file', () => {
    for (const path of ['/api/apps/upload', '/api/debug_files/upload', '/api/teardown']) {
      const responses = paths[path]?.post?.responses ?? {};
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(['401', '408', '413', '422', '503']));
    }
  });
});
