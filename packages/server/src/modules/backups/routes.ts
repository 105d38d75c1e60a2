// /api/admin/backups: backup plans (administrators only). The service loads on first use.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, IdParams, PaginationQuery, PER_PAGE_DEFAULT } from '../../http/schemas.ts';
import { backupArchiveRoutes } from './archive-routes.ts';
import { restoreRoutes } from './restore-routes.ts';
import { adminOnly, lazyBackupsService } from './route-parts.ts';
import type { BackupsRouteOptions as Options } from './route-parts.ts';
import {
  BackupPlan, BackupPlanBody, BackupPlanList, BackupPlanPatch, BackupRun, BackupRunPage, RunStarted, SchedulePreview, SchedulePreviewQuery,
} from './schemas.ts';

const tags = ['Backups'];
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
const missing = { 404: Type.Ref('ErrorResponse') };

export const backupsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const service = lazyBackupsService(options);
  await app.register(backupArchiveRoutes, { service });
  await app.register(restoreRoutes, options);
  const target = (plan: { id: number; name: string }) => ({ type: 'backup_plan', id: String(plan.id), name: plan.name });

  app.get('/admin/backups/plans', {
    ...adminOnly,
    schema: {
      operationId: 'listBackupPlans', tags, summary: 'Backup plans', description: 'Administrators only. Every plan, by name, with its next runs.',
      response: { 200: BackupPlanList, ...authErrors() },
    },
  }, async () => ({ items: await service.list() }));

  app.get('/admin/backups/plans/:id', {
    ...adminOnly,
    schema: {
      operationId: 'getBackupPlan', tags, summary: 'A backup plan', description: 'Administrators only.',
      params: IdParams, response: { 200: BackupPlan, ...authErrors(), ...missing, ...invalid },
    },
  }, async (request) => service.get(request.params.id));

  app.post('/admin/backups/plans', {
    ...adminOnly,
    schema: {
      operationId: 'createBackupPlan', tags, summary: 'Make a backup plan',
      description: 'Administrators only. 422 names each bad field (a bad schedule carries the parser\'s message).',
      body: BackupPlanBody, response: { 201: BackupPlan, ...authErrors(), ...invalid },
    },
  }, async (request, reply) => {
    const plan = await service.create(request.body);
    await request.audit('backup.create', { target: target(plan), details: { plan: { ...plan, next_runs: undefined } } });
    return reply.code(201).send(plan);
  });

  app.patch('/admin/backups/plans/:id', {
    ...adminOnly,
    schema: {
      operationId: 'updateBackupPlan', tags, summary: 'Change a backup plan', description: 'Administrators only. Send only the fields to change.',
      params: IdParams, body: BackupPlanPatch, response: { 200: BackupPlan, ...authErrors(), ...missing, ...invalid },
    },
  }, async (request) => {
    const { before, after } = await service.update(request.params.id, request.body);
    const keys = Object.keys(request.body) as (keyof typeof before)[];
    const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    const from = Object.fromEntries(changed.map((key) => [key, before[key]]));
    const to = Object.fromEntries(changed.map((key) => [key, after[key]]));
    await request.audit('backup.create', { target: target(after), details: { from, to } });
    return after;
  });

  app.delete('/admin/backups/plans/:id', {
    ...adminOnly,
    schema: {
      operationId: 'deleteBackupPlan', tags, summary: 'Delete a backup plan',
      description: 'Administrators only. Its stored archives stay (they are deleted one by one).',
      params: IdParams, response: { 204: Type.Null({ description: 'The plan is deleted; its archives and runs stay.' }), ...authErrors(), ...missing, ...invalid },
    },
  }, async (request, reply) => {
    const plan = await service.remove(request.params.id);
    await request.audit('backup.delete', { target: target(plan), details: { plan: plan.name } });
    return reply.code(204).send(null);
  });

  app.get('/admin/backups/schedule-preview', {
    ...adminOnly,
    schema: {
      operationId: 'previewBackupSchedule', tags, summary: 'When a schedule fires',
      description: 'Administrators only. The next three times, UTC; 422 with the parser\'s message for a bad schedule.',
      querystring: SchedulePreviewQuery, response: { 200: SchedulePreview, ...authErrors(), ...invalid },
    },
  }, async (request) => service.preview(request.query.spec));

  app.post('/admin/backups/plans/:id/run', {
    ...adminOnly,
    schema: {
      operationId: 'runBackupPlan', tags, summary: 'Run a backup plan now',
      description: 'Administrators only. Queues one run (a disabled plan runs too); 202 with the run id to poll.',
      params: IdParams, response: { 202: RunStarted, ...authErrors(), ...missing, ...invalid },
    },
  }, async (request, reply) => {
    const run = await service.startRun(request.params.id);
    await request.audit('backup.create', { target: { type: 'backup_run', id: String(run.id), name: run.plan_name }, details: { trigger: 'manual' } });
    return reply.code(202).send({ run_id: run.id });
  });

  app.get('/admin/backups/runs', {
    ...adminOnly,
    schema: {
      operationId: 'listBackupRuns', tags, summary: 'Backup runs and their archives', description: 'Administrators only. Newest first.',
      querystring: PaginationQuery, response: { 200: BackupRunPage, ...authErrors(), ...invalid },
    },
  }, async (request) => service.listRuns(request.query.page ?? 1, request.query.per_page ?? PER_PAGE_DEFAULT));

  app.get('/admin/backups/runs/:id', {
    ...adminOnly,
    schema: {
      operationId: 'getBackupRun', tags, summary: 'A backup run, with its progress', description: 'Administrators only. Poll it while the run is queued or running.',
      params: IdParams, response: { 200: BackupRun, ...authErrors(), ...missing, ...invalid },
    },
  }, async (request) => service.getRun(request.params.id));
};
