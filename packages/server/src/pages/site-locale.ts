// The site's language (the default_locale setting) as a request comes, for the public pages:
// a changed setting applies to the next page without a restart. `?lang=` and Accept-Language
// still come first (pages/locale.ts); this is only the last choice.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageLocale } from './locale.ts';

/** Reads the site's language now. Never fails: a page is still served when the database cannot answer. */
export type SiteLocale = (request: FastifyRequest) => Promise<PageLocale>;

/** `read` (the settings service's default_locale), or `fallback` (TARMAC_DEFAULT_LOCALE) when it fails. */
export function siteLocaleReader(read: () => Promise<PageLocale>, fallback: PageLocale): SiteLocale {
  return async (request) => {
    try {
      return await read();
    } catch (error) {
      request.log.warn({ err: error }, 'the default_locale setting could not be read; the start-up default applies');
      return fallback;
    }
  };
}

/**
 * For a plugin whose pages pick their language synchronously: reads the site's language once per
 * request (a preHandler hook in this plugin only) and returns the per-request answer.
 */
export function siteLocaleOfRequests(app: FastifyInstance, siteLocale: SiteLocale, fallback: PageLocale) {
  const of = new WeakMap<FastifyRequest, PageLocale>();
  app.addHook('preHandler', async (request) => {
    of.set(request, await siteLocale(request));
  });
  return (request: FastifyRequest): PageLocale => of.get(request) ?? fallback;
}
