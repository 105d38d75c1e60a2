// The daily releases.retention job: per channel, (1) a scheme's retained_builds N > 0 keeps the
// newest N builds (uploads apply it too; this catches up after N is lowered), and (2) with the
// keep_old_build_files setting off, each build that a newer build of the same release version
// supersedes goes (Zealot's "clean old releases": the newest build of every version stays).
// Deletes go through the releases service (rows, then files); each writes a release.delete
// audit line by the system.
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { createAuditLog } from '../audit/service.ts';
import { createAuditRepository } from '../audit/repository.ts';
import { createCollaboratorsRepository } from '../collaborators/repository.ts';
import { createSettingsRepository } from '../settings/repository.ts';
import { createSettingsService } from '../settings/service.ts';
import { createReleasesRepository } from './repository.ts';
import { createReleasesService } from './service.ts';

const BATCH = 200;
const SYSTEM = { id: null, name: 'system', via: 'system' } as const;

type Chosen = { id: number; file_key: string; icon_key: string | null; version?: number; release_version?: string | null };

export async function runReleasesRetention(_payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const { database, clock, storage, log, config } = deps;
  const { db, engine } = database;
  const settingsRepository = createSettingsRepository(db);
  const settings = createSettingsService({ settingsRepository, clock, fromEnvironment: config.settingsFromEnvironment });
  const releasesRepository = createReleasesRepository(db, engine);
  const collaboratorsRepository = createCollaboratorsRepository(db, engine);
  const releasesService = createReleasesService({ releasesRepository, collaboratorsRepository, storage, clock });
  const auditLog = createAuditLog({ auditRepository: createAuditRepository(db), clock, log });
  const keepOld = await settings.get('keep_old_build_files');

  async function drain(channelId: number, rule: 'retained_builds' | 'superseded', next: () => Promise<Chosen[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await next();
      const { removed, leftoverKeys } = await releasesService.deleteChosen(rows);
      if (leftoverKeys.length > 0) log.warn({ channelId, leftoverKeys }, 'releases.retention: stored files left behind');
      for (const row of rows) {
        const details = { channel_id: channelId, rule, version: row.version ?? null, release_version: row.release_version ?? null };
        await auditLog.record({ action: 'release.delete', actor: SYSTEM, target: { type: 'release', id: String(row.id) }, details });
      }
      total += removed;
      if (removed === 0 || rows.length < BATCH) return total;
    }
  }

  const channels = await db
    .selectFrom('channels')
    .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
    .select(['channels.id as id', 'schemes.retained_builds as keep'])
    .orderBy('channels.id')
    .execute();
  let removed = 0;
  for (const channel of channels) {
    const { id, keep } = channel;
    if (keep > 0) removed += await drain(id, 'retained_builds', () => releasesRepository.listBeyondNewest(id, keep, BATCH));
    if (!keepOld) removed += await drain(id, 'superseded', () => releasesRepository.listSuperseded(id, BATCH));
  }
  log.info({ removed, channels: channels.length, keepOldBuildFiles: keepOld }, 'releases.retention done');
}
