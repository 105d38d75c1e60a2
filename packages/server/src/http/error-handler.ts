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
  summarizeFieldErrors,
} from '../errors.ts';
import type { FieldErrors } from '../errors.ts';

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

function describe(error: AjvError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'minLength':
      return p.limit === 1 ? "can't be blank" : `is too short (minimum is ${String(p.limit)} characters)`;
    case 'maxLength':
      return `is too long (maximum is ${String(p.limit)} characters)`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return p.type === 'object' ? 'must be a JSON object' : `must be ${p.type === 'integer' ? 'a whole number' : `a ${String(p.type)}`}`;
    case 'pattern':
      return 'has an invalid format';
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'minItems':
      return `must have at least ${String(p.limit)} items`;
    case 'additionalProperties':
      return `has an unknown field "${String(p.additionalProperty)}"`;
    default:
      return error.message ?? 'is invalid';
  }
}

export function validationDetails(errors: AjvError[], context: string | undefined): FieldErrors {
  const details: FieldErrors = {};
  for (const error of errors) {
    // anyOf/oneOf repeat what their branches already said.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldName(error, context);
    const message = describe(error);
    const messages = (details[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
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

/** Readable sentences for Fastify's own client errors, keyed by code. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but the content type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
};

export function sendError(reply: FastifyReply, status: number, message: string, details?: FieldErrors) {
  return reply.code(status).type('application/json; charset=utf-8').send(details ? { error: message, details } : { error: message });
}

interface ErrorHandlerOptions {
  /** Answers a NotFoundError with a page when the request is a browser's (modules/pages/not-found.ts); undefined otherwise. */
  notFoundPage?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance, { notFoundPage }: ErrorHandlerOptions) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      const details = validationDetails(error.validation, error.validationContext);
      return sendError(reply, 422, summarizeFieldErrors(details), details);
    }
    if (error instanceof AppError) {
      const page = error instanceof NotFoundError ? notFoundPage?.(request, reply) : undefined;
      if (page) return page;
      const status = statusByClass.find(([cls]) => error instanceof cls)?.[1] ?? 500;
      if (status === 500) request.log.error({ err: error }, 'unmapped application error');
      if (error instanceof ValidationError) return sendError(reply, 422, error.message, error.details);
      return sendError(reply, status, status === 500 ? 'Internal server error' : error.message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A JSON body that does not parse arrives as a SyntaxError with statusCode 400.
      const message =
        fastifyMessages[error.code] ??
        (error instanceof SyntaxError ? `The body is not valid JSON: ${error.message}` : error.message || 'Bad request');
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Internal server error: the request failed on the server; the log has the details');
  });
});
