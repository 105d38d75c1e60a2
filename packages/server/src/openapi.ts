// The OpenAPI document, written from the route schemas without a server: the committed
// packages/server/openapi.json, and from it the web client's types (packages/web/src/api/schema.d.ts).
// `npm run api` writes both (scripts/api.ts); a server test fails when either is stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { renderWebRules, WEB_RULES_PATH } from './openapi-rules.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/** The committed document (also read by the documentation site). */
export const OPENAPI_DOCUMENT_PATH = path.join(root, 'packages/server/openapi.json');
/** The web client's generated types. */
export const WEB_SCHEMA_PATH = path.join(root, 'packages/web/src/api/schema.d.ts');
/** Where the document says the API is: each instance serves its own at /api/openapi.json with its TARMAC_URL. */
const EXAMPLE_URL = 'https://tarmac.example.com';
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function sortedObject(object: { [key: string]: Json }, compare?: (a: string, b: string) => number): { [key: string]: Json } {
  return Object.fromEntries(Object.keys(object).sort(compare).map((key) => [key, object[key] as Json]));
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The same document every time: paths, methods, responses and components sorted (their order
 * means nothing), schema properties in the order the code declares them, no host, no date.
 */
export function normaliseDocument(document: { [key: string]: Json }): { [key: string]: Json } {
  const copy = JSON.parse(JSON.stringify(document)) as { [key: string]: Json };
  copy.servers = [{ url: EXAMPLE_URL }];
  if (isObject(copy.paths)) {
    const paths = sortedObject(copy.paths);
    for (const [key, operations] of Object.entries(paths)) {
      if (!isObject(operations)) continue;
      const byMethod = sortedObject(operations, (a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b) || a.localeCompare(b));
      for (const operation of Object.values(byMethod)) {
        if (isObject(operation) && isObject(operation.responses)) operation.responses = sortedObject(operation.responses);
      }
      paths[key] = byMethod;
    }
    copy.paths = paths;
  }
  if (isObject(copy.components)) {
    const components = sortedObject(copy.components);
    for (const [key, group] of Object.entries(components)) if (isObject(group)) components[key] = sortedObject(group);
    copy.components = components;
  }
  return copy;
}

/** The app's own document (as GET /api/openapi.json serves it), built on a throwaway in-memory database. */
export async function buildOpenApiDocument(): Promise<{ [key: string]: Json }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-openapi-'));
  const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  try {
    const config = loadConfig({
      TARMAC_DATA_DIR: dataDir,
      DATABASE_URL: 'sqlite::memory:',
      TARMAC_URL: EXAMPLE_URL,
      TARMAC_SECRET_KEY: 'openapi-document-only-secret-key-0123456789',
      LOG_LEVEL: 'silent',
    });
    const { app } = await buildApp({ config, logDestination: silent, webDir: dataDir, liveOpenApi: true });
    try {
      await app.ready();
      return normaliseDocument(app.swagger() as unknown as { [key: string]: Json });
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The committed file's text: two-space JSON and a final newline. */
export function documentText(document: { [key: string]: Json }): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

const TYPES_HEADER = `// generated, do not edit: \`npm run api\` writes this file from packages/server/openapi.json
// (openapi-typescript); the web client (src/api/client.ts) reads every answer through it.
`;

/** The last document rendered and its types: the stale check renders the same document more than once. */
let lastRendered: { document: string; types: string } | undefined;

/** The web client's types for `document`, as openapi-typescript writes them (a dev dependency, loaded only here). */
export async function renderWebTypes(document: { [key: string]: Json }): Promise<string> {
  const text = JSON.stringify(document);
  if (lastRendered?.document === text) return lastRendered.types;
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: false,
    exportType: false,
    rootTypes: false,
    defaultNonNullable: false,
    propertiesRequiredByDefault: false,
  });
  const types = TYPES_HEADER + astToString(ast);
  lastRendered = { document: text, types };
  return types;
}

export interface ApiFiles {
  /** packages/server/openapi.json's text. */
  document: string;
  /** packages/web/src/api/schema.d.ts's text. */
  types: string;
  /** packages/web/src/api/field-rules.ts's text. */
  rules: string;
}

/**
 * What `npm run api` would change: one sentence per stale file, [] when both match `document`.
 * The committed types are compared with those generated from `document`, so a schema change
 * leaves both stale.
 */
export async function staleApiFiles(document: { [key: string]: Json }, committed: ApiFiles): Promise<string[]> {
  const stale: string[] = [];
  const where = (file: string) => path.relative(root, file);
  if (committed.document !== documentText(document)) {
    stale.push(`${where(OPENAPI_DOCUMENT_PATH)} is not what the route schemas describe: run npm run api`);
  }
  if (committed.types !== (await renderWebTypes(document))) {
    stale.push(`${where(WEB_SCHEMA_PATH)} is not generated from the current document: run npm run api`);
  }
  if (committed.rules !== renderWebRules(document)) {
    stale.push(`${where(WEB_RULES_PATH)} is not generated from the current document: run npm run api`);
  }
  return stale;
}
