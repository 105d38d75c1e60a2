// Builds the Fastify instance from its parts, by hand, in one place, in three steps:
//   1. repositories: the SQL, one per module, on one database (buildRepositories);
//   2. services: the rules, each given only what it uses, plus the swappable parts (storage,
//      clock, mailer: Parts), defaulted from the configuration (buildServices);
//   3. routes: the HTTP server, its global plugins, and each module's route plugin in its scope
//      (createHttpServer, registerPlugins, registerRoutes).
// Tests call buildApp() and may hand it their own parts; the `tarmac` command calls buildServices().
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { applyPageSizes } from './http/page-size.ts';
import { recordRoutes } from './http/route-list.ts';
export type { RouteSummary } from './http/route-list.ts';
import type { Config } from './config.ts';
import { createDatabase } from './db/index.ts';
import type { DatabaseHandle } from './db/index.ts';
import { startTempSweeper } from './storage/temp-files.ts';
import { sendError } from './http/error-handler.ts';
import { createHttpServer, registerPlugins } from './http/server.ts';
import type { HttpServer } from './http/server.ts';
import type { DocumentSource } from './http/openapi-document.ts';
import { refuseUnstorableText } from './http/text-input.ts';
import { multipartFields } from './http/multipart-fields.ts';
import { createLogger } from './logger.ts';
import { ringOf } from './log-ring.ts';
import type { LogRing } from './log-ring.ts';
import { createSessionsRepository } from './modules/sessions/repository.ts';
import { sessionsRoutes } from './modules/sessions/routes.ts';
import { twoFactorSessionRoutes } from './modules/sessions/two-factor-routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { createSettingsRepository } from './modules/settings/repository.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { createTokensRepository } from './modules/tokens/repository.ts';
import { tokensRoutes } from './modules/tokens/routes.ts';
import { identitiesRoutes } from './modules/identities/routes.ts';
import { accountMailRoutes } from './modules/account-mail/routes.ts';
import { adminMailRoutes } from './modules/account-mail/admin-routes.ts';
import { signInFlowRoutes } from './modules/sign-in-providers/flow-routes.ts';
import { signInProvidersRoutes } from './modules/sign-in-providers/routes.ts';
import { assertPasswordSignInAllowed } from './modules/sign-in-providers/password-sign-in.ts';
import { syncDeclaredProviders } from './modules/sign-in-providers/env-sync.ts';
import { createAppsRepository } from './modules/apps/repository.ts';
import { appsRoutes } from './modules/apps/routes.ts';
import { createAppsService } from './modules/apps/service.ts';
import { createChannelsRepository } from './modules/channels/repository.ts';
import { channelsRoutes } from './modules/channels/routes.ts';
import { createChannelsService } from './modules/channels/service.ts';
import { createCollaboratorsRepository } from './modules/collaborators/repository.ts';
import { collaboratorsRoutes } from './modules/collaborators/routes.ts';
import { createCollaboratorsService } from './modules/collaborators/service.ts';
import { createSchemesRepository } from './modules/schemes/repository.ts';
import { schemesRoutes } from './modules/schemes/routes.ts';
import { createSchemesService } from './modules/schemes/service.ts';
import { createUsersRepository } from './modules/users/repository.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { createVersionsRepository } from './modules/versions/repository.ts';
import { versionsRoutes } from './modules/versions/routes.ts';
import { createVersionsService } from './modules/versions/service.ts';
import { createReleasesRepository } from './modules/releases/repository.ts';
import { releasesRoutes } from './modules/releases/routes.ts';
import { createReleasesService } from './modules/releases/service.ts';
import { createReleasePresenter } from './modules/releases/presenter.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { createUploadsService } from './modules/uploads/service.ts';
import { createStorage } from './storage/index.ts';
import type { Storage } from './storage/storage.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { buildAccounts } from './app-accounts.ts';
import { registerOperationsRoutes } from './app-operations.ts';
import { maintenanceHook } from './modules/backups/maintenance.ts';
import { noMailer } from './mail/mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { createSmtpMailer } from './mail/smtp.ts';
import { createJobQueue } from './jobs/index.ts';
import type { JobLog } from './jobs/deps.ts';
import { JOB_KINDS, registerJobKinds } from './jobs/handlers.ts';
import type { JobQueue } from './jobs/types.ts';
import { createEvents } from './events/events.ts';
import { createGrants } from './auth/grants.ts';
import { createLimiters } from './auth/limiters.ts';
import { createAccessService } from './modules/access/service.ts';
import { createDownloadsRepository } from './modules/downloads/repository.ts';
import { downloadsRoutes } from './modules/downloads/routes.ts';
import { createDownloadsService } from './modules/downloads/service.ts';
import { createPagesRepository } from './modules/pages/repository.ts';
import { pagesRoutes } from './modules/pages/routes.ts';
import { sendNotFoundPage, wantsPage } from './modules/pages/not-found.ts';
import { siteLocaleReader } from './pages/site-locale.ts';
import { iconsRoutes } from './modules/icons/routes.ts';
import { createPagesService } from './modules/pages/service.ts';
import { qrcodesRoutes } from './modules/qrcodes/routes.ts';
import { readVersionInfo } from './version.ts';
import { createDevicesRepository } from './modules/devices/repository.ts';
import { devicesRoutes, udidRoutes } from './modules/devices/routes.ts';
import { createDevicesService } from './modules/devices/service.ts';
import { createChallenges } from './modules/devices/challenge.ts';
import { webRoutes } from './modules/web/routes.ts';
import { zealotLinksRoutes } from './modules/zealot-links/routes.ts';
import { createZealotLinksService } from './modules/zealot-links/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { appPresets } from './modules/settings/presets.ts';
import { registrationRoutes } from './modules/users/registration-routes.ts';
import { invitationsRoutes } from './modules/invitations/routes.ts';
import { createDashboardRepository } from './modules/dashboard/repository.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createDashboardService } from './modules/dashboard/service.ts';
import { adminJobsRoutes } from './modules/admin-jobs/routes.ts';
import { createAdminSchedulesService } from './modules/admin-schedules/service.ts';
import { createAdminJobsService } from './modules/admin-jobs/service.ts';
import { createZealotImportRepository } from './modules/zealot-import/repository.ts';
import { zealotImportRoutes } from './modules/zealot-import/routes.ts';
import { createZealotImportService } from './modules/zealot-import/service.ts';
import { teardownRoutes } from './modules/teardown/routes.ts';
import { createTeardownService } from './modules/teardown/service.ts';
import { createDebugFilesRepository } from './modules/debug-files/repository.ts';
import { debugFileFileRoutes, debugFilesRoutes, debugFileUploadRoutes } from './modules/debug-files/routes.ts';
import { createDebugFilesService } from './modules/debug-files/service.ts';
import { createDownloadSigner, DOWNLOAD_LINK_TTL_SECONDS } from './modules/debug-files/fns.ts';
import { webhooksRoutes } from './modules/webhooks/routes.ts';
import { lazyWebhooks } from './modules/webhooks/lazy.ts';
import { createSubscribersRepository } from './modules/subscribers/repository.ts';
import { subscribersRoutes } from './modules/subscribers/routes.ts';
import { subscriberPageRoutes } from './modules/subscribers/page-routes.ts';
import { createSubscribersService } from './modules/subscribers/service.ts';
import { createSubscriberTokens } from './modules/subscribers/fns.ts';
import type { Meter } from './modules/metrics/types.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { createAuditLog } from './modules/audit/service.ts';
import { createAuditReader } from './modules/audit/reader.ts';
import { refuseDemoWrites } from './modules/demo/read-only.ts';

