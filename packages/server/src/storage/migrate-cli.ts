// `tarmac storage migrate --to s3|local [--delete-source]` (migrate.ts does the work). Both
// directions read the bucket's settings from TARMAC_S3_* (whatever TARMAC_STORAGE says now), and
// the local store is TARMAC_DATA_DIR/storage. Progress and the summary go to stderr; the exit
// code is 1 when any object did not make it.
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createLocalStorage } from './local.ts';
import { formatBytes, migrateObjects, referencedObjects } from './migrate.ts';
import { createS3Storage } from './s3.ts';

type Env = Record<string, string | undefined>;

export async function storageMigrate(env: Env, to: 's3' | 'local', deleteSource: boolean, write: (line: string) => void): Promise<number> {
  const config = loadConfig({ ...env, TARMAC_STORAGE: 's3' });
  if (config.storage.kind !== 's3') throw new Error('unreachable: TARMAC_STORAGE=s3 was set');
  const { s3 } = config.storage;
  const log = { error: (object: object, message: string) => write(`${message}: ${String((object as { err?: unknown }).err)}`) };
  const local = createLocalStorage(config.dataDir);
  const bucket = createS3Storage(s3, config.dataDir, log);
  const [from, target] = to === 's3' ? [local, bucket] : [bucket, local];
  const localName = `the local disk (${config.dataDir}/storage)`;
  const bucketName = `S3 bucket ${s3.bucket}${s3.prefix ? ` under ${s3.prefix}` : ''}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`;

  const database = createDatabase(config.database);
  let objects;
  try {
    await migrateToLatest(database);
    objects = await referencedObjects(database.db);
  } finally {
    await database.close();
  }
  const [source, destination] = to === 's3' ? [localName, bucketName] : [bucketName, localName];
  write(`Copying ${objects.length} objects from ${source} to ${destination}, verifying each by SHA-256.`);
  const report = await migrateObjects({ from, to: target, objects, deleteSource, progress: write });
  const { copied, present } = report.counts;
  const notMoved = report.problems.length;
  write(`${copied} copied, ${present} already there, ${notMoved} not moved; ${formatBytes(report.bytes)} verified at the target.`);
  if (report.problems.length > 0) {
    write('Not moved (fix these and run the command again; it resumes where it stopped):');
    for (const problem of report.problems) write(`  ${problem}`);
    if (deleteSource) write('Nothing was deleted from the source.');
    return 1;
  }
  if (deleteSource) write(`Deleted ${report.deleted} objects from the source.`);
  else write('The source still holds every object: delete it once Tarmac runs on the new store, or run again with --delete-source.');
  write(
    to === 's3'
      ? 'Now set TARMAC_STORAGE=s3 (keeping the TARMAC_S3_* variables) and restart Tarmac.'
      : 'Now set TARMAC_STORAGE=local, unset the TARMAC_S3_* variables, and restart Tarmac.',
  );
  return 0;
}
