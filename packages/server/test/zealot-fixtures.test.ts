// The Zealot installations the importer's tests start from (helpers/zealot/): for each schema shape
// (4.7, 5.3, 6) a real database on PostgreSQL and the uploads tree, checked against Zealot's schema
// reference (../shared/reference/zealot-schema.md: every table and column of the newest schema, and
// what older shapes lack), and a backup archive checked as Zealot's restore would read it: three
// members, valid gzip, a dump that psql restores into an empty database with the same rows.
// Zealot's side always needs PostgreSQL: DATABASE_URL on PostgreSQL runs, TARMAC_CI_PG_URL (the
// cluster .ci/run starts for both runs) on SQLite runs; without either the test fails, it never skips.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './helpers/debug-files.ts';
import { makeZealotBackup, postgresTool, serverMajor } from './helpers/zealot/backup.ts';
import type { ZealotBackup } from './helpers/zealot/backup.ts';
import { addZealotRelease } from './helpers/zealot/changes.ts';
import { createZealotInstallation, withDatabase, zealotPostgresUrl } from './helpers/zealot/installation.ts';
import type { ZealotInstallation } from './helpers/zealot/installation.ts';
import { migrationVersions, ZEALOT_SHAPES } from './helpers/zealot/schema.ts';
import type { ZealotShape } from './helpers/zealot/schema.ts';

const REFERENCE = path.resolve(import.meta.dirname, '../../../../shared/reference/zealot-schema.md');
/** Zealot::Backup::Manager::FILE_REGEX. */
const FILE_REGEX = /^(\d{10})?(_*)(\d{4}_\d{2}_\d{2}|\d{8}-\d{4})(_\d+\.\d+\.\d+((-|\.)(beta\d|pre\d|rc\d)?)?)?([_-]development)?_zealot_backup\.tar$/;
/** Columns the reference lists that arrived after 6.2.0 (add_theme_to_user, 2025-12-18, in no release yet). */
const AFTER_6_2 = ['users.dark_theme', 'users.light_theme'];

/** The reference's tables and columns: `### name` headings and "- `column` type" lines. */
function referenceColumns(): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of readFileSync(REFERENCE, 'utf8').split('\n')) {
    const heading = /^### ([a-z_]+)( \(id: false\))?$/.exec(line);
    if (heading) tables.set(heading[1]!, (current = heading[2] ? [] : ['id']));
    else if (line.startsWith('## ')) current = undefined;
    const column = /^- `([a-z_]+)` /.exec(line);
    if (column && current) current.push(column[1]!);
  }
  return tables;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

interface ColumnInfo {
  type: string;
  nullable: boolean;
  default: string | null;
}

async function columnsOf(url: string): Promise<Map<string, Map<string, ColumnInfo>>> {
  type Row = { table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null };
  const rows = await query<Row>(url, `SELECT table_name, column_name, udt_name, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public'`);
  const tables = new Map<string, Map<string, ColumnInfo>>();
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    tables.get(row.table_name)!.set(row.column_name, { type: row.udt_name, nullable: row.is_nullable === 'YES', default: row.column_default });
  }
  return tables;
}

const PG_URL = zealotPostgresUrl();
const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

if (!PG_URL) {
  describe('Zealot fixture installations', () => {
    it('need a PostgreSQL server (DATABASE_URL or TARMAC_CI_PG_URL)', () => {
      throw new Error('no PostgreSQL: run `eval "$(bash .ci/postgres.sh start)"` first (.ci/run does it for both runs)');
    });
  });
}

