// Page sizes from the settings (docs/settings.md): every route whose query has `per_page` gets,
// after validation, the site's `per_page` when the request names none, and a 422 when it asks for
// more than the site's `max_per_page`. The query schema's own maximum (PER_PAGE_CEILING) stays the
// hard limit. A route whose schema gives per_page a default of its own (the Zealot-compatible
// versions list) keeps that default; the maximum applies to it too.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ValidationError, fieldIssue } from '../errors.ts';

export interface PageSizes {
  per_page: number;
  max_per_page: number;
}

function hasPerPage(querystring: unknown): boolean {
  const properties = (querystring as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && Object.hasOwn(properties, 'per_page');
}

/** Adds the page-size check to every route registered after this call whose query names per_page. */
export function applyPageSizes(app: Pick<FastifyInstance, 'addHook'>, read: () => Promise<PageSizes>): void {
  const check: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const query = request.query as { per_page?: number } | undefined;
    if (!query || typeof query !== 'object') return;
    const sizes = await read();
    if (query.per_page === undefined) {
      query.per_page = sizes.per_page;
      return;
    }
    if (query.per_page > sizes.max_per_page) {
      const max = sizes.max_per_page;
      throw new ValidationError({ per_page: [fieldIssue('too_large', `must be at most ${max}`, { max })] });
    }
  };
  app.addHook('onRoute', (route) => {
    if (!hasPerPage(route.schema?.querystring)) return;
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [check, ...existing];
  });
}
