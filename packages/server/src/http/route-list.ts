// Every route and how it authenticates, recorded as routes register.
import type { FastifyInstance } from 'fastify';
import type { AuthMode } from '../auth/plugin.ts';

export interface RouteSummary {
  method: string;
  url: string;
  auth: AuthMode | undefined;
}

/**
 * Every route and how it authenticates, as routes register: the permission matrix and route-auth
 * tests walk this list. Made before any route registers.
 */
export function recordRoutes(app: Pick<FastifyInstance, 'addHook'>): RouteSummary[] {
  // The API reference (http/api-docs.ts) is public.
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) route.config = { ...route.config, auth: 'public' };
  });
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, auth: (route.config)?.auth });
    }
  });
  return routes;
}
