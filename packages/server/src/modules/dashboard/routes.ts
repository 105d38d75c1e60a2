// GET /api/dashboard: the counts and recent uploads on the web app's first screen.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../auth/plugin.ts';
import { authErrors } from '../../http/schemas.ts';
import { DashboardResponse, toDashboardResponse } from './schemas.ts';
import type { DashboardService } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncTypebox<{ dashboardService: DashboardService }> = async (app, { dashboardService }) => {
  app.get(
    '/dashboard',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getDashboard',
        tags: ['Dashboard'],
        summary: 'Counts and recent uploads',
        description:
          'Apps, releases, debug files, storage used and the ten newest uploads the caller can see; administrators also get the number of users.',
        response: { 200: DashboardResponse, ...authErrors() },
      },
    },
    async (request) => toDashboardResponse(await dashboardService.summary(actorOf(request)), request.urls),
  );
};
