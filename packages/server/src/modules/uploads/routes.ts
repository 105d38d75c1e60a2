// POST /api/apps/upload: Zealot's upload, streamed. HTTP only: the fields, the answer. Who is
// calling and receiving the file are keyed-upload.ts's (shared with debug files); the rules
// are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TokensService } from '../tokens/service.ts';
import type { ReleasePresenter } from '../releases/presenter.ts';
import { keyedUploadErrors, keyedUploadRoute, withKeyedUpload } from './keyed-upload.ts';
import type { KeyedUploadOptions } from './keyed-upload.ts';
import { UploadBody, UploadResponse } from './schemas.ts';
import type { UploadsService } from './service.ts';
import type { Events } from '../../events/types.ts';
import type { UploadFields } from './types.ts';
import { nonEmpty } from '../../shared/text.ts';

const FIELD_NAMES = new Set([
  'token',
  'channel_key',
  'name',
  'password',
  'release_type',
  'source',
  'changelog',
  'branch',
  'git_commit',
  'ci_url',
  'custom_fields',
  'slug',
  'git_url',
  'download_filename_type',
]);

interface Options {
  uploadsService: UploadsService;
  /** Where the new build is announced (webhooks, subscribers). */
  events: Pick<Events, 'emit'>;
  tokensService: Pick<TokensService, 'resolve'>;
  /** The storage's temp directory: the received file is renamed into the store from there. */
  tempDir: string;
  maxUploadBytes: number;
  /** The answer: the uploader may open the channel, so its links to a password-protected one carry a grant. */
  releasePresenter: Pick<ReleasePresenter, 'detail'>;
}

/** Multipart fields → service fields. fastlane sends unset options as empty parts: empty is absent, but for password (empty clears it). */
function toUploadFields(fields: Record<string, string>): UploadFields {
  return {
    channelKey: nonEmpty(fields.channel_key),
    name: nonEmpty(fields.name),
    password: fields.password,
    releaseType: nonEmpty(fields.release_type),
    source: nonEmpty(fields.source),
    changelog: nonEmpty(fields.changelog),
    branch: nonEmpty(fields.branch),
    gitCommit: nonEmpty(fields.git_commit),
    ciUrl: nonEmpty(fields.ci_url),
    customFields: nonEmpty(fields.custom_fields),
    slug: nonEmpty(fields.slug),
    gitUrl: nonEmpty(fields.git_url),
    downloadFilenameType: nonEmpty(fields.download_filename_type),
  };
}

export const uploadsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { uploadsService, tokensService, tempDir, maxUploadBytes, releasePresenter, events } = options;
  const authorize: KeyedUploadOptions['authorize'] = (actor, channelKey, fields) =>
    uploadsService.authorize(actor, channelKey, toUploadFields(fields));
  app.post(
    '/apps/upload',
    {
      ...keyedUploadRoute,
      schema: {
        operationId: 'uploadRelease',
        tags: ['Releases'],
        summary: 'Upload a build',
        description:
          'Zealot-compatible upload (fastlane, curl, Gradle and CI scripts). multipart/form-data with the package in `file`. With `channel_key`, ' +
          "the build goes to that channel: you need to be one of its app's developers or admins; the package's platform must be the channel's " +
          "device type and its bundle id must pass the channel's rule (\"*\", a glob like \"com.example.*\", or Zealot's unanchored regular expression). " +
          "Without it, the build goes to an existing channel you may upload to that takes the package's platform and passes its rule: the one with the " +
          "newest build of the same bundle id, else one of an app named as the new app would be (`name`, or the package's name). When there is none, " +
          'a new app, a scheme (named after `release_type`, or "Default") and a channel for the platform are made, owned by you (developers and admins). ' +
          'Answers 201 with the release, its app, scheme and channel, and `placement` (which of these happened). An unreadable package is 422 with the reason in details.file; ' +
          'a file over TARMAC_MAX_UPLOAD_BYTES is 413.',
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: { 201: UploadResponse, ...keyedUploadErrors() },
      },
    },
    async (request, reply) =>
      withKeyedUpload(
        request,
        reply,
        { tokensService, tempDir, maxBytes: maxUploadBytes, fieldNames: FIELD_NAMES, authorize },
        async (actor, { fields, file }) => {
          const result = await uploadsService.upload({
            actor,
            fields: toUploadFields(fields),
            file: file && { path: file.path, size: file.size, sha256: file.sha256, filename: file.filename },
          });
          for (const warning of result.warnings) request.log.warn({ releaseId: result.release.id }, warning);
          const { release, channel } = result;
          if (result.passwordChange) {
            // fastlane's `password` option: the same line as a change at PUT /api/channels/{id} (never the password).
            const details = { change: result.passwordChange, slug: channel.slug, app_id: result.context.app.id, app: result.context.app.name, via: 'upload' };
            await request.audit('channel.password_change', { target: { type: 'channel', id: channel.id, name: channel.name }, details });
          }
          await events.emit({ kind: 'upload', channelId: channel.id, releaseId: release.id, actorId: actor.userId, baseUrl: request.urls.base });
          return reply.code(201).send({ ...releasePresenter.detail(result, request.urls), placement: result.placement });
        },
      ),
  );
};
