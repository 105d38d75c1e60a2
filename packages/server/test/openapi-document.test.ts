// The committed OpenAPI document (packages/server/openapi.json) and the web client's types
// generated from it (packages/web/src/api/schema.d.ts) must match the route schemas: a schema
// changed without `npm run api` fails here, and the web app's typecheck then sees the change.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  documentText,
  normaliseDocument,
  OPENAPI_DOCUMENT_PATH,
  renderWebTypes,
  staleApiFiles,
  WEB_SCHEMA_PATH,
} from '../src/openapi.ts';
import { renderWebRules, WEB_RULES_PATH } from '../src/openapi-rules.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

type Document = Awaited<ReturnType<typeof buildOpenApiDocument>>;
interface Schema {
  properties: Record<string, { minLength?: number }>;
}

let document: Document;
let committed: { document: string; types: string; rules: string };
let server: TestServer;
beforeAll(async () => {
  document = await buildOpenApiDocument();
  committed = {
    document: readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'),
    types: readFileSync(WEB_SCHEMA_PATH, 'utf8'),
    rules: readFileSync(WEB_RULES_PATH, 'utf8'),
  };
  server = await startServer();
});
afterAll(() => server.close());

/** The document with one operation's summary changed, as a route schema edit would. */
function withChangedSummary(source: Document): Document {
  const copy = JSON.parse(JSON.stringify(source)) as Document;
  const paths = copy.paths as Record<string, Record<string, { summary: string }>>;
  paths['/api/dashboard']!.get!.summary = 'A summary nobody regenerated';
  return copy;
}

describe('the committed OpenAPI document and web types', () => {
  it('match the route schemas (else: run npm run api)', async () => {
    expect(await staleApiFiles(document, committed)).toEqual([]);
  });

  it('are reported stale, with what to run, when a route schema changed without regenerating', async () => {
    const changed = withChangedSummary(document);
    const stale = await staleApiFiles(changed, committed);
    expect(stale).toEqual([
      'packages/server/openapi.json is not what the route schemas describe: run npm run api',
      'packages/web/src/api/schema.d.ts is not generated from the current document: run npm run api',
    ]);
    // Regenerated, both match again.
    const regenerated = { document: documentText(changed), types: await renderWebTypes(changed), rules: renderWebRules(changed) };
    expect(await staleApiFiles(changed, regenerated)).toEqual([]);
  });

  it('reports the types alone when only they were edited by hand', async () => {
    const types = committed.types.replace('csrf_token: string;', 'csrf_token: number;');
    const stale = await staleApiFiles(document, { ...committed, types });
    expect(stale).toEqual(['packages/web/src/api/schema.d.ts is not generated from the current document: run npm run api']);
  });

  it("reports the forms' field rules when they no longer match the schemas", async () => {
    const changed = JSON.parse(JSON.stringify(document)) as Document;
    type Paths = Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>>;
    const update = (changed.paths as unknown as Paths)['/api/releases/{id}']!.put!;
    delete update.requestBody.content['application/json']!.schema.properties.release_version!.minLength;
    const stale = await staleApiFiles(changed, { ...committed, document: documentText(changed), types: await renderWebTypes(changed) });
    expect(stale).toEqual(['packages/web/src/api/field-rules.ts is not generated from the current document: run npm run api']);
  });

  it('gives the forms the rules the server checks: a release edit never blanks its versions', () => {
    expect(committed.rules).toContain('"release_version": {\n      "minLength": 1,\n      "maxLength": 255\n    }');
  });

  it('is what a running server serves at /api/openapi.json, apart from its address', async () => {
    const served = (await api(server, '/api/openapi.json')).body;
    expect(documentText(normaliseDocument(served))).toBe(documentText(document));
  });

  it('describes every answer for the API\'s users: none is the generator\'s "Default Response"', () => {
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    const undescribed = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([, response]) => !response.description || response.description === 'Default Response')
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(undescribed).toEqual([]);
  });

  it('is the same every time, with no host, date or build in it', async () => {
    expect(documentText(await buildOpenApiDocument())).toBe(committed.document);
    expect(committed.document).not.toMatch(/127\.0\.0\.1|localhost|\d{4}-\d\d-\d\dT\d\d:/);
    expect(committed.types.startsWith('// generated, do not edit')).toBe(true);
  });
});
