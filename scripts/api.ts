// `npm run api`: writes the OpenAPI document (packages/server/openapi.json) from the route
// schemas, no server needed, and the web client's types from it (packages/web/src/api/schema.d.ts).
// Run it after changing a route's schema; `npm test` fails while either file is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildOpenApiDocument,
  documentText,
  OPENAPI_DOCUMENT_PATH,
  renderWebTypes,
  WEB_SCHEMA_PATH,
} from '../packages/server/src/openapi.ts';

const document = await buildOpenApiDocument();
writeFileSync(OPENAPI_DOCUMENT_PATH, documentText(document));
writeFileSync(WEB_SCHEMA_PATH, await renderWebTypes(document));
const root = path.resolve(import.meta.dirname, '..');
console.log(`wrote ${path.relative(root, OPENAPI_DOCUMENT_PATH)} and ${path.relative(root, WEB_SCHEMA_PATH)}`);