/** What a test or another deployment swaps without touching the rest (an S3 store, a fixed clock). */
export interface Parts {
  /** Where build files, icons and debug files live; local disk under TARMAC_DATA_DIR by default. */
  storage: Storage;
  /** The time services write into rows and expiries count from; the system clock by default. */
  clock: Clock;
  /** Where mail goes out: the SMTP server of TARMAC_SMTP_URL, or nowhere (dropped) when it is unset. */
  mailer: Mailer;
}

/** Log lines of the parts that run outside a request (jobs, events); the app's logger in the server. */
const quietLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface BuildOptions extends Partial<Parts> {
  config: Config;
  /** Where log lines go; stdout (or pino-pretty) when omitted. Tests capture logs here. */
  logDestination?: DestinationStream;
  /** An already open database; opened from config.database when omitted. */
  database?: DatabaseHandle;
  /** The built web app (Vite's output); packages/web/dist when omitted. */
  webDir?: string;
  /** Whether this process runs the background jobs (`tarmac serve` does); otherwise it only queues them. */
  runJobs?: boolean;
  /** The job queue; made for the configured database when omitted. */
  jobs?: JobQueue;
  /** The OpenAPI document from the route schemas (@fastify/swagger), for `npm run api`; the committed file otherwise. */
  liveOpenApi?: boolean;
}

