// The routes of running an instance (issue 19), registered in app.ts's /api scope: the full
// health checks and the admin's system and database pages, the site settings, the log viewer,
// the schedules of recurring jobs, the audit log, backup plans, and demo mode's answer.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Clock } from './clock.ts';
import type { JobQueue } from './jobs/types.ts';
import type { LogRing } from './log-ring.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AdminSchedulesService } from './modules/admin-schedules/service.ts';
import type { AuditReader } from './modules/audit/reader.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { Storage } from './storage/storage.ts';
import { adminLogsRoutes } from './modules/admin-logs/routes.ts';
import { adminSchedulesRoutes } from './modules/admin-schedules/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { backupsRoutes } from './modules/backups/routes.ts';
import { demoRoutes } from './modules/demo/routes.ts';
import { adminSettingsRoutes } from './modules/settings/admin-routes.ts';
import { adminSystemRoutes } from './modules/system/admin-routes.ts';
import { healthRoutes } from './modules/system/health-routes.ts';
import type { VersionInfo } from './version.ts';

/** The services these routes use (app.ts's buildServices makes them). */
interface OperationsServices {
  settingsService: SettingsService;
  adminSchedulesService: AdminSchedulesService;
  auditReader: AuditReader;
  storage: Storage;
  jobs: JobQueue;
  mailer: Mailer;
  clock: Clock;
}

interface OperationsDeps {
  config: Config;
  services: OperationsServices;
  database: DatabaseHandle;
  version: VersionInfo;
  /** This process's recent log lines (log-ring.ts), for the log viewer. */
  logRing: LogRing;
}

export async function registerOperationsRoutes(api: FastifyInstance, deps: OperationsDeps): Promise<void> {
  const { config, services: s, database, version, logRing } = deps;
  await api.register(demoRoutes, { demo: config.demo });
  // Full health checks (IP allow-list) and the admin's system and database pages (modules/system).
  const checkDeps = () => ({ config, database, storage: s.storage, jobs: s.jobs, mailer: s.mailer });
  await api.register(healthRoutes, { allowedIps: config.healthAllowedIps, checkDeps });
  await api.register(adminSystemRoutes, { config, version, checkDeps });
  await api.register(adminSettingsRoutes, { settingsService: s.settingsService, baseUrl: config });
  await api.register(adminLogsRoutes, { ring: logRing });
  await api.register(adminSchedulesRoutes, { adminSchedulesService: s.adminSchedulesService });
  await api.register(auditRoutes, { auditReader: s.auditReader });
  const backups = { db: database.db, clock: s.clock, jobs: s.jobs, config, log: api.log, externalUrl: config.externalUrl };
  await api.register(backupsRoutes, backups);
}
