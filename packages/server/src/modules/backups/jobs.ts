// The `backup.run` job: one run of a plan. Writes the archive to a temporary file (archive.ts)
// beside a local destination or in the data directory's tmp for S3, puts it in the plan's store
// (store.ts) with its `.sha256` sidecar, records progress on the run row as it goes (the screen
// polls it), then deletes the plan's archives beyond its keep count from that store.
// A failed run sends its notices (notices.ts).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Updateable } from 'kysely';
import type { BackupRunsTable } from '../../db/types.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { readVersionInfo } from '../../version.ts';
import { writeBackup } from './archive.ts';
import type { BackupProgress } from './archive-types.ts';
import { CANCELLED } from './service.ts';
import { archiveKey, backupStore } from './store.ts';
import type { BackupStore } from './store.ts';

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function runBackup(payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const { db, engine } = deps.database;
  const runId = Number(payload.run_id);
  const run = await db.selectFrom('backup_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run || run.state !== 'queued') return;
  const plan = run.plan_id === null ? undefined : await db.selectFrom('backup_plans').selectAll().where('id', '=', run.plan_id).executeTakeFirst();
  const update = (values: Updateable<BackupRunsTable>) => db.updateTable('backup_runs').set(values).where('id', '=', runId).execute();
  await update({ state: 'running', stage: 'prepare', percent: 0, started_at: deps.clock.now() });
  const key = archiveKey(run.plan_name, run.id, deps.clock.now());
  let temp: string | undefined;
  try {
    if (!plan) throw new Error('The plan was deleted before the run started');
    const store = backupStore(run.destination, deps.config, deps.log);
    temp = path.join(store.tempDir, `.tmp-backup-${run.id}.tar`);
    await mkdir(store.tempDir, { recursive: true });
    let last: Promise<unknown> = Promise.resolve();
    // A cancel (service.cancelRun) marks the row; the next progress step after it stops the run.
    let cancelled = false;
    const onProgress = (progress: BackupProgress) => {
      if (cancelled) throw new Error(CANCELLED);
      last = last.then(async () => {
        await update({ stage: progress.stage, percent: Math.min(99, Math.round(progress.percent)) });
        const row = await db.selectFrom('backup_runs').select('error').where('id', '=', runId).executeTakeFirst();
        if (row?.error === CANCELLED) cancelled = true;
      });
    };
    const scope = {
      database: Boolean(plan.include_database),
      apps: plan.app_ids === null ? ('all' as const) : (JSON.parse(plan.app_ids) as number[]),
      debugFiles: Boolean(plan.include_debug_files),
    };
    const source = { db, engine, storage: deps.storage, version: readVersionInfo(deps.config.build), secretKey: deps.config.secretKey };
    // One consistent snapshot, read beside the server's writer (reader.ts).
    const { withBackupReader } = await import('./reader.ts');
    await withBackupReader(deps.config.database, db, (reader) => writeBackup({ ...source, db: reader }, scope, temp!, onProgress));
    await last;
    if (cancelled) throw new Error(CANCELLED);
    const sha256 = await sha256Of(temp);
    const { size } = await stat(temp);
    await store.put(key, temp);
    await store.putText(`${key}.sha256`, `${sha256}  ${key}\n`);
    await update({ archive_key: key, size, sha256 });
    // Pruned before the run reads done: a screen that sees done sees the older archives gone.
    await prune(deps, store, plan.id, plan.keep_count, runId);
    await update({ state: 'done', stage: 'done', percent: 100, error: null, finished_at: deps.clock.now() });
  } catch (error) {
    // The temp file may not exist or be unreachable (a backup dir that is not a directory).
    if (temp !== undefined) await rm(temp, { force: true }).catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    await update({ state: 'failed', error: reason.slice(0, 2000), finished_at: deps.clock.now() });
    deps.log.error({ err: error, runId }, 'Backup run failed');
    // A cancel is the administrator's own doing: no notice.
    if (reason !== CANCELLED) {
      const failed = {
        plan: { id: run.plan_id, name: run.plan_name, notify_url: plan?.notify_url ?? null },
        run: { id: runId, trigger: run.trigger },
        error: reason,
      };
      await (await import('./notices.ts')).noticeFailure(deps, failed);
    }
  }
}

/**
 * Deletes the plan's stored archives beyond the newest `keep`, counting the new one (`runId`). An
 * older run stored elsewhere (the plan's destination changed) is pruned from its own store.
 */
async function prune(deps: JobDeps, store: BackupStore, planId: number, keep: number, runId: number): Promise<void> {
  const { db } = deps.database;
  const done = await db.selectFrom('backup_runs').select(['id', 'archive_key', 'destination']).where('plan_id', '=', planId)
    .where('state', '=', 'done').where('archive_key', 'is not', null).where('id', '!=', runId).orderBy('id', 'desc').execute();
  for (const old of done.slice(Math.max(0, keep - 1))) {
    try {
      const from = old.destination === store.destination ? store : backupStore(old.destination, deps.config, deps.log);
      await from.remove(old.archive_key!);
      await from.remove(`${old.archive_key!}.sha256`);
    } catch (error) {
      // Its store is gone from the configuration or unreachable: the run keeps its archive_key.
      deps.log.error({ err: error, runId: old.id }, 'Could not prune an old backup archive');
      continue;
    }
    await db.updateTable('backup_runs').set({ archive_key: null }).where('id', '=', old.id).execute();
  }
}
