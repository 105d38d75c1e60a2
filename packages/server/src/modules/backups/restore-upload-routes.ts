// POST /api/admin/restores/upload: an administrator uploads a backup archive to restore. Registered
// in the streaming-upload scope (app.ts): the body streams to a temporary file (uploads/receive.ts,
// up to TARMAC_MAX_RESTORE_UPLOAD_BYTES), is moved to <data>/restores/<id>.tar, and the
// `backup.restore` job checks it as it checks a run's archive. The restores service loads on first use.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/types.ts';
import { authErrors, bodyErrors } from '../../http/schemas.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { adminOnly } from './route-parts.ts';
import { Restore } from './schemas.ts';

type Options = {
  db: Kysely<Database>; clock: Clock; jobs: JobQueue; externalUrl: string; dataDir: string;
  /** Where the upload is written while it arrives. */
  tempDir: string;
  maxBytes: number;
};

export const restoreUploadRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { db, clock, jobs, externalUrl, dataDir, tempDir, maxBytes } = options;
  const host = new URL(externalUrl).host;

  app.post('/admin/restores/upload', {
    ...adminOnly,
    // The body is a stream read by the handler; the schema only documents it.
    validatorCompiler: () => () => true,
    schema: {
      operationId: 'uploadRestore', tags: ['Backups'], summary: 'Upload a backup archive to restore',
      description: 'Administrators only. multipart/form-data with the archive (.tar) in `file`, streamed to disk up to '
        + 'TARMAC_MAX_RESTORE_UPLOAD_BYTES (413 beyond). 422 on `file` when it is missing or not a tar. 202: the `backup.restore` job '
        + 'verifies every checksum and makes the dry-run report, as for a run\'s archive (POST /api/admin/restores); poll the restore.',
      consumes: ['multipart/form-data'],
      body: Type.Object({ file: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The backup archive.' }) }),
      response: { 202: Restore, ...authErrors(), ...bodyErrors(), 422: Type.Ref('ValidationErrorResponse') },
    },
  }, async (request, reply) => {
    const [{ receiveSingleFile }, { createRestoresService, presentRestore }] = await Promise.all([
      import('../uploads/single-file.ts'), import('./restores.ts'),
    ]);
    const restores = createRestoresService({ db, clock, jobs, dataDir });
    const createdBy = actorOf(request).user.username;
    const row = await receiveSingleFile(request, reply, { tempDir, maxBytes }, (file) => restores.createFromUpload(file, createdBy));
    return reply.code(202).send(presentRestore(row, host));
  });
};
