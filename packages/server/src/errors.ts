// The error classes services throw. None knows an HTTP status: the error handler in
// src/http/error-handler.ts maps each class to its status and the `{"error": …}` body.

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The caller is not signed in or sent an unknown, revoked or expired token. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized user token') {
    super(message);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends AppError {}

/** What a locked account is told, wherever it tries to come in (sign-in, token, upload field). */
export const ACCOUNT_LOCKED = 'This account is locked; ask an administrator to unlock it';

/** The record does not exist, or the caller may not know that it does. */
export class NotFoundError extends AppError {
  constructor(message = 'Record not found') {
    super(message);
  }
}

/** Input that fails a rule; `details` maps each field to its messages. */
export class ValidationError extends AppError {
  readonly details: FieldErrors;
  constructor(details: FieldErrors, message?: string) {
    super(message ?? summarizeFieldErrors(details));
    this.details = details;
  }
}

/** The request conflicts with the current state (a duplicate, say). */
export class ConflictError extends AppError {}

export class PayloadTooLargeError extends AppError {}

/** The request body came too slowly, or stopped coming (http/body-guard.ts). */
export class RequestTimeoutError extends AppError {}

/** The server cannot take this request now (a limit on requests in progress); the client may retry. */
export class ServiceUnavailableError extends AppError {}

/** A file the user gave us is not what it claims to be, or is damaged. */
export class BadFileError extends AppError {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function summarizeFieldErrors(details: FieldErrors): string {
  const parts = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return parts.length === 0 ? 'Validation failed' : `Validation failed: ${parts.join('; ')}`;
}
