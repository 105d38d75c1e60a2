// List endpoints answer a plain JSON array, as Zealot clients expect, and put the totals in
// headers: X-Total-Count, X-Total-Pages, X-Page, X-Per-Page and an RFC 8288 Link header.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PER_PAGE_DEFAULT } from './schemas.ts';

export interface PageParams {
  page: number;
  perPage: number;
}

export function pageParams(query: { page?: number | undefined; per_page?: number | undefined }): PageParams {
  return { page: query.page ?? 1, perPage: query.per_page ?? PER_PAGE_DEFAULT };
}

export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { page: number; perPage: number; total: number },
): void {
  const totalPages = Math.max(1, Math.ceil(page.total / page.perPage));
  reply.header('x-total-count', String(page.total));
  reply.header('x-total-pages', String(totalPages));
  reply.header('x-page', String(page.page));
  reply.header('x-per-page', String(page.perPage));
  const url = new URL(request.url, 'http://local');
  url.searchParams.delete('token');
  const link = (rel: string, target: number) => {
    url.searchParams.set('page', String(target));
    url.searchParams.set('per_page', String(page.perPage));
    return `<${url.pathname}?${url.searchParams.toString()}>; rel="${rel}"`;
  };
  const links = [link('first', 1), link('last', totalPages)];
  if (page.page > 1) links.push(link('prev', Math.min(page.page - 1, totalPages)));
  if (page.page < totalPages) links.push(link('next', page.page + 1));
  reply.header('link', links.join(', '));
}
