// Demo mode's reset (docs/demo-mode.md): every app, release, account and setting is wiped and the
// showcase is seeded again: three demo accounts and two sample apps with schemes, channels and
// sample releases whose small files are made here (they are not real builds and say so).
// It runs at start and daily at 00:00 UTC (job demo.reset), and refuses to run unless
// TARMAC_DEMO_MODE is on: a normal instance is never wiped. Loaded only in demo mode.
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { Database, DeviceType } from '../../db/types.ts';
import type { JobLog } from '../../jobs/deps.ts';
import type { Storage } from '../../storage/storage.ts';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { DEMO_ACCOUNTS } from './accounts.ts';

/** Children before parents (foreign keys). The job queue and sign-in providers stay. */
const WIPED_TABLES = [
  'webhook_attempts', 'webhook_deliveries', 'webhook_channels', 'webhooks', 'subscriber_mails', 'channel_subscribers',
  'debug_file_entries', 'debug_files', 'releases', 'retired_slugs', 'channels', 'schemes', 'collaborators', 'apps',
  'devices', 'udid_challenges', 'zealot_import_map', 'user_identities', 'account_tokens', 'invitations',
  'user_recovery_codes', 'api_tokens', 'sessions', 'attempt_failures', 'audit_events', 'settings', 'users',
] as const satisfies readonly (keyof Database)[];


interface SampleChannel { name: string; deviceType: DeviceType; format: string; file: string; password?: string }
interface SampleApp { name: string; scheme: string; bundleId: string; channels: SampleChannel[] }

const SAMPLE_APPS: SampleApp[] = [
  {
    name: 'Sample Weather', scheme: 'Beta', bundleId: 'com.example.demo.weather',
    channels: [
      { name: 'Android', deviceType: 'android', format: 'apk', file: 'sample-weather.apk' },
      { name: 'iOS', deviceType: 'ios', format: 'ipa', file: 'sample-weather.ipa' },
    ],
  },
  {
    name: 'Sample Notes', scheme: 'Nightly', bundleId: 'com.example.demo.notes',
    channels: [{ name: 'Android (password: demo)', deviceType: 'android', format: 'apk', file: 'sample-notes.apk', password: 'demo' }],
  },
];

export interface ResetDeps {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  clock: Clock;
  log: JobLog;
}

export class DemoModeOffError extends Error {
  constructor() {
    super('The demo reset wipes every app and account: it runs only with TARMAC_DEMO_MODE=true');
  }
}

/** Wipes the data and seeds the showcase; throws DemoModeOffError on a normal instance. */
export async function resetDemo({ config, database, storage, clock, log }: ResetDeps): Promise<void> {
  if (!config.demo) throw new DemoModeOffError();
  const passwordHash = await hashPassword(config.demo.password);
  const now = clock.now();
  const files: { key: string; bytes: Buffer }[] = [];
  let stale: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    // Instances starting together on PostgreSQL reset one after the other, not into each other's rows.
    if (database.engine === 'postgres') await sql`select pg_advisory_xact_lock(${DEMO_RESET_LOCK})`.execute(trx);
    stale = await storedKeys(trx);
    for (const table of WIPED_TABLES) await trx.deleteFrom(table).execute();
    const userIds = await seedAccounts(trx, passwordHash, now);
    for (const app of SAMPLE_APPS) files.push(...(await seedApp(trx, app, userIds, now)));
  });
  for (const file of files) await storage.putBuffer(file.key, file.bytes);
  // The wiped releases' and debug files' objects (best effort: a leftover is only disk space).
  for (const key of stale) await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'Demo reset: a file stays'));
  log.info({ accounts: DEMO_ACCOUNTS.length, apps: SAMPLE_APPS.length }, 'Demo mode: the data was reset to the showcase');
}

/** An arbitrary number that names the reset's PostgreSQL advisory lock. */
const DEMO_RESET_LOCK = 7_319_001;

async function storedKeys(trx: Transaction<Database>): Promise<string[]> {
  const releases = await trx.selectFrom('releases').select(['file_key', 'icon_key']).execute();
  const debugFiles = await trx.selectFrom('debug_files').select('file_key').execute();
  return [...releases.flatMap((row) => [row.file_key, row.icon_key]), ...debugFiles.map((row) => row.file_key)]
    .filter((key): key is string => key !== null && key !== '');
}

async function seedAccounts(trx: Transaction<Database>, passwordHash: string, now: string): Promise<number[]> {
  const ids: number[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = await trx.insertInto('users').values({
      username: account.username, email: `${account.username}@demo.invalid`, password_hash: passwordHash, role: account.role,
      locale: account.locale, appearance: 'auto', timezone: 'UTC', locked: false, locked_at: null, last_sign_in_at: null,
      email_confirmed_at: now, created_at: now, updated_at: now, totp_secret: null, totp_enabled_at: null, totp_last_step: null,
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** A few bytes that say what they are: a sample, not an installable build. */
function sampleFile(app: string, channel: string, version: number): Buffer {
  return Buffer.from(`Tarmac demo sample: not a real build. ${app}, ${channel}, build ${version}.\n`);
}

async function seedApp(trx: Transaction<Database>, sample: SampleApp, userIds: number[], now: string) {
  const app = await trx.insertInto('apps').values({ name: sample.name, archived: false, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const [adminId, adminZhId, memberId] = userIds as [number, number, number];
  await trx.insertInto('collaborators').values([
    { app_id: app.id, user_id: adminId, role: 'admin', owner: true, created_at: now, updated_at: now },
    { app_id: app.id, user_id: adminZhId, role: 'admin', owner: false, created_at: now, updated_at: now },
    { app_id: app.id, user_id: memberId, role: 'member', owner: false, created_at: now, updated_at: now },
  ]).execute();
  const scheme = await trx.insertInto('schemes').values({
    app_id: app.id, name: sample.scheme, new_build_callout: true, retained_builds: 0, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const files: { key: string; bytes: Buffer }[] = [];
  for (const channel of sample.channels) {
    const row = await trx.insertInto('channels').values({
      scheme_id: scheme.id, name: channel.name, slug: randomBytes(5).toString('hex'), key: randomBytes(16).toString('hex'),
      device_type: channel.deviceType, bundle_id: sample.bundleId, git_url: null,
      password_hash: channel.password ? await hashPassword(channel.password) : null,
      download_filename_type: 'version_datetime', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    for (const version of [1, 2]) {
      const bytes = sampleFile(sample.name, channel.name, version);
      const key = `releases/demo-${randomBytes(6).toString('hex')}/${channel.file}`;
      files.push({ key, bytes });
      await trx.insertInto('releases').values({
        channel_id: row.id, version, release_version: `1.${version}.0`, build_version: String(version), version_key: `1.${version}.0+${version}`,
        release_type: 'sample', source: 'demo', name: sample.name, bundle_id: sample.bundleId, platform: channel.deviceType,
        device_type: 'phone', format: channel.format, size: bytes.length, checksum: createHash('sha256').update(bytes).digest('hex'),
        file_key: key, file_name: channel.file, icon_key: null,
        changelog: JSON.stringify([{ message: 'A sample build made by demo mode: not installable, reset daily at 00:00 UTC.' }]),
        custom_fields: '[]', metadata: '{}', uploader_id: adminId, created_at: now, updated_at: now,
      }).execute();
    }
  }
  return files;
}
