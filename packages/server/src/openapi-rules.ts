// The text rules of every request body field (minLength, maxLength, pattern), read from the
// OpenAPI document into packages/web/src/api/field-rules.ts, so the web forms check what the
// server checks as the user types, from the one source (the route schemas). `npm run api` writes it.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
/** The web app's generated rules module. */
export const WEB_RULES_PATH = path.join(root, 'packages/web/src/api/field-rules.ts');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const RULE_KEYS = ['minLength', 'maxLength', 'pattern'] as const;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolved(document: JsonObject, schema: Json | undefined): JsonObject | undefined {
  if (!isObject(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const components = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const target = components[ref.split('/').pop() ?? ''];
  return isObject(target) ? target : undefined;
}

/** A property's rules: its own, or those of a string branch of an anyOf (a nullable text field). */
function rulesOf(document: JsonObject, property: Json | undefined): JsonObject | undefined {
  const schema = resolved(document, property);
  if (!schema) return undefined;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf.map((branch) => resolved(document, branch)) : [schema];
  const rules: JsonObject = {};
  for (const branch of branches) for (const key of RULE_KEYS) if (branch?.[key] !== undefined) rules[key] = branch[key];
  return Object.keys(rules).length > 0 ? rules : undefined;
}

/** operationId → field → rules, for every operation with a request body; operations and fields sorted. */
export function fieldRules(document: JsonObject): JsonObject {
  const out: JsonObject = {};
  const paths = isObject(document.paths) ? document.paths : {};
  for (const operations of Object.values(paths)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string' || !isObject(operation.requestBody)) continue;
      const content = isObject(operation.requestBody.content) ? operation.requestBody.content : {};
      const fields: JsonObject = {};
      for (const media of Object.values(content)) {
        const schema = resolved(document, isObject(media) ? media.schema : undefined);
        const properties = schema && isObject(schema.properties) ? schema.properties : {};
        for (const [name, property] of Object.entries(properties)) {
          const rules = rulesOf(document, property);
          if (rules) fields[name] = rules;
        }
      }
      if (Object.keys(fields).length > 0) out[operation.operationId] = sortedKeys(fields);
    }
  }
  return sortedKeys(out);
}

function sortedKeys(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key] as Json]));
}

const RULES_HEADER = `// generated, do not edit: \`npm run api\` writes this file from packages/server/openapi.json
// (packages/server/src/openapi-rules.ts): each request body's text rules, by operationId, that the
// forms check as the user types (src/api/rules.ts), and each platform's build file endings; the
// server checks the same rules.
`;

/** Each channel platform's build file endings: the `default` of the UploadExtensions component (uploads/schemas.ts). */
export function uploadExtensions(document: JsonObject): Json {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const schema = schemas.UploadExtensions;
  return isObject(schema) && isObject(schema.default) ? schema.default : {};
}

/** The web rules module's text for `document`. */
export function renderWebRules(document: JsonObject): string {
  return (
    `${RULES_HEADER}export const FIELD_RULES = ${JSON.stringify(fieldRules(document), null, 2)} as const;\n\n` +
    "/** Each channel platform's build file endings (components.schemas.UploadExtensions.default): the upload dialog's picker and check. */\n" +
    `export const UPLOAD_EXTENSIONS = ${JSON.stringify(uploadExtensions(document), null, 2)} as const;\n`
  );
}
