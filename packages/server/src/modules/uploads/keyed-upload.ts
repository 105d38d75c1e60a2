// The HTTP frame both streamed uploads share (builds: POST /api/apps/upload; debug files:
// POST /api/debug_files/upload): who is calling, when they may be refused, and cleaning up.
//
// The token may come as a header or query parameter (the auth hook reads those) or as a
// multipart `token` field (fastlane), read here. When the token and `channel_key` fields come
// before the file, the caller is checked (`authorize`) before a byte of the file is stored.
// A client that goes away stops the transfer; a refusal before the body is read closes the
// connection rather than reading the rest; the temporary file is always removed afterwards.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../auth/policy.ts';
import { ACCOUNT_LOCKED, ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { TokensService } from '../tokens/service.ts';
import { receiveUpload } from './receive.ts';
import type { ReceivedUpload } from './receive.ts';

export interface KeyedUploadOptions {
  tokensService: Pick<TokensService, 'resolve'>;
  tempDir: string;
  maxBytes: number;
  /** Text fields to keep (`token` and `channel_key` among them). */
  fieldNames: ReadonlySet<string>;
  /** Refuses a caller who may not upload with this channel key (throws). */
  authorize(actor: Actor, channelKey: string): Promise<unknown>;
}

/** A field's value, or undefined when it is missing or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The user a `token` form field names. */
async function actorFromField(tokensService: KeyedUploadOptions['tokensService'], token: string | undefined): Promise<Actor> {
  const secret = nonEmpty(token)?.trim();
  if (secret === undefined) throw new UnauthorizedError();
  const found = await tokensService.resolve(secret);
  if (!found) throw new UnauthorizedError();
  if (found.user.locked) throw new ForbiddenError(ACCOUNT_LOCKED);
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
  let received: ReceivedUpload | undefined;
  try {
    received = await receiveUpload(request.raw, {
      tempDir: options.tempDir,
      maxBytes: options.maxBytes,
      fieldNames: options.fieldNames,
      fileField: 'file',
      signal: transfer.signal,
      async beforeFile(fields) {
        if (!actor && nonEmpty(fields.token) === undefined) return; // the token may still come after the file
        actor ??= await actorFromField(options.tokensService, fields.token);
        const channelKey = nonEmpty(fields.channel_key);
        if (channelKey !== undefined) await options.authorize(actor, channelKey);
      },
    });
    actor ??= await actorFromField(options.tokensService, received.fields.token);
    return await handle(actor, received);
  } catch (error) {
    // Refused before the whole body was read: close the connection rather than read the rest.
    if (!request.raw.complete) reply.header('connection', 'close');
    throw error;
  } finally {
    request.raw.off('close', onClose);
    await received?.discard();
  }
}