const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/** The parts given, the others made from the configuration (`log` takes the storage's failures). */
export function buildParts(config: Config, given: Partial<Parts> = {}, log: JobLog = quietLog): Parts {
  return {
    storage: given.storage ?? createStorage(config, log),
    clock: given.clock ?? systemClock,
    mailer: given.mailer ?? (config.mail ? createSmtpMailer(config.mail) : noMailer),
  };
}

/** Step 1: every module's repository, on one database. */
export function buildRepositories(database: DatabaseHandle) {
  const { db, engine } = database;
  return {
    usersRepository: createUsersRepository(db, engine),
    sessionsRepository: createSessionsRepository(db),
    tokensRepository: createTokensRepository(db),
    settingsRepository: createSettingsRepository(db),
    dashboardRepository: createDashboardRepository(db),
    debugFilesRepository: createDebugFilesRepository(db, engine),
    appsRepository: createAppsRepository(db),
    schemesRepository: createSchemesRepository(db),
    channelsRepository: createChannelsRepository(db, engine),
    collaboratorsRepository: createCollaboratorsRepository(db, engine),
    versionsRepository: createVersionsRepository(db, engine),
    releasesRepository: createReleasesRepository(db, engine),
    pagesRepository: createPagesRepository(db),
    downloadsRepository: createDownloadsRepository(db),
    devicesRepository: createDevicesRepository(db),
    subscribersRepository: createSubscribersRepository(db),
    auditRepository: createAuditRepository(db),
  };
}

export type Repositories = ReturnType<typeof buildRepositories>;

/**
 * Step 2: the services, built once, shared by the HTTP routes and the `tarmac` command. Each takes
 * only the repositories, services and parts it uses.
 */
