// Public file routes outside /api. A build's public paths carry its channel's slug, so a
// release id alone finds nothing (counting ids must not reach every open build):
//   GET|HEAD /<slug>/<id>/download             → 302 to /<slug>/<id>/download/<file name> (keeping ?grant=)
//   GET|HEAD /<slug>/<id>/download/<file name> → the file: Range, validators, Content-Disposition
//   GET|HEAD /<slug>/<id>/icon.png             → the build's icon
//   GET|HEAD /channels/:slug/releases/:id/install → the iOS install manifest (plist); 409 with the
//                                                   reason for a build whose profile or certificate expired
// A release id under another channel's slug is the same 404 as a missing one. Zealot's
// id-only paths stay for callers entitled to the channel (a signed-in team member, a grant
// holder; modules/access); anyone else gets 404 Record not found, never a redirect naming a slug:
//   GET|HEAD /download/releases/:id             → 302 to the slugged file URL (with a grant for a guarded channel)
//   GET|HEAD /download/releases/:id/<file name> → the file
// A Zealot build id that an import remapped (not Tarmac's own in that channel, or on the id-only
// paths not Tarmac's at all) is a 301 to the same path with the id it became (modules/zealot-links).
// Updaters HEAD the download URL, follow the redirect and take the extension from the final
// URL, so that URL ends in the file name. Every step checks the channel's access rules; on a
// slugged path a caller without access is sent to the release page, where the password form is.
// HTTP only: the rules are in service.ts, the header rules in fns.ts.
import type { Events } from '../../events/types.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { callerOf, linkGrant } from '../access/http.ts';
import type { AccessService } from '../access/service.ts';
import type { Clock } from '../../clock.ts';
import { buildProblems, problemsText } from '../releases/installability.ts';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../channels/fns.ts';
import { contentDisposition, ifRangeAllows, noneMatch, parseRange, parseReleaseId } from './fns.ts';
import { errorPlistXml, installManifestXml } from './plist.ts';
import { GUARDED_RELEASE, NOT_FOUND_RELEASE, NOT_FOUND_RECORD } from './service.ts';
import type { CallerFor, DownloadFile, DownloadsService } from './service.ts';
import type { Meter } from '../metrics/types.ts';
import { ID_IN_PATH, withNewId } from '../zealot-links/fns.ts';
import type { ZealotLinks } from '../zealot-links/service.ts';
import type { PublicRelease } from '../access/service.ts';

/**
 * release.download_protected: the file of a build in a password-protected channel is fetched (a GET
 * from its first byte: not a HEAD, nor each further range of one download). Open channels are not
 * logged, or the log would drown.
 */
async function auditProtected(request: FastifyRequest, found: PublicRelease): Promise<void> {
  if (!found.channel.guarded || request.method !== 'GET') return;
  const range = request.headers.range;
  if (typeof range === 'string' && !/^bytes=0-/.test(range.trim())) return;
  const { release, channel } = found;
  await request.audit('release.download_protected', {
    target: { type: 'release', id: release.id, name: [release.name, release.release_version].filter(Boolean).join(' ') || null },
    details: {
      channel: channel.slug, channel_id: channel.id, release_version: release.release_version, build_version: release.build_version,
    },
  });
}

interface Options {
  downloadsService: DownloadsService;
  accessService: AccessService;
  /** The time profiles and certificates expire against. */
  clock: Pick<Clock, 'nowMs'>;
  /** Where a finished download is announced (webhooks with the download event). */
  events: Pick<Events, 'emit'>;
  /** GET /metrics's byte counter; undefined when TARMAC_METRICS is off. */
  meter?: Pick<Meter, 'downloaded'> | undefined;
  /** Where a Zealot build id an import remapped went. */
  zealotLinks?: Pick<ZealotLinks, 'movedRelease' | 'movedReleaseById'>;
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

/** The `:slug` and `:id` of a slugged path: undefined for a reserved first segment (a path of the server or web app). */
function sluggedParams(request: FastifyRequest): { slug: string; id: number } | undefined {
  const slug = param(request, 'slug');
  if (typeof slug !== 'string' || RESERVED_SLUGS.has(slug.toLowerCase())) return undefined;
  const id = parseReleaseId(param(request, 'id'));
  if (id === undefined || !SLUG_PATTERN.test(slug)) throw new NotFoundError(NOT_FOUND_RELEASE, 'release.not_found');
  return { slug, id };
}

/** Sends the file, or the part of it the Range asks for; counts a download that reaches its last byte. */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { downloadsService, meter }: Pick<Options, 'downloadsService' | 'meter'>,
  file: DownloadFile,
  onDownloaded: () => Promise<void>,
): Promise<FastifyReply> {
  const id = file.releaseId;
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
  // The whole file, or a range reaching the end (a resumed download), counts as one download.
  const completes = !partial || partial.end === file.size - 1;
  const location = request.method === 'GET' ? await downloadsService.redirectUrl(file) : undefined;
  if (location !== undefined) return redirectToStore(request, reply, downloadsService, file, { location, completes, onDownloaded });
  const handOff = request.method === 'GET' && file.size > 0 ? downloadsService.handOff(file) : undefined;
  // Opened before the file's headers are set, so a file gone since open() is a clean 404.
  // HEAD sends the headers alone; an empty file has nothing to read; a proxy reads a handed-off one.
  const body = request.method === 'HEAD' || file.size === 0 || handOff ? undefined : await downloadsService.read(file, partial);
  const length = partial ? partial.end - partial.start + 1 : file.size;
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff');
  // A download counts once its last byte is handed to the network: the whole file, or a
  // range reaching the end (a resumed download). An abandoned transfer never 'finish'es.
  // Handed to the proxy (TARMAC_DOWNLOAD_ACCEL), it counts once the proxy has it: Tarmac
  // sees no more of it. The proxy answers the Range from the request itself.
  const finished = () => {
    meter?.downloaded(length);
    if (completes) countDownload(request, downloadsService, id, onDownloaded);
  };
  if (handOff) {
    reply.raw.once('finish', finished);
    return reply.header(handOff.name, handOff.value).send('');
  }
  reply.header('content-length', String(length));
  if (partial) reply.code(206).header('content-range', `bytes ${partial.start}-${partial.end}/${file.size}`);
  // Fastify keeps Content-Length on a HEAD answer without a body.
  if (request.method === 'HEAD') return reply.send();
  reply.raw.once('finish', finished);
  return reply.send(body ?? '');
}

/** One more download of the release, and its event. */
function countDownload(request: FastifyRequest, downloadsService: DownloadsService, id: number, onDownloaded: () => Promise<void>): void {
  downloadsService.countDownload(id).catch((error: unknown) => request.log.error({ err: error, releaseId: id }, 'could not count a download'));
  void onDownloaded();
}

/**
 * A GET sent to the store (S3 with TARMAC_S3_DOWNLOADS=redirect): a 302 to a short-lived URL
 * whose answer names the file; the client asks the store for its Range itself. The download is
 * counted here, once, as the redirect is sent (the bytes never pass through Tarmac). HEAD is
 * answered by Tarmac as when it sends the bytes: a presigned URL is signed for GET only.
 */
