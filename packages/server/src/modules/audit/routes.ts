// /api/admin/audit-events: the audit log for global administrators (the screen /admin/audit):
// filtered pages, an export as CSV or JSON, and the list of actions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { authErrors } from '../../http/schemas.ts';
import { AUDIT_ACTIONS } from './actions.ts';
import type { AuditReader } from './reader.ts';
import { AuditActionsResponse, AuditEvent, ExportAuditEventsQuery, ListAuditEventsQuery } from './schemas.ts';

const tags = ['Audit log'];

export const auditRoutes: FastifyPluginAsyncTypebox<{ auditReader: AuditReader }> = async (app, { auditReader }) => {
  // A non-administrator gets 403 whatever they send, before the input is validated.
  const requireAdmin = async (request: FastifyRequest) => auditReader.assertCanRead(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };

  app.get(
    '/admin/audit-events',
    {
      ...adminOnly,
      schema: {
        operationId: 'listAuditEvents',
        tags,
        summary: 'The audit log',
        description: 'Administrators only. Lines newest first, filtered; totals in X-Total-Count. 422 for an unknown action, '
          + 'a date that is not ISO 8601, or `from` after `to`.',
        querystring: ListAuditEventsQuery,
        response: { 200: Type.Array(AuditEvent, { description: 'One page of lines.' }), ...authErrors(), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const result = await auditReader.page(actorOf(request), request.query, page, perPage);
      setPaginationHeaders(request, reply, result);
      return result.items;
    },
  );

  app.get(
    '/admin/audit-events/export',
    {
      ...adminOnly,
      schema: {
        operationId: 'exportAuditEvents',
        tags,
        summary: 'Export the audit log',
        description: 'Administrators only. Every line matching the filters (as the list takes them), oldest first, as a CSV or JSON '
          + 'file download, streamed. CSV cells that start with = + - or @ are prefixed with \' so a spreadsheet shows them as text.',
        querystring: ExportAuditEventsQuery,
        produces: ['text/csv', 'application/json'],
        response: {
          200: Type.String({ description: 'The file: CSV with a header row, or a JSON array of lines.' }),
          ...authErrors(),
          422: Type.Ref('ValidationErrorResponse'),
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'csv';
      const batches = auditReader.batches(actorOf(request), request.query);
      const { exportStream } = await import('./export.ts');
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="tarmac-audit-${day}.${format}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(exportStream(batches, format));
    },
  );

  app.get(
    '/admin/audit-events/actions',
    {
      ...adminOnly,
      schema: {
        operationId: 'listAuditActions',
        tags,
        summary: 'The actions of the audit log',
        description: 'Administrators only. Every action the audit log records, for a filter.',
        response: { 200: AuditActionsResponse, ...authErrors() },
      },
    },
    async () => [...AUDIT_ACTIONS],
  );
};
