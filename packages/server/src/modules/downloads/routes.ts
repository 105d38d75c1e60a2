// Public file routes outside /api, on Zealot's paths (its SDKs and third-party updaters use them):
//   GET|HEAD /download/releases/:id             → 302 to …/:id/<file name> (keeping ?grant=)
//   GET|HEAD /download/releases/:id/<file name> → the file: Range, validators, Content-Disposition
//   GET|HEAD /channels/:slug/releases/:id/install → the iOS install manifest (plist)
// Updaters HEAD the first URL, follow the redirect and take the extension from the final
// URL, so that URL ends in the file name. Both download steps check the channel's access
// rules; a caller without access is sent to the release page, where the password form is.
// HTTP only: the rules are in service.ts, the header rules in fns.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors.ts';
import { callerOf, linkGrant } from '../access/http.ts';
import type { AccessService } from '../access/service.ts';
import { contentDisposition, ifRangeAllows, noneMatch, parseRange, parseReleaseId } from './fns.ts';
import { errorPlistXml, installManifestXml } from './plist.ts';
import { GUARDED_RELEASE, NOT_FOUND_RELEASE } from './service.ts';
import type { CallerFor, DownloadFile, DownloadsService } from './service.ts';

interface Options {
  downloadsService: DownloadsService;
  accessService: AccessService;
}

/** A `grant` parameter worth passing on: the shape of a grant token, nothing longer. */
const GRANT_SHAPE = /^[A-Za-z0-9._-]{1,200}$/;
const XML = 'text/xml; charset=utf-8';
// 'optional': a signed-in collaborator passes a channel password. Not in the API reference.
const routeOptions = { config: { auth: 'optional' as const }, schema: { hide: true } };

function param(request: FastifyRequest, name: string): unknown {
  return (request.params as Record<string, unknown>)[name];
}

function callersOf(request: FastifyRequest): CallerFor {
  return (channelId) => callerOf(request, channelId);
}

function givenGrant(request: FastifyRequest): string | undefined {
  const grant = (request.query as Record<string, unknown> | undefined)?.grant;
  return typeof grant === 'string' && GRANT_SHAPE.test(grant) ? grant : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The headers every answer about the file carries. */
function fileHeaders(reply: FastifyReply, file: DownloadFile): void {
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', file.etag)
    .header('last-modified', file.lastModified.toUTCString())
    // Per caller (a protected channel's file must not sit in a shared cache), revalidated by ETag.
    .header('cache-control', 'private, no-cache');
}

export const downloadsRoutes: FastifyPluginAsync<Options> = async (app, { downloadsService, accessService }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/download/releases/:id',
    ...routeOptions,
    async handler(request, reply) {
      const id = parseReleaseId(param(request, 'id'));
      if (id === undefined) throw new NotFoundError(NOT_FOUND_RELEASE);
      const opened = await downloadsService.open(id, callersOf(request));
      reply.header('cache-control', 'no-store');
      if (opened.access === 'password') return reply.redirect(request.urls.release(opened.found.channel.slug, id), 302);
      const grant = givenGrant(request);
      const target = `${request.urls.download(id)}/${encodeURIComponent(opened.file.filename)}${grant ? `?grant=${grant}` : ''}`;
      return reply.redirect(target, 302);
    },
  });

  // The name in the path is whatever the redirect gave (or a client kept): the file is the
  // release's either way, and Content-Disposition says the name. A wildcard, so a long name
  // is not cut off by the router's parameter length limit.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/download/releases/:id/*',
    ...routeOptions,
    async handler(request, reply) {
      const id = parseReleaseId(param(request, 'id'));
      if (id === undefined) throw new NotFoundError(NOT_FOUND_RELEASE);
      const opened = await downloadsService.open(id, callersOf(request));
      if (opened.access === 'password') {
        return reply.header('cache-control', 'no-store').redirect(request.urls.release(opened.found.channel.slug, id), 302);
      }
      const { file } = opened;
      fileHeaders(reply, file);
      if (noneMatch(header(request, 'if-none-match'), file.etag)) return reply.code(304).send();

      const rangeHeader = ifRangeAllows(header(request, 'if-range'), file.etag, file.lastModified) ? header(request, 'range') : undefined;
      const range = parseRange(rangeHeader, file.size);
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .type('text/plain; charset=utf-8')
          .send(`Range not satisfiable: the file has ${file.size} bytes.`);
      }
      const partial = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
      // Opened before the file's headers are set, so a file gone since open() is a clean 404.
      // HEAD sends the headers alone; an empty file has nothing to read.
      const body = request.method === 'HEAD' || file.size === 0 ? undefined : await downloadsService.read(file, partial);
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(partial ? partial.end - partial.start + 1 : file.size));
      if (partial) reply.code(206).header('content-range', `bytes ${partial.start}-${partial.end}/${file.size}`);
      // Fastify keeps Content-Length on a HEAD answer without a body.
      if (request.method === 'HEAD') return reply.send();

      // A download counts once its last byte is handed to the network: the whole file, or a
      // range reaching the end (a resumed download). An abandoned transfer never 'finish'es.
      if (!partial || partial.end === file.size - 1) {
        reply.raw.once('finish', () => {
          downloadsService.countDownload(id).catch((error: unknown) => request.log.error({ err: error, releaseId: id }, 'could not count a download'));
        });
      }
      return reply.send(body ?? '');
    },
  });

  // Zealot's manifest path; the `:slug` part is the channel's slug or (as Zealot took) its id.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/channels/:slug/releases/:id/install',
    ...routeOptions,
    async handler(request, reply) {
      reply.header('content-type', XML).header('cache-control', 'no-store');
      const id = parseReleaseId(param(request, 'id'));
      const channel = param(request, 'slug');
      let outcome: Awaited<ReturnType<DownloadsService['manifest']>>;
      try {
        if (id === undefined || typeof channel !== 'string') throw new NotFoundError(NOT_FOUND_RELEASE);
        outcome = await downloadsService.manifest(id, channel, callersOf(request));
      } catch (error) {
        if (error instanceof NotFoundError) return reply.code(404).send(errorPlistXml(error.message));
        throw error;
      }
      if (outcome.access === 'password') return reply.code(403).send(errorPlistXml(GUARDED_RELEASE));

      const { release, channel: placement } = outcome.found;
      // The installer carries no cookie: its links hold the caller's grant (a valid one they sent, or a fresh one).
      const grant = linkGrant(accessService, request, placement);
      const body = installManifestXml({
        packageUrl: request.urls.download(release.id, grant),
        iconUrl: release.icon_key ? request.urls.icon(release.id, grant) : null,
        bundleId: release.bundle_id ?? '',
        bundleVersion: release.release_version ?? '',
        // Zealot's title: "<app> <scheme> <channel>", as the API's app_name.
        title: `${placement.app_name} ${placement.scheme_name} ${placement.name}`,
      });
      if (request.method === 'GET') {
        downloadsService.countInstall(release.id).catch((error: unknown) => request.log.error({ err: error, releaseId: release.id }, 'could not count an install'));
      }
      return reply.send(body);
    },
  });
};
