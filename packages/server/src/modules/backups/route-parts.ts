// What the backups routes share: the lazily loaded service and the administrators-only guard.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { actorOf } from '../../auth/plugin.ts';
import { can, forbidden } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/types.ts';
import type { JobLog } from '../../jobs/deps.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { lazily } from '../../shared/lazily.ts';
import type { BackupStoreConfig } from './store.ts';

export type BackupsRouteOptions = {
  db: Kysely<Database>; clock: Clock; jobs: JobQueue; externalUrl: string;
  /** Where archives are kept (TARMAC_BACKUP_DIR, the backup bucket) and where uploaded archives wait. */
  config: BackupStoreConfig; log: Pick<JobLog, 'error'>;
};

/** The backups service, loaded on first use. */
export function lazyBackupsService({ db, clock, jobs, config, log }: BackupsRouteOptions) {
  return lazily(async () => {
    const [{ createBackupsRepository }, { createBackupsService }, { backupStore }] = await Promise.all([
      import('./repository.ts'), import('./service.ts'), import('./store.ts'),
    ]);
    return createBackupsService({
      backupsRepository: createBackupsRepository(db), store: (destination) => backupStore(destination, config, log),
      s3Available: config.backupS3 !== null, clock, jobs,
    });
  });
}

// A non-administrator gets 403 whatever they send, before the input is validated.
async function requireAdmin(request: FastifyRequest) {
  if (!can(actorOf(request), 'backups:manage')) throw forbidden('backups:manage');
}
export const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };
