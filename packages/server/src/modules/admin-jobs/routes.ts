// /api/admin/jobs: the background jobs, for global administrators (the admin screen /admin/jobs).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { authErrors, MessageResponse, PER_PAGE_DEFAULT } from '../../http/schemas.ts';
import { JobCountsResponse, JobIdParams, JobResponse, ListJobsQuery, toJobResponse } from './schemas.ts';
import type { AdminJobsService } from './service.ts';

const tags = ['Jobs'];
const notFound = { 404: Type.Ref('ErrorResponse', { description: 'No waiting or failed job has this id.' }) };
const running = { 409: Type.Ref('ErrorResponse', { description: 'The job is running now.' }) };

export const adminJobsRoutes: FastifyPluginAsyncTypebox<{ adminJobsService: AdminJobsService }> = async (app, { adminJobsService }) => {
  // A non-administrator gets 403 whatever they send, before the input is validated.
  const requireAdmin = async (request: FastifyRequest) => adminJobsService.assertCanManage(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };

  app.get(
    '/admin/jobs',
    {
      ...adminOnly,
      schema: {
        operationId: 'listJobs',
        tags,
        summary: 'Background jobs in one state',
        description: 'Administrators only. Waiting jobs soonest first, failed and done jobs latest first; totals in X-Total-Count.',
        querystring: ListJobsQuery,
        response: { 200: Type.Array(JobResponse, { description: 'One page of the jobs in that state.' }), ...authErrors(), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request, reply) => {
      const { state, page = 1, per_page: perPage = PER_PAGE_DEFAULT } = request.query;
      const result = await adminJobsService.list({ actor: actorOf(request), state, page, perPage });
      setPaginationHeaders(request, reply, result);
      return result.items.map(toJobResponse);
    },
  );

  app.get(
    '/admin/jobs/counts',
    {
      ...adminOnly,
      schema: {
        operationId: 'countJobs',
        tags,
        summary: 'Background jobs per state',
        description: 'Administrators only.',
        response: { 200: JobCountsResponse, ...authErrors() },
      },
    },
    async (request) => adminJobsService.counts(actorOf(request)),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      ...adminOnly,
      schema: {
        operationId: 'retryJob',
        tags,
        summary: 'Run a failed or waiting job again now',
        description: 'Administrators only. Its attempts start again from 0.',
        params: JobIdParams,
        response: { 200: MessageResponse, ...authErrors(), ...notFound, ...running, 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request) => {
      await adminJobsService.retry(actorOf(request), request.params.id);
      return { message: 'OK' as const };
    },
  );

  app.delete(
    '/admin/jobs/:id',
    {
      ...adminOnly,
      schema: {
        operationId: 'discardJob',
        tags,
        summary: 'Discard a failed or waiting job',
        description: 'Administrators only. A running job cannot be discarded (409).',
        params: JobIdParams,
        response: { 200: MessageResponse, ...authErrors(), ...notFound, ...running, 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request) => {
      await adminJobsService.discard(actorOf(request), request.params.id);
      return { message: 'OK' as const };
    },
  );
};
