// One file in a multipart body, nothing else (the teardown, a restore's archive): streams it to a
// temporary file (receive.ts) and hands it to `use`. A client that goes away mid-upload stops the
// transfer; a form without the file is 422 on `file`; a refusal before the whole body was read closes
// the connection rather than read the rest; the temporary file is removed on every path.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldIssue, ValidationError } from '../../errors.ts';
import { MISSING_FILE } from './receive-limits.ts';
import { receiveUpload } from './receive.ts';
import type { ReceivedFile, ReceivedUpload } from './receive.ts';

const NO_FIELDS = new Set<string>();

export async function receiveSingleFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: { tempDir: string; maxBytes: number },
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  const transfer = new AbortController();
  const onClose = () => {
    if (!request.raw.complete) transfer.abort();
  };
  request.raw.on('close', onClose);
  let received: ReceivedUpload | undefined;
  try {
    received = await receiveUpload(request.raw, { ...limits, fieldNames: NO_FIELDS, fileField: 'file', signal: transfer.signal });
    if (!received.file) throw new ValidationError({ file: [fieldIssue('file_missing', MISSING_FILE)] });
    return await use(received.file);
  } catch (error) {
    if (!request.raw.complete) reply.header('connection', 'close');
    throw error;
  } finally {
    request.raw.off('close', onClose);
    await received?.discard();
  }
}
