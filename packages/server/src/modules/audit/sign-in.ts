// The audit lines of signing in, shared by every way in (password, two-factor, LDAP, providers,
// sign-in links): a success names the account; a failure names the login tried, with no account id.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

export type SignInMethod = 'password' | 'two_factor' | 'ldap' | 'provider' | 'link' | 'password_reset' | 'sign_up' | 'email_confirmation' | 'invitation';

/** session.sign_in for `user`, who now has a session. */
export async function auditSignIn(
  request: FastifyRequest,
  user: { id: number; username: string },
  method: SignInMethod,
  extra: Record<string, unknown> = {},
) {
  await request.audit('session.sign_in', {
    actor: { id: user.id, name: user.username, via: 'session' },
    target: { type: 'user', id: user.id, name: user.username },
    details: { method, ...extra },
  });
}

/** user.create for an account its owner made (a sign-up, an accepted invitation): the new account is the actor. */
export async function auditSelfCreated(
  request: FastifyRequest,
  user: { id: number; username: string; email: string; role: string },
  how: 'sign_up' | 'invitation',
) {
  await request.audit('user.create', {
    actor: { id: user.id, name: user.username, via: 'anonymous' },
    target: { type: 'user', id: user.id, name: user.username },
    details: { email: user.email, role: user.role, how },
  });
}

/** session.sign_in_failed: the login tried (or the account, when known) and the error's code as the reason. */
export async function auditSignInFailed(
  request: FastifyRequest,
  login: string | null,
  method: SignInMethod,
  error: unknown,
  extra: Record<string, unknown> = {},
) {
  const reason = error instanceof AppError ? error.code : 'error';
  await request.audit('session.sign_in_failed', {
    outcome: 'failure',
    actor: { id: null, name: login, via: 'anonymous' },
    details: { method, reason, ...extra },
  });
}

/** session.sign_in_failed for an attempt refused unread because of too many failures (the 429): reason `throttled`. */
export async function auditSignInThrottled(
  request: FastifyRequest,
  login: string | null,
  method: SignInMethod,
  retryAfterSeconds: number,
  extra: Record<string, unknown> = {},
) {
  await request.audit('session.sign_in_failed', {
    outcome: 'failure',
    actor: { id: null, name: login, via: 'anonymous' },
    details: { method, reason: 'throttled', retry_after: retryAfterSeconds, ...extra },
  });
}

/** Whether an error from a sign-in is a refusal worth a line (wrong password, locked, bad code …), not bad input. */
export function isSignInRefusal(error: unknown): boolean {
  return error instanceof AppError && (error.code.startsWith('auth.') || error.code.startsWith('identity.'));
}
