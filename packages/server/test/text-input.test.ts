// Text a database cannot store never reaches one: PostgreSQL refuses a NUL character in text
// (the query fails, and the caller used to get a 500), and a lone surrogate such as a JSON
// "\ud800" has no UTF-8 form. One hook where requests come in answers 422 naming the field.
// This file sweeps every route the server registers (read from the server, so a new route is
// swept too) with a NUL in each path parameter, each query parameter its OpenAPI operation
// lists (and the credential names every route may be sent), and each body field as JSON, a
// form and multipart, as an administrator and anonymously: always that 422, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../src/http/text-input.ts';
import { newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { ApiResponse, RequestOptions, TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let channelKey: string;
let openapi: OpenApi;

interface Parameter {
  name: string;
  in: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  channelKey = (await newApp(server, { ownerId: admin.id })).key;
  openapi = (await api<OpenApi>(server, '/api/openapi.json')).body;
});
afterAll(() => server.close());

/** Names sent to every route: the credentials and keys any of them may read. */
const ALWAYS = ['token', 'channel_key', 'password', 'grant', 'expires', 'signature', 'q', 'locale'];
const NUL = 'a\u0000b';

function operationOf(method: string, url: string): Operation | undefined {
  const openapiPath = url.replace(/:(\w+)/g, '{$1}');
  return openapi.paths[openapiPath]?.[method.toLowerCase()];
}

function resolve(schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  if (schema.$ref) return resolve(openapi.components?.schemas?.[schema.$ref.split('/').pop()!], depth + 1);
  const names = Object.keys(schema.properties ?? {});
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) names.push(...resolve(branch, depth + 1));
  return [...new Set(names)];
}

function bodyFields(operation: Operation | undefined): string[] {
  const content = operation?.requestBody?.content ?? {};
  const names = Object.values(content).flatMap((media) => resolve(media.schema));
  return [...new Set([...names, 'login', 'password', 'token', 'channel_key', 'name'])];
}

function queryFields(operation: Operation | undefined): string[] {
  const listed = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return [...new Set([...listed, ...ALWAYS])];
}

/** The route's URL with every path parameter set (`*` included), one of them to `value`. */
function pathWith(url: string, nulParam: string | undefined, value = '%00x'): string {
  return url.replace(/:(\w+)(\([^)]*\))?|\*/g, (_match, name: string | undefined) => ((name ?? '*') === nulParam ? value : name ? '1' : 'x'));
}

const actors = () => [
  ['admin', admin.token],
  ['anonymous', undefined],
] as const;

function expectRefused(what: string, res: ApiResponse, field: string, message = NUL_MESSAGE) {
  expect([what, res.status], res.text).toEqual([what, 422]);
  expect([what, (res.body as { details?: Record<string, string[]> }).details?.[field]]).toEqual([what, [message]]);
}

