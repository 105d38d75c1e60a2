// /api/admin/restores: check a done run's archive (a dry-run report), apply it after the host name
// is typed (maintenance mode while it runs), follow it, forget it. Administrators only; applying
// is audited as backup.restore.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/types.ts';
import { authErrors, IdParams, PaginationQuery, PER_PAGE_DEFAULT } from '../../http/schemas.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { adminOnly } from './route-parts.ts';
import type * as RestoresModule from './restores.ts';
import type { RestoreRow, RestoresService } from './restores.ts';
import { ApplyRestoreBody, Restore, RestoreBody, RestorePage } from './schemas.ts';

const tags = ['Backups'];
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
const missing = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };

type Options = { db: Kysely<Database>; clock: Clock; jobs: JobQueue; externalUrl: string; config: { dataDir: string } };

export const restoreRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { db, clock, jobs, externalUrl, config }) => {
  // Loaded on first use (idle memory).
  let module: Promise<typeof RestoresModule> | undefined;
  let service: RestoresService | undefined;
  const restores = async () => (service ??= (await (module ??= import('./restores.ts'))).createRestoresService({ db, clock, jobs, dataDir: config.dataDir }));
  const host = new URL(externalUrl).host;
  const show = async (row: RestoreRow) => (await (module ??= import('./restores.ts'))).presentRestore(row, host);

  app.get('/admin/restores', {
    ...adminOnly,
    schema: {
      operationId: 'listRestores', tags, summary: 'Restores', description: 'Administrators only. Newest first.',
      querystring: PaginationQuery, response: { 200: RestorePage, ...authErrors(), ...invalid },
    },
  }, async (request) => {
    const page = request.query.page ?? 1;
    const perPage = request.query.per_page ?? PER_PAGE_DEFAULT;
    const { rows, total } = await (await restores()).list(page, perPage);
    return { items: await Promise.all(rows.map(show)), total, page, per_page: perPage };
  });

  app.post('/admin/restores', {
    ...adminOnly,
    schema: {
      operationId: 'createRestore', tags, summary: "Check a run's archive for a restore",
      description: 'Administrators only. 202: the `backup.restore` job verifies every checksum and makes the dry-run report (state checking, '
        + 'then ready or failed with error_code). 422 on run_id when the run has no archive.',
      body: RestoreBody, response: { 202: Restore, ...authErrors(), ...invalid },
    },
  }, async (request, reply) => {
    const row = await (await restores()).create(request.body.run_id, actorOf(request).user.username);
    return reply.code(202).send(await show(row));
  });

  app.get('/admin/restores/:id', {
    ...adminOnly,
    schema: {
      operationId: 'getRestore', tags, summary: 'A restore, with its report and progress',
      description: 'Administrators only; answered during maintenance mode. Poll it while checking or restoring.',
      params: IdParams, response: { 200: Restore, ...authErrors(), ...missing, ...invalid },
    },
  }, async (request) => show(await (await restores()).find(request.params.id)));

  app.post('/admin/restores/:id/apply', {
    ...adminOnly,
    schema: {
      operationId: 'applyRestore', tags, summary: "Replace this instance's data with the archive",
      description: 'Administrators only. `confirm` must be confirm_text (422). 409 `restores.not_ready` unless ready, `restores.refused` when '
        + 'the report has refusals, `restores.busy` while another runs. Every other request is answered 503 `maintenance` until it ends; it '
        + 'replaces the accounts and signs everyone out.',
      params: IdParams, body: ApplyRestoreBody, response: { 202: Restore, ...authErrors(), ...missing, ...invalid, ...conflict },
    },
  }, async (request, reply) => {
    const row = await (await restores()).apply(request.params.id, request.body.confirm, host);
    await request.audit('backup.restore', {
      target: { type: 'backup_run', id: String(row.run_id), name: row.file_name }, details: { mode: 'replace', restore: row.id },
    });
    return reply.code(202).send(await show(row));
  });

  app.delete('/admin/restores/:id', {
    ...adminOnly,
    schema: {
      operationId: 'deleteRestore', tags, summary: 'Forget a restore', description: 'Administrators only. 409 `restores.busy` while it runs.',
      params: IdParams, response: { 204: Type.Null({ description: 'Forgotten.' }), ...authErrors(), ...missing, ...invalid, ...conflict },
    },
  }, async (request, reply) => {
    await (await restores()).remove(request.params.id);
    return reply.code(204).send(null);
  });
};
