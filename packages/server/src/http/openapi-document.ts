// The OpenAPI document a server answers (GET /api/openapi.json, /api/docs/json and /yaml). A
// running server answers the committed packages/server/openapi.json (written by `npm run api`
// from the route schemas, and checked against them by openapi-document.test.ts) with its own
// address and version, read when asked for: keeping @fastify/swagger's copy of every route's
// schema in each server held ~2 MiB of idle memory for a document that never changes while it
// runs. `npm run api` builds the app with `liveOpenApi`, which registers @fastify/swagger.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../openapi.json');

export type OpenApiDocument = Record<string, unknown>;
export type DocumentSource = () => Promise<OpenApiDocument> | OpenApiDocument;

/** The committed document with this server's address and version. */
export function committedDocument(serverUrl: string, version: string): DocumentSource {
  return async () => {
    const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
    return { ...document, info: { ...(document.info as object), version }, servers: [{ url: serverUrl }] };
  };
}

/** The document as YAML (the `yaml` package loads on the first such request). */
export async function documentYaml(document: OpenApiDocument): Promise<string> {
  const { stringify } = await import('yaml');
  return stringify(document);
}