export function buildServices(
  config: Config,
  database: DatabaseHandle,
  given: Partial<Parts> & { jobs?: JobQueue; meter?: Meter } = {},
  log: JobLog = quietLog,
) {
  const { storage, clock, mailer } = buildParts(config, given, log);
  // Background work and what happened: jobs are queued in the database, run by `tarmac serve`.
  const jobs = given.jobs ?? createJobQueue(config.database, database, clock, {
    concurrency: config.jobsConcurrency,
    onError: (error) => log.error({ err: error }, 'Background jobs: an error outside any job'),
  });
  const events = createEvents(jobs, clock, log);
  const {
    usersRepository, sessionsRepository, tokensRepository, settingsRepository, dashboardRepository, debugFilesRepository,
    appsRepository, schemesRepository, channelsRepository, collaboratorsRepository, versionsRepository, releasesRepository,
    pagesRepository, downloadsRepository, devicesRepository, subscribersRepository, auditRepository,
  } = buildRepositories(database);
  const { secretKey, slugGraceDays } = config;
  // The audit log (modules/audit): routes record through request.audit(), the CLI and jobs through auditLog.record().
  const auditLog = createAuditLog({ auditRepository, clock, log });

  // Accounts and sign-in (app-accounts.ts).
  const accounts = buildAccounts(config, database, {
    usersRepository, sessionsRepository, tokensRepository, settingsRepository, collaboratorsRepository, mailer, clock, log,
  });
  const dashboardService = createDashboardService({ dashboardRepository, usersRepository, debugFilesRepository, jobs });
  const adminJobsService = createAdminJobsService({ jobs });
  const adminSchedulesService = createAdminSchedulesService({ db: database.db, jobs, clock, kinds: JOB_KINDS });
  const zealotImportService = createZealotImportService({ zealotImportRepository: createZealotImportRepository(database.db) });
  const teardownService = createTeardownService();

  // [services] Distribution: apps → schemes → channels → releases, who may see them, and uploads.
  const appsService = createAppsService({
    appsRepository, schemesRepository, channelsRepository, collaboratorsRepository, releasesRepository, storage, debugFilesRepository,
    slugGraceDays, clock, presets: () => appPresets(accounts.settingsService),
  });
  const schemesService = createSchemesService({
    schemesRepository, channelsRepository, collaboratorsRepository, appsRepository, storage, clock,
  });
  const channelsService = createChannelsService({
    channelsRepository, schemesRepository, collaboratorsRepository, appsRepository, storage, slugGraceDays, clock,
  });
  const collaboratorsService = createCollaboratorsService({ collaboratorsRepository, appsRepository, usersRepository, clock });
  const grants = createGrants(secretKey, config.channelGrantHours, clock);
  const versionsService = createVersionsService({ versionsRepository, writeGeneration: () => database.writeGeneration(), clock, grants });
  const releasesService = createReleasesService({ releasesRepository, collaboratorsRepository, storage, clock });
  const releasePresenter = createReleasePresenter({ releasesService, grants, clock });
  const accessService = createAccessService({ releasesRepository, collaboratorsRepository, grants });
  const pagesService = createPagesService({ pagesRepository, accessService });
  const downloadsService = createDownloadsService({ accessService, storage, downloadsRepository, accel: config.downloadAccel });
  const signer = createDownloadSigner(secretKey, DOWNLOAD_LINK_TTL_SECONDS, clock);
  const debugFilesService = createDebugFilesService({
    debugFilesRepository, releasesRepository, collaboratorsRepository, storage, signer, clock,
  });
  const challenges = createChallenges(secretKey, config.udidChallengeMinutes * 60, clock);
  const devicesService = createDevicesService({ devicesRepository, accessService, challenges, secretKey, clock });
  const uploadsService = createUploadsService({
    releasesRepository, releasesService, appsRepository, schemesRepository, channelsRepository, collaboratorsRepository,
    storage, devicesService, slugGraceDays, clock, meter: given.meter,
  });
  // Webhooks: channel and shared hooks, previews, tests and the delivery log, made on first use (modules/webhooks).
  const webhooks = lazyWebhooks({ config, database, channelsRepository, collaboratorsRepository, jobs, clock });
  const subscribersService = createSubscribersService({
    subscribersRepository, channelsRepository, collaboratorsRepository, queue: jobs, tokens: createSubscriberTokens(secretKey), clock,
    mailConfigured: config.mail !== null, defaultLocale: config.defaultLocale,
  });
  return {
    webhooks,
    ...accounts, dashboardService, teardownService, appsService, schemesService,
    channelsService, collaboratorsService, versionsService, releasesService, releasePresenter, uploadsService, accessService,
    downloadsService, pagesService, devicesService, debugFilesService, subscribersService, storage, clock, mailer, jobs, events,
    adminJobsService, adminSchedulesService, zealotImportService, auditLog, auditReader: createAuditReader({ auditRepository }),
  };
}

export type Services = ReturnType<typeof buildServices>;

export async function buildApp({ config, logDestination, database, webDir, runJobs = false, liveOpenApi = false, ...given }: BuildOptions) {
  const logger = createLogger(config, logDestination);
  const handle = database ?? createDatabase(config.database, { log: logger });
  const observed = await loadMetrics(config, handle, logger);
  const services = buildServices(config, handle, { ...given, meter: observed?.metrics.meter }, logger); // steps 1 and 2
  observed?.metrics.watchJobs(services.jobs);
  const app = createHttpServer(config, logger);
  const routes = recordRoutes(app as unknown as FastifyInstance);
  if (config.demo) app.addHook('onRequest', refuseDemoWrites); // demo mode: a read-only showcase (modules/demo)
  app.addHook('onRequest', maintenanceHook(handle.db)); // 503 while a restore replaces the data (modules/backups)
  observed?.observeRequests(app as unknown as FastifyInstance, observed.metrics);
  const openApiDocument = await registerPlugins(app, config, services, liveOpenApi);
  const logRing = ringOf(logger);
  const routeDeps = { config, services, database: handle, webDir: webDir ?? DEFAULT_WEB_DIR, openApiDocument, observed, logRing };
  await registerRoutes(app, routeDeps); // step 3

  // What interrupted uploads left in the temp folder: swept at start and every 15 minutes.
  let stopSweeper: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopSweeper = startTempSweeper(services.storage.tempDir, app.log);
    // Sign-in providers declared by TARMAC_SIGN_IN_PROVIDERS (config-sign-in.ts), written with source 'env'.
    const { signInProvidersRepository, providerSecrets: secretBox } = services;
    // (`npm run api` and a few tests build on a database they never migrate: logged, not fatal.)
    await syncDeclaredProviders(config.signInProviders, { signInProvidersRepository, secretBox, clock: services.clock }).then(
      (synced) => synced.written.length + synced.disabled.length > 0 && app.log.info(synced, 'Sign-in providers from TARMAC_SIGN_IN_PROVIDERS'),
      (error: unknown) => app.log.error({ err: error }, 'Sign-in providers from TARMAC_SIGN_IN_PROVIDERS could not be written'),
    );
    // Every kind of job is known (its code loads when one first runs); this process runs them when asked.
    const { jobs, clock, mailer, storage } = services;
    // Demo mode: the showcase is wiped and seeded at every start (and daily by demo.reset).
    if (config.demo) await (await import('./modules/demo/reset.ts')).resetDemo({ config, database: handle, storage, clock, log: app.log });
    registerJobKinds(jobs, { config, database: handle, clock, mailer, storage, log: app.log });
    if (runJobs) await jobs.start();
  });

  app.addHook('onClose', async () => {
    await stopSweeper?.();
    await services.jobs.stop();
    if (!database) await handle.close();
  });

  return { app: app as unknown as FastifyInstance, services, database: handle, routes };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** GET /metrics (TARMAC_METRICS): prom-client, its registry and the request hook, loaded only when it is on. */
async function loadMetrics(config: Config, database: DatabaseHandle, log: JobLog) {
  if (!config.metrics.enabled) return undefined;
  const [{ createMetrics }, { metricsRoutes, observeRequests }] = await Promise.all([
    import('./modules/metrics/service.ts'),
    import('./modules/metrics/routes.ts'),
  ]);
  return { metrics: createMetrics({ database, log }), metricsRoutes, observeRequests };
}

type ObservedMetrics = Awaited<ReturnType<typeof loadMetrics>>;

interface RouteDeps {
  config: Config;
  services: Services;
  openApiDocument: DocumentSource;
  database: DatabaseHandle;
  webDir: string;
  /** GET /metrics and what it counts; undefined when TARMAC_METRICS is off. */
  observed: ObservedMetrics;
  /** This process's recent log lines (GET /api/admin/logs). */
  logRing: LogRing;
}

