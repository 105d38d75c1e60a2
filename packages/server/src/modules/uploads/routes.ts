// POST /api/apps/upload: Zealot's upload, streamed. HTTP only: who is calling, reading the
// multipart stream into a temporary file (receive.ts), the answer. The rules are in service.ts.
//
// The token may come as a header, a query parameter (the auth hook reads those) or as a
// multipart field (fastlane), read here. When the token and channel_key fields come before
// the file, the caller is checked before the file is stored, so a refused upload costs no disk.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Grants } from '../../auth/grants.ts';
import type { Actor } from '../../auth/policy.ts';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { TokensService } from '../tokens/service.ts';
import { linkGrantFor } from '../releases/mapper.ts';
import { ReleaseDetailResponse, toReleaseDetailResponse } from '../releases/schemas.ts';
import { receiveUpload } from './receive.ts';
import type { ReceivedUpload } from './receive.ts';
import { UploadBody } from './schemas.ts';
import type { UploadFields, UploadsService } from './service.ts';

/** The same sentence the auth hook answers a locked account's header or query token with. */
const LOCKED = 'This account is locked; ask an administrator to unlock it';

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
  tokensService: Pick<TokensService, 'resolve'>;
  /** The storage's temp directory: the received file is renamed into the store from there. */
  tempDir: string;
  maxUploadBytes: number;
  /** Channel grants: the uploader may open the channel, so the answer's links to a password-protected one carry a grant. */
  grants: Pick<Grants, 'issue'>;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
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

export const uploadsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { uploadsService, tokensService, tempDir, maxUploadBytes, grants }) => {
  /** The user a `token` form field names. */
  async function actorFromField(token: string | undefined): Promise<Actor> {
    const secret = nonEmpty(token)?.trim();
    if (secret === undefined) throw new UnauthorizedError();
    const found = await tokensService.resolve(secret);
    if (!found) throw new UnauthorizedError();
    if (found.user.locked) throw new ForbiddenError(LOCKED);
    return { userId: found.user.id, role: found.user.role };
  }

  app.post(
    '/apps/upload',
    {
      config: { auth: 'optional' },
      // The body is a stream read by the handler; UploadBody only documents it.
      validatorCompiler: () => () => true,
      schema: {
        operationId: 'uploadRelease',
        tags: ['Releases'],
        summary: 'Upload a build',
        description:
          'Zealot-compatible upload (fastlane, curl, Gradle and CI scripts). multipart/form-data with the package in `file`. With `channel_key`, ' +
          "the build goes to that channel: you need to be one of its app's developers or admins; the package's platform must be the channel's " +
          "device type and its bundle id must pass the channel's rule. Without it, a new app named after the package (or `name`), a scheme " +
          '(named after `release_type`, or "Default") and a channel for the platform are made, owned by you (developers and admins). ' +
          'Answers 201 with the release, its app, scheme and channel. An unreadable package is 422 with the reason in details.file; ' +
          'a file over TARMAC_MAX_UPLOAD_BYTES is 413.',
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: {
          201: ReleaseDetailResponse,
          401: Type.Ref('ErrorResponse'),
          403: Type.Ref('ErrorResponse'),
          404: Type.Ref('ErrorResponse'),
          409: Type.Ref('ErrorResponse'),
          413: Type.Ref('ErrorResponse'),
          422: Type.Ref('ValidationErrorResponse'),
        },
      },
    },
    async (request, reply) => {
      // A client that goes away mid-upload stops the transfer; receiveUpload removes the temp file.
      const transfer = new AbortController();
      const onClose = () => {
        if (!request.raw.complete) transfer.abort();
      };
      request.raw.on('close', onClose);
      let actor: Actor | undefined = request.auth ?? undefined;
      let received: ReceivedUpload | undefined;
      try {
        received = await receiveUpload(request.raw, {
          tempDir,
          maxBytes: maxUploadBytes,
          fieldNames: FIELD_NAMES,
          fileField: 'file',
          signal: transfer.signal,
          async beforeFile(fields) {
            if (!actor && nonEmpty(fields.token) === undefined) return; // the token may still come after the file
            actor ??= await actorFromField(fields.token);
            if (nonEmpty(fields.channel_key) !== undefined) await uploadsService.authorize(actor, fields.channel_key);
          },
        });
        actor ??= await actorFromField(received.fields.token);
        const file = received.file;
        const result = await uploadsService.upload({
          actor,
          fields: toUploadFields(received.fields),
          file: file && { path: file.path, size: file.size, sha256: file.sha256, filename: file.filename },
        });
        for (const warning of result.warnings) request.log.warn({ releaseId: result.release.id }, warning);
        return reply.code(201).send(toReleaseDetailResponse(result, request.urls, linkGrantFor(grants, result.channel)));
      } catch (error) {
        // Refused before the whole body was read: close the connection rather than read the rest.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      } finally {
        request.raw.off('close', onClose);
        await received?.discard();
      }
    },
  );
};