if (PG_URL) describe.each(ZEALOT_SHAPES)('a Zealot %s installation', (shape: ZealotShape) => {
  let dir: string;
  let zealot: ZealotInstallation;
  let backup: ZealotBackup;
  let columns: Awaited<ReturnType<typeof columnsOf>>;
  const has = (table: string, column: string): boolean => columns.get(table)?.has(column) ?? false;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), `zealot-${shape}-`));
    zealot = await createZealotInstallation({ shape, dir: path.join(dir, 'app') });
    columns = await columnsOf(zealot.databaseUrl);
    backup = await makeZealotBackup(zealot, path.join(dir, 'app', 'public', 'backup'), new Date('2026-11-26T10:45:31.250Z'));
  });
  afterAll(async () => {
    await zealot?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has the tables and columns of the reference, less what this shape predates', () => {
    const missing: string[] = [];
    for (const [table, names] of referenceColumns()) {
      for (const name of names) if (!has(table, name) && !AFTER_6_2.includes(`${table}.${name}`)) missing.push(`${table}.${name}`);
    }
    const lacking: Record<ZealotShape, string[]> = {
      '4.7': ['apps.archived', 'apps_users.owner', 'apps_users.role', 'channels.download_filename_type', 'devices.device_id',
        'metadata.native_codes', 'schemes.retained_builds', 'users.appearance', 'users.locale', 'users.timezone'],
      '5.3': ['apps.archived', 'channels.download_filename_type', 'metadata.native_codes'],
      '6': [],
    };
    expect(missing.sort()).toEqual(lacking[shape]);
    // And nothing the reference does not list: 6.2.0's tables are the reference's, less the theme columns.
    if (shape === '6') {
      for (const [table, names] of referenceColumns()) {
        const expected = names.filter((name) => !AFTER_6_2.includes(`${table}.${name}`)).sort();
        expect([...columns.get(table)!.keys()].sort(), table).toEqual(expected);
      }
    }
    for (const name of AFTER_6_2) expect(has(name.split('.')[0]!, name.split('.')[1]!)).toBe(false);
    expect(has('releases', 'name') && has('releases', 'device_type')).toBe(true);
    expect(columns.has('good_jobs')).toBe(shape !== '4.7');
    expect(columns.has('solid_cable_messages')).toBe(shape === '6');
  });

  it('has the types, defaults and constraints that changed between shapes', async () => {
    // metadata.platform: the metadata_platform enum until change_metadata_column_platform_to_string_type.
    expect(columns.get('metadata')!.get('platform')!.type).toBe(shape === '4.7' ? 'metadata_platform' : 'varchar');
    const enums = await query<{ typname: string }>(zealot.databaseUrl, `SELECT typname FROM pg_type WHERE typname = 'metadata_platform'`);
    expect(enums.length).toBe(shape === '4.7' ? 1 : 0);
    // optional_release_version_and_bundle_id (5.x) dropped NOT NULL from the release's versions.
    for (const name of ['bundle_id', 'release_version', 'build_version']) {
      expect(columns.get('releases')!.get(name)!.nullable).toBe(shape !== '4.7');
    }
    expect(columns.get('releases')!.get('changelog')).toMatchObject({ type: 'jsonb', nullable: false });
    expect(columns.get('web_hooks')!.get('upload_events')!.type).toBe('int2');
    if (shape !== '4.7') expect(columns.get('users')!.get('appearance')!.default).toBe(`'light'::character varying`);
    const unique = await query<{ indexname: string; indexdef: string }>(zealot.databaseUrl,
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'apps_users'`);
    expect(unique.map((index) => index.indexdef.startsWith('CREATE UNIQUE'))).toEqual([shape !== '4.7', shape !== '4.7']);
    const versions = await query<{ version: string }>(zealot.databaseUrl, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual(migrationVersions(shape));
    expect(versions.at(-1)!.version).toBe(String(zealot.info.schemaVersion));
    const environment = await query<{ value: string }>(zealot.databaseUrl, `SELECT value FROM ar_internal_metadata WHERE key = 'environment'`);
    expect(environment).toEqual([{ value: 'production' }]);
  });

  it('holds users with Devise bcrypt passwords, plain tokens and their settings', async () => {
    const users = await query<Record<string, unknown>>(zealot.databaseUrl, 'SELECT * FROM users ORDER BY id');
    expect(users.length).toBe(zealot.users.length);
    for (const [index, user] of zealot.users.entries()) {
      const row = users[index]!;
      expect(row.encrypted_password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
      expect(bcrypt.compareSync(user.password, row.encrypted_password as string)).toBe(true);
      expect(bcrypt.compareSync(user.password + 'x', row.encrypted_password as string)).toBe(false);
      expect(row).toMatchObject({ username: user.username, email: user.email, token: user.token, role: user.roleValue });
      expect(row.locked_at !== null).toBe(user.locked);
      expect(row.locale ?? null).toBe(user.locale);
      expect(row.timezone ?? null).toBe(user.timezone);
    }
    expect(zealot.users.map((user) => user.role).sort()).toEqual(['admin', 'developer', 'member', 'member']);
  });

  it('holds apps, collaborators, channels, releases, debug files, devices, hooks and settings as Zealot stores them', async () => {
    const db = zealot.databaseUrl;
    const apps = await query<{ id: string; archived?: boolean }>(db, 'SELECT * FROM apps ORDER BY id');
    expect(apps.map((app) => app.archived ?? false)).toEqual(zealot.apps.map((app) => app.archived));
    expect(zealot.apps.some((app) => app.archived)).toBe(shape === '6');
    const members = await query<Record<string, unknown>>(db, 'SELECT * FROM apps_users ORDER BY app_id, user_id');
    expect(members.filter((member) => member.owner === true).length).toBe(shape === '4.7' ? 0 : 2);
    const channels = await query<Record<string, unknown>>(db, 'SELECT * FROM channels ORDER BY id');
    for (const [index, channel] of zealot.channels.entries()) {
      expect(channels[index]).toMatchObject({ key: channel.key, slug: channel.slug, password: channel.password,
        bundle_id: channel.bundleId, git_url: channel.gitUrl, device_type: channel.deviceType });
      expect(channels[index]!.download_filename_type ?? null).toBe(channel.downloadFilenameType);
      expect(channel.key).toMatch(/^[0-9a-f]{32}$/);
      expect(channel.slug).toMatch(/^[0-9A-Za-z]{5}$/);
    }
    expect(zealot.channels.filter((channel) => channel.password).length).toBe(1);
    const releases = await query<Record<string, unknown>>(db, 'SELECT * FROM releases ORDER BY id');
    expect(releases[0]!.changelog).toEqual([{ message: 'Fix the crash on launch' }, { message: '修复了登录页的布局' }]);
    expect(releases[0]!.custom_fields).toEqual(expect.arrayContaining([{ name: 'QA', value: 'passed', icon: 'fas fa-check' }]));
    expect(releases.map((release) => release.source)).toEqual(['fastlane', 'api', 'web', 'jenkins', 'api']);
    const debugFiles = await query<{ id: string; checksum: string }>(db, 'SELECT id, checksum FROM debug_files ORDER BY id');
    expect(debugFiles.map((file) => file.checksum)).toEqual(zealot.debugFiles.map((file) => file.stored.md5));
    const counts = await query<Record<string, string>>(db, `SELECT (SELECT count(*) FROM debug_file_metadata) AS metadata,
      (SELECT count(*) FROM devices_releases) AS devices, (SELECT count(*) FROM channels_web_hooks) AS hooks`);
    expect(counts[0]).toEqual({ metadata: '2', devices: '3', hooks: '4' });
    const settings = await query<{ var: string; value: string }>(db, 'SELECT var, value FROM settings');
    expect(settings.find((row) => row.var === 'site_title')!.value).toBe('--- Acme Beta\n');
    // Sequences follow the explicit ids, as in a database Rails filled.
    const next = await query<{ id: string }>(db, `INSERT INTO apps (name, created_at, updated_at) VALUES ('x', now(), now()) RETURNING id`);
    expect(next[0]!.id).toBe('3');
  });

  it('lays the files out where CarrierWave puts them', () => {
    expect(zealot.uploadsDir).toBe(path.join(zealot.dir, 'public', 'uploads'));
    for (const release of zealot.releases) {
      const binary = path.join(zealot.uploadsDir, `apps/a${release.appId}/r${release.id}/binary/${release.file}`);
      expect(binary).toBe(release.binary.path);
      expect(existsSync(binary)).toBe(!release.missing);
      expect(release.binary.sha256).toBe(sha256(release.fixture));
      if (!release.missing) expect(sha256(binary)).toBe(release.binary.sha256);
      if (release.iconFile) {
        expect(release.iconFile.path).toBe(path.join(zealot.uploadsDir, `apps/a${release.appId}/r${release.id}/icons/${release.icon}`));
        expect(readFileSync(release.iconFile.path).subarray(1, 4).toString()).toBe('PNG');
      }
    }
    expect(zealot.releases.filter((release) => release.missing).length).toBe(1);
    for (const file of zealot.debugFiles) {
      expect(file.stored.path).toBe(path.join(zealot.uploadsDir, `debug_files/a${file.appId}/d${file.id}/${file.file}`));
      expect(createHash('md5').update(readFileSync(file.stored.path)).digest('hex')).toBe(file.stored.md5);
    }
    const release = zealot.releases[1]!;
    const slug = zealot.channels[1]!.slug;
    expect(release.urls).toMatchObject({ release: `/channels/${slug}/releases/2`, download: '/download/releases/2' });
  });

  it('makes a backup archive as Zealot does, which restores into an empty database', async () => {
    expect(backup.name).toBe(`1795689931_20261126-1045_${zealot.info.zealotVersion}_zealot_backup.tar`);
    expect(FILE_REGEX.test(backup.name)).toBe(true);
    expect(readFileSync(backup.sha256Path, 'utf8')).toBe(sha256(backup.tarPath));
    // Manager#backup_contents: ARCHIVES_TO_BACKUP, FOLDERS_TO_BACKUP, then the info file.
    expect(run('tar', ['-tf', backup.tarPath]).trim().split('\n')).toEqual(['uploads.tar.gz', 'database.sql.gz', 'backup_information.yml']);
    const modes = run('tar', ['-tvf', backup.tarPath]).trim().split('\n').map((line) => line.slice(0, 10));
    expect(modes).toEqual(['-rw-------', '-rw-------', '-rw-r--r--']);
    const unpacked = path.join(dir, 'unpacked');
    run('mkdir', ['-p', unpacked]);
    run('tar', ['-xf', backup.tarPath, '-C', unpacked]);
    for (const member of ['uploads.tar.gz', 'database.sql.gz']) run('gzip', ['-t', path.join(unpacked, member)]);
    const uploads = run('tar', ['-tzf', path.join(unpacked, 'uploads.tar.gz')]).split('\n');
    expect(uploads).toEqual(expect.arrayContaining(['./apps/a1/r1/binary/iphone.ipa', './apps/a1/r2/icons/ic_launcher.png',
      './debug_files/a1/d2/android-proguard-mapping.zip']));
    const information = readFileSync(path.join(unpacked, 'backup_information.yml'), 'utf8');
    expect(information).toContain(`:zealot_version: ${zealot.info.zealotVersion}\n:backup_created_at: 2026-11-26 10:45:31.250000000 +00:00\n`);
    expect(information).toContain(`:db_version: '${zealot.info.schemaVersion}'\n`);
    const dump = run('gzip', ['-cd', path.join(unpacked, 'database.sql.gz')]);
    expect(dump).toContain('DROP TABLE public.users;');
    expect(dump).toMatch(/COPY public\.releases \(.*\) FROM stdin;/);
    const scratch = `${zealot.databaseName}_restore`;
    await query(PG_URL, `CREATE DATABASE "${scratch}"`);
    try {
      const url = withDatabase(PG_URL, scratch);
      // Zealot's restore: `gzip -cd database.sql.gz | psql <db>` (the --clean DROPs fail harmlessly on an empty database).
      const psql = postgresTool('psql', await serverMajor(url));
      run('bash', ['-c', 'gzip -cd "$1" | "$2" -q "$3" 2>/dev/null', 'bash', path.join(unpacked, 'database.sql.gz'), psql, url]);
      const restored = await query<{ n: string }>(url, `SELECT (SELECT count(*) FROM releases) || '/' || (SELECT count(*) FROM users) ||
        '/' || (SELECT string_agg(token, ',' ORDER BY id) FROM users) AS n`);
      expect(restored[0]!.n).toBe(`5/4/${zealot.users.map((user) => user.token).join(',')}`);
    } finally {
      await query(PG_URL, `DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    }
  });

  it('takes a new build after a first import, with the next id and the next version in its channel', async () => {
    const added = await addZealotRelease(zealot, 2);
    expect({ id: added.id, version: added.version }).toEqual({ id: 6, version: 3 });
    expect(sha256(added.binary.path)).toBe(sha256(added.fixture));
    expect(added.binary.path).toBe(path.join(zealot.uploadsDir, 'apps/a1/r6/binary/android.apk'));
    const rows = await query<{ version: number; changelog: unknown }>(zealot.databaseUrl, 'SELECT version, changelog FROM releases WHERE id = 6');
    expect(rows).toEqual([{ version: 3, changelog: [{ message: 'Built after the first import' }] }]);
    expect(zealot.releases.length).toBe(6);
  });
});
