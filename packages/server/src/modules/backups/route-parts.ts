// What the backups routes share: the lazily loaded service and the administrators-only guard.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { actorOf } from '../../auth/plugin.ts';
import { can, forbidden } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/types.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { lazily } from '../../shared/lazily.ts';

export type BackupsRouteOptions = { db: Kysely<Database>; clock: Clock; jobs: JobQueue; backupDir: string; externalUrl: string };

/** The backups service, loaded on first use. */
export function lazyBackupsService({ db, clock, jobs, backupDir }: BackupsRouteOptions) {
  return lazily(async () => {
    const [{ createBackupsRepository }, { createBackupsService }] = await Promise.all([import('./repository.ts'), import('./service.ts')]);
    return createBackupsService({ backupsRepository: createBackupsRepository(db), backupDir, clock, jobs });
  });
}

// A non-administrator gets 403 whatever they send, before the input is validated.
async function requireAdmin(request: FastifyRequest) {
  if (!can(actorOf(request), 'backups:manage')) throw forbidden('backups:manage');
}
export const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };
