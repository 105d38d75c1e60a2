// Debug files over HTTP. Three plugins, one per scope of src/app.ts:
//   debugFilesRoutes        /api/debug_files …: list, get, delete, lookup by UUID, Zealot's download (302)
//   debugFileUploadRoutes   POST /api/debug_files/upload, streamed like POST /api/apps/upload
//   debugFileFileRoutes     GET|HEAD /download/debug_files/:id[/<name>]: the stored zip, for the
//                           app's team or through a signed, expiring link (never by id alone);
//                           a Zealot id an import remapped (not Tarmac's) is a 301 to the new id
// HTTP only; the rules are in service.ts.
import type { Events } from '../../events/types.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ID_IN_PATH, withNewId } from '../zealot-links/fns.ts';
import type { ZealotLinks } from '../zealot-links/service.ts';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { isRowId } from '../../db/row-id.ts';
import type { Actor } from '../../auth/policy.ts';
import { NotFoundError } from '../../errors.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { authErrors, IdParams, MessageResponse, PER_PAGE_DEFAULT } from '../../http/schemas.ts';
import type { ChannelPlacementRow } from '../releases/repository.ts';
import { contentDisposition, ifRangeAllows, noneMatch, parseRange, parseReleaseId } from '../downloads/fns.ts';
import type { TokensService } from '../tokens/service.ts';
import { keyedUploadErrors, keyedUploadRoute, withKeyedUpload } from '../uploads/keyed-upload.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from './fns.ts';
import { DebugFileResponse, DownloadDebugFileQuery, ListDebugFilesQuery, UploadDebugFileBody, UuidParams, UuidQuery, toDebugFileResponse } from './schemas.ts';
import type { DebugFilesService } from './service.ts';
import { FILE_NOT_AVAILABLE } from './types.ts';
import type { DebugFile } from './types.ts';

const tags = ['Debug files'];
const notFound = { 404: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

interface Options {
  debugFilesService: DebugFilesService;
}

/** The absolute signed link to a file's zip. */
function fileUrl(service: DebugFilesService, request: FastifyRequest, file: DebugFile): string {
  return request.urls.base + service.signedPath(file);
}

// The route options of debugFilesRoutes (what each route takes and answers, and its OpenAPI text), one per route.

const listDebugFiles = {
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'listDebugFiles',
    tags,
    summary: "List an app's debug files",
    description:
      "By `app_id` for the app's team (any collaborator, and global admins), or by `channel_key` without a token (Zealot's public list: " +
      "the channel's app, files of the channel's platform). Filters: device_type, release_version (every build of it, compared as versions), " +
      'build_version, uuid. A plain array, newest upload first (or `order=version`: highest version first); totals in the X-Total-Count and Link headers.',
    querystring: ListDebugFilesQuery,
    response: {
      200: Type.Array(DebugFileResponse, { description: "One page of the app's debug files." }),
      401: Type.Ref('ErrorResponse'), 403: Type.Ref('ErrorResponse'), ...notFound, ...invalid,
    },
  },
};

const downloadDebugFile = {
  config: { auth: 'public' as const },
  schema: {
    operationId: 'downloadDebugFile',
    tags,
    summary: 'Download the debug file of a build',
    description:
      "Zealot's call: no token, the channel key is the credential. The channel's app's file of the channel's platform for release_version " +
      '(required) and build_version (optional: any build of that release); with several, `order=version` (default) takes the highest build, ' +
      `\`order=upload_date\` the newest upload. Answers 302 to the zip (a signed link valid ${DOWNLOAD_LINK_TTL_SECONDS / 60} minutes), or 404 when none matches.`,
    querystring: DownloadDebugFileQuery,
    response: { 302: Type.Null({ description: 'Location: the zip.' }), 401: Type.Ref('ErrorResponse'), ...notFound, ...invalid },
  },
};

const findDebugFileByUuid = {
  config: { auth: 'user' as const },
  schema: {
    operationId: 'findDebugFileByUuid',
    tags,
    summary: 'Find the debug files holding a UUID',
    description:
      'What a crash reporter has in hand: a Mach-O slice UUID (LC_UUID, from the crash report\'s binary images) or a Proguard mapping id ' +
      "(Sentry's debug id or Zealot's), any case, with or without dashes. Answers every file holding it among the apps the caller " +
      'can see (every app for a global admin), newest upload first, as a plain array (totals in the X-Total-Count and Link headers); ' +
      'several when the same symbols were uploaded again in other bytes (a re-zipped dSYM) or for other versions (an unchanged mapping). ' +
      '404 when none holds it.',
    params: UuidParams,
    querystring: UuidQuery,
    response: {
      200: Type.Array(DebugFileResponse, { description: 'The debug files holding that UUID.' }),
      ...authErrors(), ...notFound, ...invalid,
    },
  },
};

const getDebugFile = {
  config: { auth: 'user' as const },
  schema: {
    operationId: 'getDebugFile',
    tags,
    summary: 'Get a debug file',
    description: "Any collaborator of the app, and global admins: the file, its entries (UUIDs, architectures, objects or Proguard files) and its linked build.",
    params: IdParams,
    response: { 200: DebugFileResponse, ...authErrors(), ...notFound },
  },
};

const deleteDebugFile = {
  config: { auth: 'user' as const },
  schema: {
    operationId: 'deleteDebugFile',
    tags,
    summary: 'Delete a debug file',
    description: "The app's developers and admins (other collaborators 403, outsiders 404); the stored zip is removed too. An archived app's files are kept (409).",
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, 409: Type.Ref('ErrorResponse') },
  },
};

export const debugFilesRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { debugFilesService }) => {
  const respond = (request: FastifyRequest, file: DebugFile) => toDebugFileResponse(file, fileUrl(debugFilesService, request, file));

  app.get('/debug_files', listDebugFiles, async (request, reply) => {
    const query = request.query;
    const result = await debugFilesService.list({
      actor: request.auth,
      appId: query.app_id,
      channelKey: query.channel_key,
      deviceType: query.device_type,
      releaseVersion: query.release_version,
      buildVersion: query.build_version,
      uuid: query.uuid,
      order: query.order ?? 'upload_date',
      page: query.page ?? 1,
      perPage: query.per_page ?? PER_PAGE_DEFAULT,
    });
    setPaginationHeaders(request, reply, result);
    return result.items.map((file) => respond(request, file));
  });

  // The channel key is the credential: checked before the query is validated (a bad key is 401 whatever else is sent).
  const channels = new WeakMap<FastifyRequest, ChannelPlacementRow>();
  const resolveKey = async (request: FastifyRequest) => {
    const key = (request.query as Record<string, unknown> | undefined)?.channel_key;
    channels.set(request, await debugFilesService.resolveChannel(typeof key === 'string' ? key : undefined));
  };
  app.get('/debug_files/download', { ...downloadDebugFile, preValidation: resolveKey }, async (request, reply) => {
    const placement = channels.get(request)!;
    const { release_version: releaseVersion, build_version: buildVersion, order } = request.query;
    const byVersion = order === 'version' || order === undefined;
    const file = await debugFilesService.findForDownload(placement, { releaseVersion, buildVersion, order: byVersion ? 'version' : 'upload_date' });
    return reply.header('cache-control', 'no-store').redirect(fileUrl(debugFilesService, request, file), 302);
  });

  app.get('/debug_files/uuid/:uuid', findDebugFileByUuid, async (request, reply) => {
    const result = await debugFilesService.findByUuid(actorOf(request), request.params.uuid, {
      appId: request.query.app_id,
      page: request.query.page ?? 1,
      perPage: request.query.per_page ?? PER_PAGE_DEFAULT,
    });
    setPaginationHeaders(request, reply, result);
    return result.items.map((file) => respond(request, file));
  });

  app.get('/debug_files/:id', getDebugFile, async (request) => respond(request, await debugFilesService.get(actorOf(request), request.params.id)));

  app.delete('/debug_files/:id', deleteDebugFile, async (request) => {
    const file = await debugFilesService.get(actorOf(request), request.params.id);
    const outcome = await debugFilesService.delete(actorOf(request), request.params.id);
    const details = {
      app_id: file.appId, app: file.appName, category: file.category,
      release_version: file.releaseVersion, build_version: file.buildVersion,
    };
    await request.audit('debug_file.delete', { target: { type: 'debug_file', id: file.id, name: file.fileName }, details });
    if (outcome.leftoverKeys.length > 0) request.log.warn({ keys: outcome.leftoverKeys }, 'stored debug file not removed');
    return { message: 'OK' as const };
  });
};

const FIELD_NAMES = new Set(['token', 'channel_key', 'release_version', 'build_version', 'keep_both']);

interface UploadOptions {
  debugFilesService: DebugFilesService;
  tokensService: Pick<TokensService, 'resolve'>;
  /** The storage's temp directory: the received zip is moved into the store from there. */
  tempDir: string;
  maxUploadBytes: number;
  /** Where a new debug file is announced (webhooks). */
  events: Pick<Events, 'emit'>;
}

export const debugFileUploadRoutes: FastifyPluginAsyncTypebox<UploadOptions> = async (app, options) => {
  const { debugFilesService, tokensService, tempDir, maxUploadBytes, events } = options;
  const authorize = (actor: Actor, channelKey: string) => debugFilesService.authorize(actor, channelKey);
  app.post(
    '/debug_files/upload',
    {
      ...keyedUploadRoute,
      schema: {
        operationId: 'uploadDebugFile',
        tags,
        summary: 'Upload a dSYM or Proguard zip',
        description:
          "Zealot-compatible (fastlane's zealot_debug_file, curl). multipart/form-data with the zip in `file` and a channel's key in `channel_key`: " +
          "you need to be one of the app's developers or admins. The kind is read from the content: a dSYM needs an iOS or macOS channel, " +
          'a Proguard mapping an Android one. Versions come from the fields, else from the dSYM (Info.plist) or the zip\'s AndroidManifest.xml; a ' +
          'Proguard mapping without them is 422. Answers 201 with the file, linked to the build with the same versions. ' +
          'The same zip again (same SHA-256) for the same app, platform and versions answers 201 with the file already stored, and stores nothing; a zip with ' +
          'UUIDs the app already has in other bytes (a re-zipped dSYM), or the same zip for other versions or platforms, is a new file. `keep_both` is accepted ' +
          'and changes nothing. A zip that is neither a dSYM nor a Proguard mapping is 422 saying what ' +
          'it holds; a file over TARMAC_MAX_UPLOAD_BYTES is 413.',
        consumes: ['multipart/form-data'],
        body: UploadDebugFileBody,
        response: { 201: DebugFileResponse, ...keyedUploadErrors() },
      },
    },
    async (request, reply) => {
      let uploader: Actor | undefined;
      const created = await withKeyedUpload(
        request,
        reply,
        { tokensService, tempDir, maxBytes: maxUploadBytes, fieldNames: FIELD_NAMES, authorize },
        (actor, { fields, file }) => {
          uploader = actor;
          return debugFilesService.upload({
            actor,
            // keep_both is taken (older scripts send it) and ignored.
            fields: { channelKey: fields.channel_key, releaseVersion: fields.release_version, buildVersion: fields.build_version },
            file: file && { path: file.path, size: file.size, sha256: file.sha256, filename: file.filename },
          });
        },
      );
      const { file, existing } = created;
      if (!existing) {
        await events.emit({
          kind: 'debug_file', appId: file.appId, debugFileId: file.id, channelId: file.channel?.id ?? null,
          releaseId: file.release?.id ?? null, actorId: uploader?.userId ?? null, baseUrl: request.urls.base,
        });
      }
      // Answered once the temporary file is gone (a repeat leaves it unused). 201 for a repeat
      // too: Zealot's create answers 201, and fastlane reads only the body.
      return reply.code(201).send(toDebugFileResponse(created.file, request.urls.base + debugFilesService.signedPath(created.file)));
    },
  );
};

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function queryValue(request: FastifyRequest, name: string): unknown {
  return (request.query as Record<string, unknown> | undefined)?.[name];
}

// 'optional': a signed-in member of the app's team opens the file; others need a signed link. Not in the API reference.
const fileRouteOptions = { config: { auth: 'optional' as const }, schema: { hide: true } };

interface FileOptions extends Options {
  /** Where a Zealot debug file id an import remapped went (modules/zealot-links). */
  zealotLinks?: Pick<ZealotLinks, 'movedDebugFileId'>;
}

export const debugFileFileRoutes: FastifyPluginAsync<FileOptions> = async (app, { debugFilesService, zealotLinks }) => {
  const callerOf = (request: FastifyRequest) => ({ actor: request.auth, expires: queryValue(request, 'expires'), signature: queryValue(request, 'signature') });
  async function open(request: FastifyRequest) {
    const id = parseReleaseId((request.params as Record<string, unknown>).id);
    if (id === undefined || !isRowId(id)) throw new NotFoundError(FILE_NOT_AVAILABLE, 'debug_file.not_available');
    return debugFilesService.openFile(id, callerOf(request));
  }
  /** For a debug file not found: a 301 when its id is a Zealot one the import remapped, else the 404. */
  async function movedOr(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    const id = parseReleaseId((request.params as Record<string, unknown>).id);
    const target = error instanceof NotFoundError && id !== undefined ? await zealotLinks?.movedDebugFileId(id) : null;
    if (target === null || target === undefined) throw error;
    return reply.header('cache-control', 'no-store').redirect(withNewId(request.url, ID_IN_PATH.debugFile, target), 301);
  }

  // Zealot's file_url: redirects to the URL that ends in the file's name. Only the team gets a
  // fresh signed link; a link holder keeps theirs (an expired or altered link is a 404 above).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/download/debug_files/:id',
    ...fileRouteOptions,
    async handler(request, reply) {
      let opened: Awaited<ReturnType<typeof open>>;
      try {
        opened = await open(request);
      } catch (error) {
        return movedOr(request, reply, error);
      }
      return reply.header('cache-control', 'no-store').redirect(request.urls.base + debugFilesService.redirectPath(opened, callerOf(request)), 302);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/download/debug_files/:id/*',
    ...fileRouteOptions,
    async handler(request, reply: FastifyReply) {
      let opened: Awaited<ReturnType<typeof open>>;
      try {
        opened = await open(request);
      } catch (error) {
        return movedOr(request, reply, error);
      }
      const { file } = opened;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', file.etag)
        .header('last-modified', file.lastModified.toUTCString())
        // Per caller (the link is signed for them): never in a shared cache.
        .header('cache-control', 'private, no-store');
      if (noneMatch(header(request, 'if-none-match'), file.etag)) return reply.code(304).send();
      const rangeHeader = ifRangeAllows(header(request, 'if-range'), file.etag, file.lastModified) ? header(request, 'range') : undefined;
      const range = parseRange(rangeHeader, file.size);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${file.size}`).type('text/plain; charset=utf-8').send(`Range not satisfiable: the file has ${file.size} bytes.`);
      }
      const partial = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
      // S3 with TARMAC_S3_DOWNLOADS=redirect: a GET goes to the store (a presigned URL is for GET only).
      const location = request.method === 'GET' ? await debugFilesService.redirectUrl(file) : undefined;
      if (location !== undefined) return reply.redirect(location, 302);
      const body = request.method === 'HEAD' || file.size === 0 ? undefined : await debugFilesService.read(file, partial);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(partial ? partial.end - partial.start + 1 : file.size));
      if (partial) reply.code(206).header('content-range', `bytes ${partial.start}-${partial.end}/${file.size}`);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(body ?? '');
    },
  });
};
