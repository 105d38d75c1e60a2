// The HTTP frame both streamed uploads share (builds: POST /api/apps/upload; debug files:
// POST /api/debug_files/upload): who is calling, when they may be refused, and cleaning up.
//
// The caller is known before a byte of the file is stored: by the header or query token or
// the session (the auth hook), else by a multipart `token` field before the file (fastlane
// and curl -F send it first), resolved as soon as it arrives. A file part with no caller
// known yet is refused with 401 and nothing is written; so is a body that carries more than
// UNKNOWN_CALLER_BYTES of fields with no token among them. Such a body holds one of the
// anonymous places of http/body-guard.ts until its token is read. When `channel_key` (and any
// channel setting) comes before the file, the caller's right is checked (`authorize`) before
// the file too. A client that goes away stops the transfer; the temporary file is always
// removed afterwards; an early refusal reaches the client through body-guard's lingering close.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import type { Actor } from '../../auth/policy.ts';
import { ACCOUNT_LOCKED, ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../../errors.ts';
import { ANONYMOUS_BODIES_BUSY } from '../../http/body-guard.ts';
import { bodyErrors } from '../../http/schemas.ts';
import type { TokensService } from '../tokens/service.ts';
import { receiveUpload } from './receive.ts';
import type { ReceivedUpload } from './receive.ts';
import { nonEmpty } from '../../shared/text.ts';

export interface KeyedUploadOptions {
  tokensService: Pick<TokensService, 'resolve'>;
  tempDir: string;
  maxBytes: number;
  /** Text fields to keep (`token` and `channel_key` among them). */
  fieldNames: ReadonlySet<string>;
  /** Refuses a caller who may not upload with the channel key (and other fields) sent before the file (throws). */
  authorize(actor: Actor, channelKey: string, fields: Record<string, string>): Promise<unknown>;
}

/**
 * The route options both streamed uploads share: the caller may be known only from a form
 * field (auth 'optional'), and the body is a stream read by the handler (its schema only
 * documents it).
 */
export const keyedUploadRoute = {
  config: { auth: 'optional' as const },
  validatorCompiler: () => () => true,
};

/** The answers of a streamed upload besides its 201. */
export function keyedUploadErrors(): Record<number, TSchema> {
  return {
    401: Type.Ref('ErrorResponse'),
    403: Type.Ref('ErrorResponse'),
    404: Type.Ref('ErrorResponse'),
    409: Type.Ref('ErrorResponse'),
    ...bodyErrors(),
    422: Type.Ref('ValidationErrorResponse'),
  };
}

/** Fields an unknown caller may send before the file (a token is a few dozen bytes; fastlane sends it first). */
export const UNKNOWN_CALLER_BYTES = 64 * 1024;

export const TOKEN_FIRST =
  'Unauthorized user token: send the token before the file (a "token" field ahead of the "file" part, the token query parameter or an Authorization: Bearer header)';

/** The user a `token` form field names. */
async function actorFromField(tokensService: KeyedUploadOptions['tokensService'], token: string | undefined, missing = new UnauthorizedError(undefined, 'auth.unauthorized')): Promise<Actor> {
  const secret = nonEmpty(token)?.trim();
  if (secret === undefined) throw missing;
  const found = await tokensService.resolve(secret);
  if (!found) throw new UnauthorizedError(undefined, 'auth.unauthorized');
  if (found.user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
  return { userId: found.user.id, role: found.user.role };
}

/**
 * Receives the multipart upload, then runs `handle` with the caller and what was received;
 * the temporary file is removed when `handle` is done, whatever happened.
 */
export async function withKeyedUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: KeyedUploadOptions,
  handle: (actor: Actor, received: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const transfer = new AbortController();
  const onClose = () => {
    if (!request.raw.complete) transfer.abort();
  };
  request.raw.on('close', onClose);
  let actor: Actor | undefined = request.auth ?? undefined;
  if (actor) request.bodyWatch?.identified();
  else if (request.bodyWatch && !request.bodyWatch.holdAnonymous()) {
    reply.header('retry-after', '5');
    throw new ServiceUnavailableError(ANONYMOUS_BODIES_BUSY, 'service.busy_anonymous');
  }
  let received: ReceivedUpload | undefined;
  try {
    received = await receiveUpload(request.raw, {
      tempDir: options.tempDir,
      maxBytes: options.maxBytes,
      fieldNames: options.fieldNames,
      fileField: 'file',
      signal: transfer.signal,
      async onField(name, value) {
        if (name !== 'token' || actor || nonEmpty(value) === undefined) return;
        actor = await actorFromField(options.tokensService, value);
        request.bodyWatch?.identified();
      },
      unknownCaller: { maxBytes: UNKNOWN_CALLER_BYTES, active: () => actor === undefined, error: () => new UnauthorizedError(TOKEN_FIRST, 'auth.token_first') },
      async beforeFile(fields) {
        // Nothing is stored for a caller not known yet.
        actor ??= await actorFromField(options.tokensService, fields.token, new UnauthorizedError(TOKEN_FIRST, 'auth.token_first'));
        const channelKey = nonEmpty(fields.channel_key);
        if (channelKey !== undefined) await options.authorize(actor, channelKey, fields);
      },
    });
    actor ??= await actorFromField(options.tokensService, received.fields.token);
    return await handle(actor, received);
  } finally {
    request.raw.off('close', onClose);
    await received?.discard();
  }
}
