// /api/admin/zealot-import: what `tarmac import zealot` did, for global administrators (the admin
// screen /admin/zealot-import). Registered at startup, so it imports none of the importer itself.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { authErrors } from '../../http/schemas.ts';
import { ListZealotImportRowsQuery, ZealotImportRow, ZealotImportSummary } from './schemas.ts';
import type { ZealotImportService } from './service.ts';

const tags = ['Zealot import'];

type Options = { zealotImportService: ZealotImportService };

export const zealotImportRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { zealotImportService }) => {
  // A non-administrator gets 403 whatever they send, before the input is validated.
  const requireAdmin = async (request: FastifyRequest) => zealotImportService.assertCanRead(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };

  app.get(
    '/admin/zealot-import',
    {
      ...adminOnly,
      schema: {
        operationId: 'getZealotImport',
        tags,
        summary: 'What the Zealot import did',
        description: 'Administrators only. Whether anything was imported, when, and per Zealot table how many rows were imported, merged, '
          + 'skipped or refused (every run of `tarmac import zealot` together).',
        response: { 200: ZealotImportSummary, ...authErrors() },
      },
    },
    async (request) => zealotImportService.summary(actorOf(request)),
  );

  app.get(
    '/admin/zealot-import/rows',
    {
      ...adminOnly,
      schema: {
        operationId: 'listZealotImportRows',
        tags,
        summary: 'The Zealot rows not simply imported',
        description: 'Administrators only. Rows merged, skipped or refused, and imported rows that carry a detail (such as a missing file), '
          + 'newest first; totals in X-Total-Count.',
        querystring: ListZealotImportRowsQuery,
        response: { 200: Type.Array(ZealotImportRow, { description: 'One page of the rows.' }), ...authErrors(), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const { outcome, table } = request.query;
      const result = await zealotImportService.rows(actorOf(request), { outcome, table }, page, perPage);
      setPaginationHeaders(request, reply, result);
      return result.items.map((row) => ({
        table: row.source_table,
        source_id: row.source_id,
        target_id: row.target_id,
        outcome: row.outcome,
        detail: row.detail,
        created_at: row.created_at,
        link: row.link,
      }));
    },
  );
};
