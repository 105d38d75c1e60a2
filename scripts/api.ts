// `npm run api`: writes the OpenAPI document (packages/server/openapi.json) from the route
// schemas, no server needed, and from it the web client's types (packages/web/src/api/schema.d.ts) and
// the forms' field rules (packages/web/src/api/field-rules.ts).
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
import { renderWebRules, WEB_RULES_PATH } from '../packages/server/src/openapi-rules.ts';

const document = await buildOpenApiDocument();
writeFileSync(OPENAPI_DOCUMENT_PATH, documentText(document));
writeFileSync(WEB_SCHEMA_PATH, await renderWebTypes(document));
writeFileSync(WEB_RULES_PATH, renderWebRules(document));
const root = path.resolve(import.meta.dirname, '..');
const written = [OPENAPI_DOCUMENT_PATH, WEB_SCHEMA_PATH, WEB_RULES_PATH].map((file) => path.relative(root, file));
console.log(`wrote ${written.join(', ')}`);
