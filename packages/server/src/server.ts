// Running the service: migrate, bootstrap, listen, and shut down gracefully on SIGTERM or
// SIGINT (stop accepting, let requests in flight finish, close the database).
import { buildApp } from './app.ts';
import { ensureAdmin } from './bootstrap.ts';
import type { Config } from './config.ts';
import { describeDatabase } from './config.ts';
import { createDatabase } from './db/index.ts';
import { holdServeLock } from './db/serve-lock.ts';
import { checkSharedSecretKey, KEY_MISMATCH } from './auth/key-check.ts';
import { createSettingsRepository } from './modules/settings/repository.ts';
import { collectGarbage } from './gc.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { resumeOptimisingCompilers } from './tiering.ts';
import { readVersionInfo } from './version.ts';

export async function serve(config: Config): Promise<void> {
  // SQLite serves one instance: a second server on the same file refuses to start (db/serve-lock.ts).
  const serveLock = config.database.engine === 'sqlite' ? holdServeLock(config.database.filename) : undefined;
  const bootLog = createLogger({ ...config, logBufferLines: 0 }); // the app's logger keeps the recent lines
  const database = createDatabase(config.database, { log: bootLog });
  try {
    const { applied } = await migrateToLatest(database);
    if (applied.length > 0) bootLog.info({ migrations: applied }, `Applied ${applied.length} database migration(s)`);
  } catch (error) {
    await database.close();
    serveLock?.release();
    throw error;
  }

  const { app, services } = await buildApp({ config, database, runJobs: true });
  await ensureAdmin(config, services.usersService, app.log as never);
  // Several instances share PostgreSQL: they must share the secret key too (auth/key-check.ts).
  if (config.database.engine === 'postgres' && !(await checkSharedSecretKey(createSettingsRepository(database.db), config.secretKey, services.clock))) {
    app.log.error(KEY_MISMATCH);
  }
  await services.sessionsService.sweepExpired();
  await services.accountTokens.sweep();

  await app.listen({ port: config.port, host: config.host });
  resumeOptimisingCompilers();
  collectGarbage('major');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const version = readVersionInfo(config.build);
  app.log.info(
    { url: config.externalUrl, port, database: config.database.engine, dataDir: config.dataDir, version: version.version },
    `Tarmac ${version.version} is ready at ${config.externalUrl} (listening on ${config.host}:${port}; database ${describeDatabase(config.database)}; ` +
      `data in ${config.dataDir}${config.storage.kind === 's3' ? `; files in S3 bucket ${config.storage.s3.bucket}` : ''})`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    const timer = setTimeout(() => {
      app.log.error(`Requests still running after ${config.shutdownTimeoutSeconds} s; exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    timer.unref();
    app
      .close()
      .then(async () => {
        await database.close();
        serveLock?.release();
        app.log.info('Stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'Error while stopping');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
