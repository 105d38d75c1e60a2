// request.audit(action, …): records an audit line with the request's actor (the signed-in
// account or token, else anonymous), IP, user agent and request id filled in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction } from './actions.ts';
import type { AuditActor, AuditEntry, AuditLog, AuditOrigin } from './service.ts';

export type RequestAuditEntry = Omit<AuditEntry, 'action' | 'actor' | 'origin'> & {
  /** Who acted, when not the request's signed-in account (a failed sign-in names the login tried). */
  actor?: AuditActor;
};

declare module 'fastify' {
  interface FastifyRequest {
    audit: (action: AuditAction, entry?: RequestAuditEntry) => Promise<void>;
  }
}

/** The signed-in account (or API token) of the request, else an anonymous caller. */
export function requestActor(request: FastifyRequest): AuditActor {
  const auth = request.auth;
  if (!auth) return { id: null, name: null, via: 'anonymous' };
  return { id: auth.userId, name: auth.user.username, via: auth.via };
}

export function requestOrigin(request: FastifyRequest): AuditOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null, requestId: String(request.id) };
}

export const auditPlugin = fp<{ auditLog: AuditLog }>(async (app: FastifyInstance, { auditLog }) => {
  app.decorateRequest('audit', function (this: FastifyRequest, action: AuditAction, entry: RequestAuditEntry = {}) {
    return auditLog.record({ ...entry, action, actor: entry.actor ?? requestActor(this), origin: requestOrigin(this) });
  });
});
