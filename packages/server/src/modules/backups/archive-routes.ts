// /api/admin/backups/runs/:id/archive and …/cancel: a run's archive downloaded (Range) or deleted,
// and a queued or running run cancelled (the service finds and removes the files). Administrators
// only; downloads and deletes are audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, IdParams } from '../../http/schemas.ts';
import { contentDisposition, parseRange } from '../downloads/fns.ts';
import { adminOnly } from './route-parts.ts';
import type { lazyBackupsService } from './route-parts.ts';
import { BackupRun } from './schemas.ts';

const tags = ['Backups'];
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
const missing = { 404: Type.Ref('ErrorResponse') };

type Options = { service: ReturnType<typeof lazyBackupsService> };

export const backupArchiveRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service }) => {
  app.get('/admin/backups/runs/:id/archive', {
    ...adminOnly,
    schema: {
      operationId: 'downloadBackupArchive', tags, summary: "Download a run's archive",
      description: 'Administrators only. The tar archive, with Range support; 404 `backups.archive_gone` once it was pruned or deleted. Audited.',
      params: IdParams,
      response: {
        200: Type.Unsafe<unknown>({ description: 'The archive (application/x-tar).' }),
        206: Type.Unsafe<unknown>({ description: 'The requested bytes of the archive.' }),
        ...authErrors(), ...missing, ...invalid,
      },
    },
  }, async (request, reply) => {
    const { run, key, size, open } = await service.archiveFile(request.params.id);
    const range = parseRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).type('text/plain; charset=utf-8')
        .send(`Range not satisfiable: the archive has ${size} bytes.`);
    }
    if (range.kind !== 'partial') await request.audit('backup.download', { target: { type: 'backup_run', id: String(run.id), name: run.plan_name }, details: { archive: key, size } });
    const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
    reply.header('content-type', 'application/x-tar').header('content-disposition', contentDisposition(key))
      .header('accept-ranges', 'bytes').header('cache-control', 'private, no-store').header('content-length', String(end - start + 1));
    if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    return reply.send(size === 0 ? '' : await open({ start, end }));
  });

  app.delete('/admin/backups/runs/:id/archive', {
    ...adminOnly,
    schema: {
      operationId: 'deleteBackupArchive', tags, summary: "Delete a run's archive",
      description: 'Administrators only. Removes the archive and its `.sha256`; the run stays, without an archive. Audited.',
      params: IdParams, response: { 204: Type.Null({ description: 'The archive is deleted.' }), ...authErrors(), ...missing, ...invalid },
    },
  }, async (request, reply) => {
    const { run, key } = await service.deleteArchive(request.params.id);
    await request.audit('backup.delete', { target: { type: 'backup_run', id: String(run.id), name: run.plan_name }, details: { archive: key } });
    return reply.code(204).send(null);
  });

  app.post('/admin/backups/runs/:id/cancel', {
    ...adminOnly,
    schema: {
      operationId: 'cancelBackupRun', tags, summary: 'Cancel a backup run',
      description: 'Administrators only. A queued run fails at once with "Cancelled"; a running one stops at its next step and removes its '
        + 'unfinished file. 409 `backups.run_finished` once it is done or failed.',
      params: IdParams, response: { 202: BackupRun, ...authErrors(), ...missing, ...invalid, 409: Type.Ref('ErrorResponse') },
    },
  }, async (request, reply) => reply.code(202).send(await service.cancelRun(request.params.id)));
};