describe('a NUL or a lone surrogate in any text input', () => {
  it('is a 422 naming the path parameter, on every route, for anyone', async () => {
    let swept = 0;
    for (const route of server.routes) {
      for (const [, name, pattern] of route.url.matchAll(/:(\w+)(\([^)]*\))?|\*/g)) {
        const param = name ?? '*';
        for (const [who, token] of actors()) {
          const res = await api(server, pathWith(route.url, param), { method: route.method, token });
          // A parameter with its own pattern (`:id(^\d+$)`) never matches: another route's 422, or a 404.
          if (pattern) expect([route.url, res.status]).toEqual([route.url, expect.toBeOneOf([404, 422])]);
          else expectRefused(`${who} ${route.method} ${route.url} :${param}`, res, param);
          swept++;
        }
      }
    }
    expect(swept).toBeGreaterThan(40);
  });

  it('is a 422 naming the query parameter, on every route, for anyone', async () => {
    for (const route of server.routes) {
      const url = pathWith(route.url, undefined);
      for (const name of queryFields(operationOf(route.method, route.url))) {
        for (const [who, token] of actors()) {
          const res = await api(server, `${url}?${new URLSearchParams({ [name]: NUL }).toString()}`, { method: route.method, token });
          expectRefused(`${who} ${route.method} ${route.url} ?${name}`, res, name);
        }
      }
    }
  });

  it('is a 422 naming the body field, as JSON, a form or multipart, on every route that takes a body', async () => {
    // /udid/retrieve takes the device's signed answer as raw bytes, not text fields.
    const binary = new Set(['POST /udid/retrieve']);
    for (const route of server.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !binary.has(`${r.method} ${r.url}`))) {
      const url = pathWith(route.url, undefined);
      const fields = bodyFields(operationOf(route.method, route.url));
      for (const [who, token] of actors()) {
        const what = `${who} ${route.method} ${route.url}`;
        const streamed = route.url === '/api/apps/upload' || route.url.endsWith('/upload');
        if (!streamed) {
          for (const field of fields) expectRefused(`${what} JSON ${field}`, await api(server, url, { method: route.method, token, json: { [field]: NUL } }), field);
          const form = await api(server, url, { method: route.method, token, form: { [fields[0]!]: NUL } });
          expectRefused(`${what} form`, form, fields[0]!);
        }
        // Streamed uploads read their multipart fields themselves, and check each they keep as it
        // arrives; the teardown and a restore's upload keep none (only the file: 401 without a token,
        // else 422 for the file).
        const multipartField = streamed ? 'channel_key' : fields[0]!;
        const options: RequestOptions = { method: route.method, token, multipart: { [multipartField]: NUL } };
        const res = await api(server, url, options);
        if (route.url === '/api/teardown' || route.url === '/api/admin/restores/upload') {
          expect([what, res.status]).toEqual([what, token ? 422 : 401]);
          if (token) expect([what, Object.keys((res.body as { details?: object }).details ?? {})]).toEqual([what, ['file']]);
        }
        // The pages' forms (outside /api) take no multipart at all.
        else if (!route.url.startsWith('/api/')) expect([what, res.status]).toEqual([what, 415]);
        else expectRefused(`${what} multipart`, res, multipartField);
      }
    }
  });

  it('is a 422 for a lone surrogate in JSON, and for a NUL anywhere in a nested body', async () => {
    const surrogate = await api(server, '/api/session', { method: 'POST', raw: '{"login":"\\ud800","password":"x"}', headers: { 'content-type': 'application/json' } });
    expectRefused('lone surrogate', surrogate, 'login', SURROGATE_MESSAGE);
    const low = await api(server, '/api/apps', { method: 'POST', token: admin.token, raw: '{"name":"ok\\udc00"}', headers: { 'content-type': 'application/json' } });
    expectRefused('lone low surrogate', low, 'name', SURROGATE_MESSAGE);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await api(server, '/api/apps', { method: 'POST', token: admin.token, raw: '{"name":"ok \\ud83d\\ude80"}', headers: { 'content-type': 'application/json' } });
    expect([emoji.status, emoji.body.name]).toEqual([201, 'ok 🚀']);
    const nested = await api(server, '/api/apps', { method: 'POST', token: admin.token, json: { name: 'x', extra: [{ deep: NUL }] } });
    expectRefused('nested', nested, 'extra.0.deep');
    const key = await api(server, '/api/apps', { method: 'POST', token: admin.token, json: { name: 'x', ['bad\u0000key']: 1 } });
    expectRefused('a NUL in a field name', key, 'bad\\u0000key');
  });

  it('answers a path whose %-escapes are not UTF-8 with a 400 in the usual shape', async () => {
    for (const path of ['/api/channels/%ff', '/%ED%A0%80', '/download/releases/%c3%28/x']) {
      const res = await api(server, path);
      expect([path, res.status, res.body]).toMatchObject([path, 400, { error: 'The URL is not valid: its path has a %-escape that is not UTF-8 text' }]);
    }
  });

  it('answers the two reported cases with the exact body, and stores nothing', async () => {
    const signIn = await api(server, '/api/session', { method: 'POST', json: { login: `admin${NUL}`, password: 'x' } });
    expect([signIn.status, signIn.body]).toMatchObject([422, { error: `Validation failed: login ${NUL_MESSAGE}`, details: { login: [NUL_MESSAGE] } }]);
    const latest = await api(server, '/api/apps/latest?channel_key=%00');
    expect([latest.status, latest.body]).toMatchObject([422, { error: `Validation failed: channel_key ${NUL_MESSAGE}`, details: { channel_key: [NUL_MESSAGE] } }]);
    const before = await server.database.db.selectFrom('apps').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = await api(server, '/api/apps/upload', { method: 'POST', token: admin.token, multipart: { channel_key: channelKey, changelog: NUL } });
    expectRefused('upload changelog', refused, 'changelog');
    const after = await server.database.db.selectFrom('apps').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
