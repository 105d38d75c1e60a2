// Text that a database cannot store is refused where requests come in, once for every route:
// PostgreSQL refuses a NUL character in text ("invalid byte sequence for encoding UTF8: 0x00"),
// which would otherwise surface as a 500 from whichever query first met it, and a lone UTF-16
// surrogate (a JSON "\ud800") has no UTF-8 form, so the drivers would silently store U+FFFD
// instead. Both engines get the same 422 naming the field, before authentication, validation
// and any query. The query string, path parameters and parsed bodies (JSON, form, multipart
// fields) are checked here; the streamed upload routes check their multipart text fields as
// they arrive (uploads/receive.ts). Header values cannot carry either: Node's HTTP parser
// refuses NUL, and decodes headers as Latin-1, which has no surrogates.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../errors.ts';
import { fieldIssue, messageOf } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';

export const NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it holds a lone surrogate such as \\ud800)';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Nesting deeper than this is not walked (JSON bodies are at most 1 MiB; schemas are shallow). */
const MAX_DEPTH = 32;

/** Why `value` cannot be stored as text, or undefined when it can. */
export function unsafeText(value: string): string | undefined {
  if (value.includes('\0')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return undefined;
}

/** Throws a 422 naming `field` when `value` cannot be stored as text. */
export function assertStorableText(field: string, value: string): void {
  const problem = unsafeText(value);
  if (problem) throw new ValidationError({ [printable(field)]: [fieldIssue('unstorable_text', problem)] });
}

/** A field name as the error shows it: a NUL or lone surrogate in the name itself is escaped. */
function printable(name: string): string {
  return name.replace(/[\0\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function collect(value: unknown, path: string[], fallback: string, errors: FieldErrors, depth: number): void {
  if (typeof value === 'string') {
    const problem = unsafeText(value);
    if (problem) {
      const field = path.length > 0 ? path.map(printable).join('.') : fallback;
      const messages = (errors[field] ??= []);
      if (!messages.some((m) => messageOf(m) === problem)) messages.push(fieldIssue('unstorable_text', problem));
    }
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  // A multipart file part (attachFieldsToBody) is an object too; only text is checked here.
  if (Buffer.isBuffer(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unsafeText(key);
    if (keyProblem) {
      const field = [...path, key].map(printable).join('.');
      (errors[field] ??= []).push(fieldIssue('unstorable_text', keyProblem));
      continue;
    }
    collect(item, [...path, key], fallback, errors, depth + 1);
  }
}

/** Every field of the query, path and body that cannot be stored as text, by name. */
export function unstorableFields(request: Pick<FastifyRequest, 'query' | 'params' | 'body'>): FieldErrors {
  const errors: FieldErrors = {};
  collect(request.params, [], 'params', errors, 0);
  collect(request.query, [], 'query', errors, 0);
  collect(request.body, [], 'body', errors, 0);
  return errors;
}

/** The check as a hook: throws a 422 naming every field that cannot be stored. */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const errors = unstorableFields(request);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * preValidation at the root: JSON and form bodies are parsed, and this runs before each scope's
 * own hooks (authentication, a route's channel-key lookup) and schema validation. Multipart
 * fields are attached to the body by @fastify/multipart's own preValidation hook, inside the
 * API scope, so that scope runs `refuseUnstorableText` once more after it.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', refuseUnstorableText);
});
