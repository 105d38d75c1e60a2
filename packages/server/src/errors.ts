// The error classes services throw. None knows an HTTP status: the error handler in
// src/http/error-handler.ts maps each class to its status and the body
// `{"error": <English sentence>, "code": <stable code>, "params": {…}}` (422 adds `details` and `fields`).
// Every code is listed in src/error-codes.ts; the web app translates `errors.<code>` with the params.
import type { ErrorCode, FieldCode } from './error-codes.ts';

export type { ErrorCode, FieldCode } from './error-codes.ts';

/** The values an error's sentence names (a name, a limit …), sent as `params` for the translation. */
export type ErrorParams = Record<string, string | number>;

/** One problem with one field: a stable code, its values, and the English sentence (`details`). */
export interface FieldIssue {
  code: FieldCode;
  params?: ErrorParams;
  message: string;
}

/** A field's problem: a FieldIssue, or a bare English sentence (answered with the code "invalid"). */
export type FieldMessage = string | FieldIssue;
export type FieldErrors = Record<string, FieldMessage[]>;

export function fieldIssue(code: FieldCode, message: string, params?: ErrorParams): FieldIssue {
  return params ? { code, params, message } : { code, message };
}

/** The field issues every module writes the same way. */
export const BLANK: FieldIssue = { code: 'blank', message: "can't be blank" };
export const TAKEN: FieldIssue = { code: 'taken', message: 'has already been taken' };
export function tooLong(max: number | string, unit = 'characters'): FieldIssue {
  return fieldIssue('too_long', `is too long (maximum is ${max} ${unit})`, { max });
}
export function tooShort(min: number): FieldIssue {
  return fieldIssue('too_short', `is too short (minimum is ${min} characters)`, { min });
}
export function oneOf(values: readonly string[], got?: string): FieldIssue {
  const message = `must be one of ${values.join(', ')}${got === undefined ? '' : ` (got "${got}")`}`;
  return fieldIssue('one_of', message, { values: values.join(', ') });
}

export function messageOf(message: FieldMessage): string {
  return typeof message === 'string' ? message : message.message;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  constructor(message: string, code: ErrorCode, params: ErrorParams = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.params = params;
  }
}

/** The caller is not signed in or sent an unknown, revoked or expired token. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized user token', code: ErrorCode = 'auth.unauthorized', params?: ErrorParams) {
    super(message, code, params);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends AppError {
  constructor(message: string, code: ErrorCode = 'forbidden', params?: ErrorParams) {
    super(message, code, params);
  }
}

/** What a locked account is told, wherever it tries to come in (sign-in, token, upload field). */
export const ACCOUNT_LOCKED = 'This account is locked; ask an administrator to unlock it';

export const RECORD_NOT_FOUND = 'Record not found';

/** The record does not exist, or the caller may not know that it does. */
export class NotFoundError extends AppError {
  constructor(message = RECORD_NOT_FOUND, code: ErrorCode = 'not_found', params?: ErrorParams) {
    super(message, code, params);
  }
}

/** Input that fails a rule; `details` maps each field to its problems. */
export class ValidationError extends AppError {
  readonly details: FieldErrors;
  constructor(details: FieldErrors, message?: string, code: ErrorCode = 'validation.failed', params?: ErrorParams) {
    super(message ?? summarizeFieldErrors(details), code, params);
    this.details = details;
  }
}

/** The request conflicts with the current state (a duplicate, say). */
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict', params?: ErrorParams) {
    super(message, code, params);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string, code: ErrorCode = 'payload_too_large', params?: ErrorParams) {
    super(message, code, params);
  }
}

/** The request body came too slowly, or stopped coming (http/body-guard.ts). */
export class RequestTimeoutError extends AppError {
  constructor(message: string, code: ErrorCode = 'request.timeout', params?: ErrorParams) {
    super(message, code, params);
  }
}

/** The server cannot take this request now (a limit on requests in progress); the client may retry. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string, code: ErrorCode = 'service_unavailable', params?: ErrorParams) {
    super(message, code, params);
  }
}

/** A file the user gave us is not what it claims to be, or is damaged. */
export class BadFileError extends AppError {
  constructor(message: string, code: ErrorCode = 'file.bad', params?: ErrorParams) {
    super(message, code, params);
  }
}

export function summarizeFieldErrors(details: FieldErrors): string {
  const parts = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${messageOf(m)}`));
  return parts.length === 0 ? 'Validation failed' : `Validation failed: ${parts.join('; ')}`;
}

/** The answer's `details` (field → English sentences) and `fields` (field → codes and params), index for index. */
export function fieldAnswer(details: FieldErrors): {
  details: Record<string, string[]>;
  fields: Record<string, { code: FieldCode; params?: ErrorParams }[]>;
} {
  const texts: Record<string, string[]> = {};
  const fields: Record<string, { code: FieldCode; params?: ErrorParams }[]> = {};
  for (const [field, messages] of Object.entries(details)) {
    texts[field] = messages.map(messageOf);
    fields[field] = messages.map((m) => (typeof m === 'string' ? { code: 'invalid' } : m.params ? { code: m.code, params: m.params } : { code: m.code }));
  }
  return { details: texts, fields };
}
