// docs/zealot-compatibility.md is the list of every Zealot endpoint and what Tarmac answers for it.
// It must not fall behind either side: every path and method of Zealot's published OpenAPI file
// (../shared/reference/zealot-openapi-v1.json, whose server URL ends in /api) and fastlane's
// device sync have a `### \`METHOD /api/…\`` section, each section names the Tarmac route that
// answers it on a **Tarmac route:** line, and every route named there is one Tarmac really serves
// (its own OpenAPI document or, for routes kept out of it, the registered routes).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOC = path.join(ROOT, 'docs/zealot-compatibility.md');
const ZEALOT_OPENAPI = path.resolve(ROOT, '../shared/reference/zealot-openapi-v1.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];
/** Zealot endpoints its OpenAPI file leaves out but a Zealot client sends. */
const UNDOCUMENTED_BY_ZEALOT = ['PUT /api/devices/{udid}'];

/** `GET /api/apps/{app_id}/schemes` → `GET /api/apps/{}/schemes`: parameter names may differ. */
const normalise = (route: string) => route.replace(/\{[^}]*\}/g, '{}');
const ROUTE = /`((?:GET|POST|PUT|PATCH|DELETE|HEAD) \/api\/[^`\s]*)`/g;
const HAS_ROUTE = new RegExp(ROUTE.source);

interface Section {
  heading: string;
  endpoints: string[];
  tarmacLine: string | undefined;
}

/** The `###` sections of the document, each with the endpoints its heading names. */
function sections(markdown: string): Section[] {
  const result: Section[] = [];
  let current: Section | undefined;
  for (const line of markdown.split('\n')) {
    if (/^#{1,6} /.test(line)) {
      current = { heading: line, endpoints: [...line.matchAll(ROUTE)].map((m) => m[1]!), tarmacLine: undefined };
      result.push(current);
    } else if (current && current.tarmacLine === undefined && line.startsWith('**Tarmac route:**')) {
      current.tarmacLine = line;
    }
  }
  return result;
}

let server: TestServer;
let doc: string;
let tarmacRoutes: Set<string>;
beforeAll(async () => {
  doc = readFileSync(DOC, 'utf8');
  server = await startServer();
  const paths = (await api(server, '/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
  tarmacRoutes = new Set([
    ...Object.entries(paths).flatMap(([route, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => normalise(`${m.toUpperCase()} ${route}`))),
    ...server.routes.map((r) => normalise(`${String(r.method)} ${r.url.replace(/:(\w+)/g, '{$1}')}`)),
  ]);
});
afterAll(() => server?.close());

describe('docs/zealot-compatibility.md', () => {
  it('has a section for every path and method of Zealot’s OpenAPI file and for the device sync', () => {
    const zealot = JSON.parse(readFileSync(ZEALOT_OPENAPI, 'utf8')) as { servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
    expect(new URL(zealot.servers[0]!.url).pathname).toBe('/api');
    const endpoints = Object.entries(zealot.paths).flatMap(([route, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} /api${route}`),
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(39);
    const documented = new Set(sections(doc).flatMap((s) => s.endpoints.map(normalise)));
    const missing = [...endpoints, ...UNDOCUMENTED_BY_ZEALOT].filter((e) => !documented.has(normalise(e)));
    expect(missing, 'Zealot endpoints without a section in docs/zealot-compatibility.md').toEqual([]);
  });

  it('names, under every endpoint section, the Tarmac route that answers it (or none)', () => {
    const withoutLine = sections(doc)
      .filter((s) => s.endpoints.length > 0)
      .filter((s) => s.tarmacLine === undefined || (!HAS_ROUTE.test(s.tarmacLine) && !/\bnone\b/.test(s.tarmacLine)))
      .map((s) => s.heading);
    expect(withoutLine, 'sections without a **Tarmac route:** line').toEqual([]);
  });

  it('names only Tarmac routes that exist in Tarmac’s OpenAPI document or its registered routes', () => {
    expect(tarmacRoutes.size).toBeGreaterThan(40);
    const named = sections(doc).flatMap((s) => [...(s.tarmacLine ?? '').matchAll(ROUTE)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThanOrEqual(40);
    const unknown = named
      .map(normalise)
      .filter((route) => !tarmacRoutes.has(route) && !tarmacRoutes.has(route.replace(/^HEAD /, 'GET ')));
    expect(unknown, 'routes the document names that Tarmac does not serve').toEqual([]);
  });
});
