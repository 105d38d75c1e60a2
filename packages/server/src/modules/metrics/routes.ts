// GET /metrics, outside /api, in Prometheus's text format; hidden from the API reference.
// config.auth is 'public' (no user credentials are read): TARMAC_METRICS_TOKEN, when set, is
// checked here instead (401 without it). app.ts imports this file only when TARMAC_METRICS is on.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { UnauthorizedError } from '../../errors.ts';
import { bearerOf, routeLabel, tokenMatches } from './fns.ts';
import type { Metrics } from './service.ts';

interface Options {
  metrics: Metrics;
  /** TARMAC_METRICS_TOKEN; undefined: no token asked. */
  token: string | undefined;
}

/**
 * Counts and times every answered request under its route pattern. Added on the root instance
 * before any route or the not-found handler registers, so each of them runs it.
 */
export function observeRequests(app: Pick<FastifyInstance, 'addHook'>, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request.routeOptions.url, !request.is404);
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export const metricsRoutes: FastifyPluginAsync<Options> = async (app, { metrics, token }) => {
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !tokenMatches(bearerOf(request.headers.authorization), token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedError('Unauthorized metrics token: send Authorization: Bearer <TARMAC_METRICS_TOKEN>');
    }
    const body = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
  });
};