/** Step 3c: each module's route plugin, in the scope that parses its bodies, then the web app. */
async function registerRoutes(app: HttpServer, deps: RouteDeps): Promise<void> {
  const { config, services: s, database, webDir, openApiDocument, observed, logRing } = deps;
  const limiters = createLimiters(config, s.clock, database); // shared by every instance on PostgreSQL
  const { signInAttempts, unlockAttempts, udidRegistrations, passwordAttempts, subscribeLimits } = limiters;
  const { accountMailLimits, twoFactorAttempts } = limiters;
  const { externalUrl, defaultLocale, maxUploadBytes } = config;
  const version = readVersionInfo(config.build);
  // Every list's per_page: the settings' default when absent, 422 above their maximum (http/page-size.ts).
  applyPageSizes(app as unknown as FastifyInstance, () => s.settingsService.pageSizes());

  // JSON, form and multipart-field bodies for every route but the streaming uploads. The
  // multipart parser is registered inside each scope: Fastify keeps content-type parsers
  // per scope, so upload routes can stream their file parts instead.
  await app.register(
    async (api) => {
      await api.register(multipartFields, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 200, fieldSize: 1024 * 1024 } });
      api.addHook('preValidation', refuseUnstorableText); // multipart fields, now in the body
      api.addHook('preValidation', app.authenticate);
      await api.register(systemRoutes, { ping: () => database.ping(), version });
      // Running the instance: health, system, settings, logs, schedules, audit log, backups, demo mode.
      await registerOperationsRoutes(api, { config, services: s, database, version, logRing });
      const passwordSignIn = () => assertPasswordSignInAllowed(s.settingsService);
      await api.register(sessionsRoutes, { sessionsService: s.sessionsService, externalUrl, attempts: signInAttempts, passwordSignIn });
      await api.register(usersRoutes, { usersService: s.usersService, passwordAttempts });
      await api.register(tokensRoutes, { tokensService: s.tokensService });
      await api.register(identitiesRoutes, { identitiesService: s.identitiesService });
      const accountMail = { accountMailService: s.accountMailService, externalUrl, limits: accountMailLimits, passwordSignIn };
      await api.register(accountMailRoutes, accountMail);
      const { mailer, settingsService } = s;
      await api.register(adminMailRoutes, { mail: config.mail, mailer, externalUrl, settingsService });
      await api.register(twoFactorSessionRoutes, { sessionsService: s.sessionsService, externalUrl, attempts: twoFactorAttempts });
      await api.register(twoFactorRoutes, { twoFactorService: s.twoFactorService, passwordAttempts });
      await api.register(signInProvidersRoutes, {
        signInProvidersService: s.signInProvidersService, identitiesService: s.identitiesService, externalUrl, attempts: signInAttempts,
      });
      // [routes] Distribution route plugins register here.
      await api.register(debugFilesRoutes, { debugFilesService: s.debugFilesService });
      await api.register(settingsRoutes, { settingsService: s.settingsService });
      const resendLimits = limiters.confirmationResends;
      const { registrationService, invitationsService, sessionsService } = s;
      await api.register(registrationRoutes, { registrationService, sessionsService, externalUrl, resendLimits, passwordSignIn });
      await api.register(invitationsRoutes, { invitationsService, sessionsService, externalUrl, passwordSignIn });
      await api.register(dashboardRoutes, { dashboardService: s.dashboardService });
      await api.register(adminJobsRoutes, { adminJobsService: s.adminJobsService });
      await api.register(zealotImportRoutes, { zealotImportService: s.zealotImportService });
      await api.register(devicesRoutes, { devicesService: s.devicesService });
      const { releasesService, releasePresenter, accessService } = s;
      await api.register(releasesRoutes, { releasesService, releasePresenter, accessService, events: s.events, guestMode: () => s.settingsService.get('guest_mode') });
      await api.register(appsRoutes, { appsService: s.appsService, guestMode: () => s.settingsService.get('guest_mode') });
      await api.register(schemesRoutes, { schemesService: s.schemesService });
      await api.register(channelsRoutes, { channelsService: s.channelsService });
      await api.register(collaboratorsRoutes, { collaboratorsService: s.collaboratorsService });
      await api.register(versionsRoutes, { versionsService: s.versionsService });
      await api.register(webhooksRoutes, { webhooks: s.webhooks });
      await api.register(subscribersRoutes, { subscribersService: s.subscribersService });
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => openApiDocument());
    },
    { prefix: '/api' },
  );
  // Streaming uploads: file parts go to storage as they arrive (receiveUpload(request.raw)).
  await app.register(
    async (uploads) => {
      // The body stays unread: the route parses it as it streams in (uploads/multipart.ts).
      uploads.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
      // Upload routes read their multipart fields themselves; this sees the query and headers.
      uploads.addHook('preValidation', app.authenticate);
      const { tempDir } = s.storage;
      const { tokensService } = s;
      // [upload-routes] Upload route plugins register here.
      const { debugFilesService, events } = s;
      await uploads.register(debugFileUploadRoutes, { debugFilesService, tokensService, tempDir, maxUploadBytes, events });
      await uploads.register(teardownRoutes, { teardownService: s.teardownService, tempDir, maxUploadBytes });
      const { uploadsService, releasePresenter } = s;
      await uploads.register(uploadsRoutes, { uploadsService, tokensService, tempDir, maxUploadBytes, releasePresenter, events: s.events });
    },
    { prefix: '/api' },
  );

  // Public pages and files outside /api: install pages, manifests, downloads, QR codes, /udid.
  // Each route declares config.auth ('public' or 'optional': a signed-in user may pass a channel password).
  // Zealot's old links (ids remapped by `tarmac import zealot`) are looked up by zealotLinks.
  const zealotLinks = createZealotLinksService(database.db);
  // The pages' language when the visitor asks for none: the default_locale setting as each request comes.
  const siteLocale = siteLocaleReader(() => s.settingsService.get('default_locale'), defaultLocale);
  await app.register(async (pub) => {
    pub.addHook('preValidation', app.authenticate);
    const { accessService } = s;
    // [public-routes] Public page and file route plugins register here.
    await pub.register(debugFileFileRoutes, { debugFilesService: s.debugFilesService, zealotLinks });
    await pub.register(udidRoutes, { devicesService: s.devicesService, defaultLocale, siteLocale, registrations: udidRegistrations });
    const meter = observed?.metrics.meter;
    const { downloadsService, events } = s;
    await pub.register(downloadsRoutes, { downloadsService, accessService, clock: s.clock, events, meter, zealotLinks });
    const subscribeForm = config.mail !== null;
    const { subscribersService, pagesService, clock } = s;
    const pageSettings = async () => ({
      siteTitle: await s.settingsService.get('site_title'), inAppBrowsers: await s.settingsService.get('in_app_browsers'),
      defaultLocale: await s.settingsService.get('default_locale'),
    });
    await pub.register(pagesRoutes, {
      pagesService, accessService, defaultLocale, unlockAttempts, clock, subscribeForm, zealotLinks, pageSettings,
    });
    const limits = subscribeLimits;
    await pub.register(subscriberPageRoutes, {
      subscribersService, pagesService, accessService, defaultLocale, siteLocale, limits, externalUrl,
    });
    await pub.register(qrcodesRoutes, { accessService, zealotLinks });
    await pub.register(zealotLinksRoutes, { zealotLinks });
    await pub.register(signInFlowRoutes, { signInFlow: s.signInFlow, config });
  });

  // GET /metrics for Prometheus, when TARMAC_METRICS is on (modules/metrics).
  if (observed) await app.register(observed.metricsRoutes, { metrics: observed.metrics, token: config.metrics.token });

  // The web app: its assets and the URLs of its screens (index.html); the icons of every page.
  await app.register(webRoutes, { webDir, appsRedirect: (url) => zealotLinks.appsRedirect(url) });
  await app.register(iconsRoutes);

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendNotFoundPage(request, reply, await siteLocale(request));
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api')) return sendError(reply, 404, `API not found: ${request.method} ${path}`, 'api.not_found', { method: request.method, path });
    return sendError(reply, 404, 'Page not found', 'page.not_found');
  });
}
