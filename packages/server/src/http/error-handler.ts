// Maps errors to HTTP answers. Services throw the classes of src/errors.ts; schema failures
// become 422 with per-field details; Fastify's own 4xx (bad JSON, unknown content type, body
// too large) keep their status with a readable sentence; anything else is a 500 with a
// generic sentence, logged in full. Driver and SQL messages never reach the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  BadFileError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RequestTimeoutError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
  fieldAnswer,
  fieldIssue,
  summarizeFieldErrors,
} from '../errors.ts';
import type { ErrorCode, ErrorParams, FieldErrors, FieldIssue } from '../errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldName(error: AjvError, context: string | undefined): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') path.push(error.params.missingProperty);
  if (path.length > 0) return path.join('.');
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

/** A schema (Ajv) error as a field issue: its code, the values it names and the English sentence. */
function describe(error: AjvError): FieldIssue {
  const p = error.params;
  const limit = Number(p.limit);
  switch (error.keyword) {
    case 'required':
      return fieldIssue('required', 'is required');
    case 'minLength':
      return limit === 1 ? fieldIssue('blank', "can't be blank") : fieldIssue('too_short', `is too short (minimum is ${limit} characters)`, { min: limit });
    case 'maxLength':
      return fieldIssue('too_long', `is too long (maximum is ${limit} characters)`, { max: limit });
    case 'minimum':
      return fieldIssue('too_small', `must be at least ${limit}`, { min: limit });
    case 'maximum':
      return fieldIssue('too_large', `must be at most ${limit}`, { max: limit });
    case 'enum': {
      const values = (p.allowedValues as unknown[]).join(', ');
      return fieldIssue('one_of', `must be one of ${values}`, { values });
    }
    case 'const':
      return fieldIssue('one_of', `must be ${JSON.stringify(p.allowedValue)}`, { values: String(p.allowedValue) });
    case 'type':
      return typeIssue(String(p.type));
    case 'pattern':
      return fieldIssue('format', 'has an invalid format');
    case 'format':
      return fieldIssue('format', `must be a valid ${String(p.format)}`, { format: String(p.format) });
    case 'maxItems':
      return fieldIssue('too_many_items', `must have at most ${limit} items`, { max: limit });
    case 'minItems':
      return fieldIssue('too_few_items', `must have at least ${limit} items`, { min: limit });
    case 'additionalProperties':
      return fieldIssue('unknown_field', `has an unknown field "${String(p.additionalProperty)}"`, { field: String(p.additionalProperty) });
    default:
      return fieldIssue('invalid', error.message ?? 'is invalid');
  }
}

function typeIssue(type: string): FieldIssue {
  if (type === 'object') return fieldIssue('type', 'must be a JSON object', { type });
  return fieldIssue('type', `must be ${type === 'integer' ? 'a whole number' : `a ${type}`}`, { type });
}

export function validationDetails(errors: AjvError[], context: string | undefined): FieldErrors {
  const details: FieldErrors = {};
  for (const error of errors) {
    // anyOf/oneOf repeat what their branches already said.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldName(error, context);
    const issue = describe(error);
    const messages = (details[field] ??= []);
    if (!messages.some((m) => typeof m !== 'string' && m.message === issue.message)) messages.push(issue);
  }
  return details;
}

const statusByClass: [new (...args: never[]) => AppError, number][] = [
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [RequestTimeoutError, 408],
  [PayloadTooLargeError, 413],
  [ValidationError, 422],
  [BadFileError, 422],
  [ServiceUnavailableError, 503],
];

/** Readable sentences and codes for Fastify's own client errors, keyed by Fastify's code. */
const fastifyErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'request.unsupported_media_type',
    'Unsupported content type: send JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['request.content_length_mismatch', 'The Content-Length header does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['request.empty_json_body', 'The body is empty but the content type says JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['request.body_too_large', 'The request body is too large'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['request.invalid_json', 'The body is not valid JSON'],
};

/**
 * Sends an error answer: `{error, code, params}`, plus `details` (field → sentences) and `fields`
 * (field → [{code, params}], index for index with details) when there are field problems.
 */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: ErrorCode,
  params: ErrorParams = {},
  details?: FieldErrors,
) {
  const body = details ? { error: message, code, params, ...fieldAnswer(details) } : { error: message, code, params };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

interface ErrorHandlerOptions {
  /** Answers a NotFoundError with a page when the request is a browser's (modules/pages/not-found.ts); undefined otherwise. */
  notFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined;
  /** Answers any other refusal with a page when a browser asked outside the API (modules/pages/error-page.ts); undefined otherwise. */
  errorPage?: (request: FastifyRequest, reply: FastifyReply, answer: Answer) => Promise<FastifyReply> | undefined;
}

interface Answer {
  status: number;
  message: string;
  code: ErrorCode;
  params: ErrorParams;
  details?: FieldErrors;
}

/** The answer to an error: its status, sentence, code and params (and field problems); logs what is unexpected. */
function answerOf(error: FastifyError, request: FastifyRequest): Answer {
  if (error.validation) {
    const details = validationDetails(error.validation, error.validationContext);
    return { status: 422, message: summarizeFieldErrors(details), code: 'validation.failed', params: {}, details };
  }
  if (error instanceof AppError) {
    const status = statusByClass.find(([cls]) => error instanceof cls)?.[1] ?? 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unmapped application error');
      return { status, message: 'Internal server error', code: 'internal', params: {} };
    }
    const details = error instanceof ValidationError ? error.details : undefined;
    return { status, message: error.message, code: error.code, params: error.params, ...(details ? { details } : {}) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // A JSON body that does not parse arrives as a SyntaxError with statusCode 400.
    const known = fastifyErrors[error.code];
    if (known) return { status, message: known[1], code: known[0], params: {} };
    if (error instanceof SyntaxError) return { status, message: `The body is not valid JSON: ${error.message}`, code: 'request.invalid_json', params: {} };
    return { status, message: error.message || 'Bad request', code: 'request.bad', params: {} };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, message: 'Internal server error: the request failed on the server; the log has the details', code: 'internal', params: {} };
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance, { notFoundPage, errorPage }: ErrorHandlerOptions) => {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = answerOf(error, request);
    const notFound = error instanceof NotFoundError;
    const page = notFound ? notFoundPage?.(request, reply) : answer.status === 404 ? undefined : errorPage?.(request, reply, answer);
    if (page) return await page;
    return sendError(reply, answer.status, answer.message, answer.code, answer.params, answer.details);
  });
});