function redirectToStore(
  request: FastifyRequest,
  reply: FastifyReply,
  downloadsService: DownloadsService,
  file: DownloadFile,
  { location, completes, onDownloaded }: { location: string; completes: boolean; onDownloaded: () => Promise<void> },
): FastifyReply {
  // Counted once the redirect is handed to the network.
  if (completes) reply.raw.once('finish', () => countDownload(request, downloadsService, file.releaseId, onDownloaded));
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

const moved = (reply: FastifyReply, location: string) => reply.header('cache-control', 'no-store').redirect(location, 301);

export const downloadsRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { downloadsService, accessService, clock, events, meter, zealotLinks } = options;
  /** Zealot's id-only paths: a NotFound for an id Tarmac has no build of, but a Zealot build had. */
  async function movedById(request: FastifyRequest, reply: FastifyReply, id: number | undefined, error: unknown) {
    const place = error instanceof NotFoundError && id !== undefined ? await zealotLinks?.movedReleaseById(id) : null;
    if (!place) throw error;
    return moved(reply, withNewId(request.url, ID_IN_PATH.download, place.releaseId));
  }
  type OpenedById = Awaited<ReturnType<DownloadsService['openById']>>;
  /** Opens the build an id-only path names, or answers the 301 to where a remapped Zealot id went (`null`: answered). */
  async function openById(request: FastifyRequest, reply: FastifyReply): Promise<{ id: number; opened: OpenedById } | null> {
    const id = parseReleaseId(param(request, 'id'));
    try {
      if (id === undefined) throw new NotFoundError(NOT_FOUND_RECORD, 'release.not_found');
      return { id, opened: await downloadsService.openById(id, callersOf(request)) };
    } catch (error) {
      await movedById(request, reply, id, error);
      return null;
    }
  }
  const downloadedBy = (request: FastifyRequest, channelId: number, releaseId: number) => () =>
    events.emit({ kind: 'download', channelId, releaseId, actorId: request.auth?.userId ?? null, baseUrl: request.urls.base });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/:slug/:id/download',
    ...routeOptions,
    async handler(request, reply) {
      const target = sluggedParams(request);
      if (!target) return reply.callNotFound();
      const opened = await downloadsService.open(target.id, target.slug, callersOf(request));
      const slug = opened.found.channel.slug;
      reply.header('cache-control', 'no-store');
      if (opened.access === 'password') return reply.redirect(request.urls.release(slug, target.id), 302);
      // A guarded channel's file URL carries the caller's grant (held, or fresh for a signed-in
      // team member), so a `?token=` link downloads in one go; otherwise a given grant goes along.
      const grant = linkGrant(accessService, request, opened.found.channel) ?? givenGrant(request);
      return reply.redirect(request.urls.file(slug, target.id, opened.file.filename, grant), 302);
    },
  });

  // The name in the path is whatever the redirect gave (or a client kept): the file is the
  // release's either way, and Content-Disposition says the name. A wildcard, so a long name
  // is not cut off by the router's parameter length limit.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/:slug/:id/download/*',
    ...routeOptions,
    async handler(request, reply) {
      const target = sluggedParams(request);
      if (!target) return reply.callNotFound();
      const opened = await downloadsService.open(target.id, target.slug, callersOf(request));
      if (opened.access === 'password') {
        return reply.header('cache-control', 'no-store').redirect(request.urls.release(opened.found.channel.slug, target.id), 302);
      }
      await auditProtected(request, opened.found);
      return sendFile(request, reply, { downloadsService, meter }, opened.file, downloadedBy(request, opened.found.channel.id, target.id));
    },
  });

  app.route({
    method: 'GET',
    url: '/:slug/:id/icon.png',
    ...routeOptions,
    async handler(request, reply) {
      const target = sluggedParams(request);
      if (!target) return reply.callNotFound();
      const icon = await downloadsService.icon(target.id, target.slug, callersOf(request));
      if (icon.access === 'password') throw new ForbiddenError(GUARDED_RELEASE, 'release.password_required');
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(icon.body);
    },
  });

  // Zealot's id-only paths, for callers entitled to the channel. The redirect goes to the
  // slugged file URL, with a grant for a guarded channel, so it works without the caller's
  // token or cookie (a `?token=` is not carried into a Location).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/download/releases/:id',
    ...routeOptions,
    async handler(request, reply) {
      const byId = await openById(request, reply);
      if (!byId) return reply;
      const { id, opened: { file, found } } = byId;
      const grant = linkGrant(accessService, request, found.channel);
      return reply.header('cache-control', 'no-store').redirect(request.urls.file(found.channel.slug, id, file.filename, grant), 302);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/download/releases/:id/*',
    ...routeOptions,
    async handler(request, reply) {
      const byId = await openById(request, reply);
      if (!byId) return reply;
      const { id, opened: { file, found } } = byId;
      await auditProtected(request, found);
      return sendFile(request, reply, { downloadsService, meter }, file, downloadedBy(request, found.channel.id, id));
    },
  });

  // Zealot's manifest path; the `:slug` part is the channel's slug or (as Zealot took, for an entitled caller) its id.
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
        if (id === undefined || typeof channel !== 'string') throw new NotFoundError(NOT_FOUND_RELEASE, 'release.not_found');
        outcome = await downloadsService.manifest(id, channel, callersOf(request));
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        const place = id !== undefined && typeof channel === 'string' ? await zealotLinks?.movedRelease(id, channel) : null;
        if (place) return moved(reply, withNewId(request.url, ID_IN_PATH.release, place.releaseId));
        return reply.code(404).send(errorPlistXml(error.message));
      }
      if (outcome.access === 'password') return reply.code(403).send(errorPlistXml(GUARDED_RELEASE));

      const { release, channel: placement } = outcome.found;
      // A build no device can install (expired profile or certificate) gets no manifest: iOS
      // would download it and fail without saying why.
      const problems = buildProblems(release, clock.nowMs());
      if (problems.length > 0) return reply.code(409).send(errorPlistXml(problemsText(problems)));
      // The installer carries no cookie: its links hold the caller's grant (a valid one they sent, or a fresh one).
      const grant = linkGrant(accessService, request, placement);
      const body = installManifestXml({
        packageUrl: request.urls.download(placement.slug, release.id, grant),
        iconUrl: release.icon_key ? request.urls.icon(placement.slug, release.id, grant) : null,
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
