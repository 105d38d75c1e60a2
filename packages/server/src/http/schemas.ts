// Schemas every module shares: error bodies, the delete answer, pagination.
import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';

const ErrorCodeField = Type.String({
  description: 'A stable code naming the problem (src/error-codes.ts lists them): translate it, or branch on it.',
});
const ErrorParamsField = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
  description: 'The values the sentence names (a name, a limit …), for a translation of `code`.',
});

export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'What went wrong, written for a person (in English).' }),
    code: ErrorCodeField,
    params: ErrorParamsField,
  },
  { $id: 'ErrorResponse', description: 'Every error answer.' },
);

const FieldProblem = Type.Object(
  {
    code: Type.String({ description: 'What is wrong with the field: blank, too_long, taken, one_of … ("invalid": read `details`).' }),
    params: Type.Optional(ErrorParamsField),
  },
  { description: "One problem with one field; the same position in `details` holds its English sentence." },
);

export const ValidationErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'A summary of every problem.' }),
    code: ErrorCodeField,
    params: ErrorParamsField,
    details: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Messages per field name.' }),
    fields: Type.Record(Type.String(), Type.Array(FieldProblem), { description: 'Codes and params per field name, in the order of `details`.' }),
  },
  { $id: 'ValidationErrorResponse', description: 'The input broke one or more rules (HTTP 422).' },
);

export const MessageResponse = Type.Object(
  { message: Type.Literal('OK') },
  { $id: 'MessageResponse', description: 'A successful delete.' },
);

/** A string restricted to the given values, documented as an enum. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An ISO 8601 date and time (what every timestamp in an answer is). */
export function DateTime(description: string) {
  return Type.String({ format: 'date-time', description });
}

/** A string, or null when there is none; the description is the union's. */
export function NullableString(description: string) {
  return Type.Union([Type.String(), Type.Null()], { description });
}

/** The page size when neither the request nor the settings say (the `per_page` setting's default). */
export const PER_PAGE_DEFAULT = 25;
/** The hard ceiling of per_page; the `max_per_page` setting (default 100) is checked at run time (http/page-size.ts). */
export const PER_PAGE_MAX = 1000;

/** A list's per_page: no default here, so the `per_page` setting can fill it in (http/page-size.ts). */
export const PerPageQuery = Type.Integer({
  minimum: 1,
  maximum: PER_PAGE_MAX,
  description: 'Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed).',
});

export const PaginationQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' })),
  per_page: Type.Optional(PerPageQuery),
});
export type PaginationQuery = Static<typeof PaginationQuery>;

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Record id.' }),
});

/** The error answers a route that needs a signed-in user can give, for the OpenAPI. */
export function authErrors(): Record<number, TSchema> {
  return {
    401: Type.Ref('ErrorResponse'),
    403: Type.Ref('ErrorResponse'),
  };
}

/** The answers a route that streams a file body can give besides its own (http/body-guard.ts). */
export function bodyErrors(): Record<number, TSchema> {
  return {
    408: Type.Ref('ErrorResponse', {
      description: 'The body arrived more slowly than `TARMAC_MIN_UPLOAD_RATE_BYTES` or stopped for `TARMAC_BODY_IDLE_TIMEOUT_SECONDS`.',
    }),
    413: Type.Ref('ErrorResponse', { description: 'The file (or the declared `Content-Length`) is over `TARMAC_MAX_UPLOAD_BYTES`.' }),
    503: Type.Ref('ErrorResponse', {
      description: 'Too many bodies from callers not known yet (`TARMAC_MAX_ANONYMOUS_BODIES`); try again after `Retry-After` seconds.',
    }),
  };
}

export const sharedSchemas = [ErrorResponse, ValidationErrorResponse, MessageResponse];
