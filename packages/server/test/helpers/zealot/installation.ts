// A real Zealot installation for the importer's tests: a database of its own on the test PostgreSQL
// server holding one of Zealot's schema shapes (schema.ts) and the data set of data.ts, and the
// `public/uploads` tree CarrierWave lays out (app_file_uploader, app_icon_uploader,
// debug_file_uploader: uploads/apps/a{app}/r{release}/binary|icons, uploads/debug_files/a{app}/d{id}),
// with the shared fixtures as the files. It returns what a test asserts an import against.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import {
  CHANNELS_WEB_HOOKS, channelSpecs, debugFileSpecs, DEVICES, DEVICES_RELEASES, releaseSpecs, ROLE_VALUES, SETTINGS, userRows,
  userSpecs, WEB_HOOKS,
} from './data.ts';
import type { ChannelSpec, DebugFileSpec, ReleaseSpec, Row, UserSpec } from './data.ts';
import { SHAPES, shapeTables, zealotSchemaSql } from './schema.ts';
import type { ShapeInfo, ZealotShape } from './schema.ts';

/**
 * The PostgreSQL server Zealot's side lives on: the run's own (DATABASE_URL) on PostgreSQL runs; on
 * SQLite runs the cluster .ci/run starts for both runs (TARMAC_CI_PG_URL). Undefined without either.
 */
export function zealotPostgresUrl(): string | undefined {
  const candidates = [process.env.DATABASE_URL, process.env.TARMAC_CI_PG_URL];
  return candidates.find((url) => url !== undefined && /^postgres(ql)?:\/\//.test(url));
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + name;
  return parsed.toString();
}

export interface StoredFile {
  /** Absolute path under the installation's dir. */
  path: string;
  /** Path relative to public/uploads. */
  relative: string;
  sha256: string;
  md5: string;
  size: number;
}

/** A user; locale/appearance/timezone are null where the shape has no such column (4.7). */
export interface ZealotUser extends Omit<UserSpec, 'locale' | 'appearance' | 'timezone'> {
  roleValue: number;
  locale: string | null;
  appearance: string | null;
  timezone: string | null;
}

/** A channel; downloadFilenameType is null where the shape has no such column (before 6). */
export type ZealotChannel = Omit<ChannelSpec, 'downloadFilenameType'> & {
  downloadFilenameType: ChannelSpec['downloadFilenameType'] | null;
  urls: { channel: string; friendly: string };
};

export interface ZealotApp {
  id: number;
  name: string;
  /** apps.archived where the shape has it (6); false otherwise. */
  archived: boolean;
  /** apps_users: user id → role and owner as the shape stores them (4.7: no role/owner, so null). */
  collaborators: { userId: number; role: 'member' | 'developer' | 'admin' | null; owner: boolean | null }[];
}

export interface ZealotRelease extends ReleaseSpec {
  /** The build as stored; for a missing file, where it should have been (nothing on disk). */
  binary: StoredFile;
  iconFile: StoredFile | null;
  /** Zealot's public paths a tester or a QR code holds for this release. */
  urls: { release: string; friendly: string; install: string; download: string; downloadFile: string; qrcode: string };
}

export interface ZealotDebugFile extends DebugFileSpec {
  stored: StoredFile;
  url: string;
}

export interface ZealotInstallation {
  shape: ZealotShape;
  info: ShapeInfo;
  databaseName: string;
  databaseUrl: string;
  /** The Rails root: `dir/public/uploads` is the uploads folder. */
  dir: string;
  uploadsDir: string;
  /** Column names per table, as this shape has them. */
  tables: Map<string, Map<string, string>>;
  users: ZealotUser[];
  apps: ZealotApp[];
  channels: ZealotChannel[];
  releases: ZealotRelease[];
  debugFiles: ZealotDebugFile[];
  /** settings.var → the YAML text stored in settings.value. */
  settings: Record<string, string>;
  drop(): Promise<void>;
}

const APPS = [
  { id: 1, name: 'AppInfoDemo', description: 'The demo app of the app-info gem', archived: false },
  { id: 2, name: 'Legacy Tool', description: null, archived: true },
];
const APPS_USERS = [
  { app_id: 1, user_id: 1, role: 'admin', owner: true }, { app_id: 1, user_id: 2, role: 'developer', owner: false },
  { app_id: 1, user_id: 3, role: 'member', owner: false }, { app_id: 2, user_id: 1, role: 'admin', owner: true },
] as const;
const SCHEMES = [
  { id: 1, app_id: 1, name: 'Beta', new_build_callout: true, retained_builds: 0 },
  { id: 2, app_id: 1, name: 'Production', new_build_callout: false, retained_builds: 10 },
  { id: 3, app_id: 2, name: 'Beta', new_build_callout: true, retained_builds: 0 },
];
const STAMP = '2024-01-02 03:04:05.678901';

/** A real PNG (one colour, size × size), standing in for the icon Zealot extracts from a build. */
export function makePng(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => line)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

function describeFile(uploadsDir: string, relative: string, bytes: Buffer | null): StoredFile {
  const hash = (algorithm: string): string => (bytes ? createHash(algorithm).update(bytes).digest('hex') : '');
  return { path: path.join(uploadsDir, relative), relative, sha256: hash('sha256'), md5: hash('md5'), size: bytes?.length ?? 0 };
}

/** Writes bytes at uploads/relative (unless null: a missing file) and describes them. */
export function store(uploadsDir: string, relative: string, bytes: Buffer | null): StoredFile {
  const file = describeFile(uploadsDir, relative, bytes);
  if (bytes) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, bytes);
  }
  return file;
}

export const ICON = makePng(16, [0x2e, 0x7d, 0x32]);

/** Zealot's public paths of a release (config/routes.rb): pages, iOS manifest, QR code, downloads. */
export function releaseUrls(slug: string, id: number, file: string): ZealotRelease['urls'] {
  const release = `/channels/${slug}/releases/${id}`;
  return { release, friendly: `/${slug}/${id}`, install: `${release}/install`, qrcode: `${release}/qrcode`,
    download: `/download/releases/${id}`, downloadFile: `/download/releases/${id}/${file}` };
}

function layOutReleases(uploadsDir: string, channels: ChannelSpec[]): ZealotRelease[] {
  return releaseSpecs().map((spec) => {
    const slug = channels.find((channel) => channel.id === spec.channelId)!.slug;
    const base = `apps/a${spec.appId}/r${spec.id}`;
    const binary = store(uploadsDir, `${base}/binary/${spec.file}`, spec.missing ? null : readFileSync(spec.fixture));
    if (spec.missing) Object.assign(binary, describeFile(uploadsDir, binary.relative, readFileSync(spec.fixture)));
    const iconFile = spec.icon ? store(uploadsDir, `${base}/icons/${spec.icon}`, ICON) : null;
    return { ...spec, binary, iconFile, urls: releaseUrls(slug, spec.id, spec.file) };
  });
}

function layOutDebugFiles(uploadsDir: string): ZealotDebugFile[] {
  return debugFileSpecs().map((spec) => {
    const stored = store(uploadsDir, `debug_files/a${spec.appId}/d${spec.id}/${spec.file}`, readFileSync(spec.fixture));
    // debug_files.checksum: ApplicationUploader#checksum, the MD5 hex of the file.
    return { ...spec, row: { ...spec.row, checksum: stored.md5 }, stored, url: `/download/debug_files/${spec.id}` };
  });
}

/** metadata rows TeardownService keeps per parsed build (checksum: SHA-1 of the file). */
function metadataRows(releases: ZealotRelease[]): Row[] {
  return releases.filter((release) => !release.missing && release.version === 1 && release.appId === 1).map((release, index) => {
    const ios = release.row.device_type === 'iPhone';
    return { id: index + 1, release_id: release.id, user_id: 1, device: release.row.device_type, name: release.row.name,
      release_version: release.row.release_version, build_version: release.row.build_version, bundle_id: release.row.bundle_id,
      size: release.binary.size, min_sdk_version: ios ? '9.3' : '14', target_sdk_version: ios ? null : '31',
      platform: ios ? 'ios' : 'android', release_type: release.row.release_type, url_schemes: ios ? [] : ['appinfo'],
      checksum: createHash('sha1').update(readFileSync(release.binary.path)).digest('hex') };
  });
}

async function insertRows(client: pg.Client, tables: Map<string, Map<string, string>>, table: string, rows: Row[]): Promise<void> {
  const all = shapeTables('6').get(table)!;
  const columns = tables.get(table)!;
  for (const row of rows) {
    const full: Row = { ...row };
    for (const stamp of ['created_at', 'updated_at']) if (columns.get(stamp)?.endsWith('NOT NULL') && !(stamp in full)) full[stamp] = STAMP;
    const unknown = Object.keys(full).filter((name) => !all.has(name));
    if (unknown.length > 0) throw new Error(`${table} has no column ${unknown.join(', ')} in any Zealot shape`);
    const names = Object.keys(full).filter((name) => columns.has(name));
    const values = names.map((name) => (columns.get(name)!.startsWith('jsonb') && full[name] !== null ? JSON.stringify(full[name]) : full[name]));
    const placeholders = names.map((_, i) => `$${i + 1}`).join(', ');
    await client.query(`INSERT INTO "${table}" (${names.map((name) => `"${name}"`).join(', ')}) VALUES (${placeholders})`, values);
  }
  if (columns.get('id') === 'bigint NOT NULL' && rows.length > 0) {
    await client.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max(id) FROM "${table}"))`);
  }
}

interface DataSet {
  users: UserSpec[];
  channels: ChannelSpec[];
  releases: ZealotRelease[];
  debugFiles: ZealotDebugFile[];
}

function tableRows(data: DataSet): [string, Row[]][] {
  const channelRow = (channel: ChannelSpec): Row => ({ id: channel.id, scheme_id: channel.schemeId, name: channel.name,
    slug: channel.slug, bundle_id: channel.bundleId, device_type: channel.deviceType, git_url: channel.gitUrl,
    password: channel.password, key: channel.key, download_filename_type: channel.downloadFilenameType });
  return [
    ['users', userRows(data.users)],
    ['user_providers', [{ id: 1, user_id: 1, name: 'gitlab', uid: '42', token: 'glpat-not-a-real-token', expires_at: 1750000000,
      expires: true, refresh_token: null }]],
    ['apps', APPS],
    ['apps_users', APPS_USERS.map((member) => ({ ...member, role: ROLE_VALUES[member.role] }))],
    ['schemes', SCHEMES],
    ['channels', data.channels.map(channelRow)],
    ['releases', data.releases.map((release) => release.row)],
    ['metadata', metadataRows(data.releases)],
    ['debug_files', data.debugFiles.map((file) => file.row)],
    ['debug_file_metadata', data.debugFiles.flatMap((file) => file.metadata)],
    ['devices', DEVICES],
    ['devices_releases', DEVICES_RELEASES],
    ['web_hooks', WEB_HOOKS],
    ['channels_web_hooks', CHANNELS_WEB_HOOKS],
    ['settings', Object.entries(SETTINGS).map(([name, value], index) => ({ id: index + 1, var: name, value }))],
  ];
}

async function load(url: string, shape: ZealotShape, data: DataSet): Promise<Map<string, Map<string, string>>> {
  const tables = shapeTables(shape);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(zealotSchemaSql(shape));
    await client.query('BEGIN');
    for (const [table, rows] of tableRows(data)) await insertRows(client, tables, table, rows);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return tables;
}

async function serverQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds a Zealot installation of the given shape: its database (dropped by drop()) and dir/public/uploads. */
export async function createZealotInstallation(options: {
  shape: ZealotShape;
  /** The Rails root to create (uploads go to dir/public/uploads). */
  dir: string;
  /** The PostgreSQL server (any database on it); default: zealotPostgresUrl(). */
  baseUrl?: string;
}): Promise<ZealotInstallation> {
  const { shape, dir } = options;
  const baseUrl = options.baseUrl ?? zealotPostgresUrl();
  if (!baseUrl) throw new Error('a Zealot installation needs PostgreSQL: set TARMAC_CI_PG_URL (bash .ci/postgres.sh start)');
  const databaseName = `zealot_${shape.replace('.', '')}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const uploadsDir = path.join(dir, 'public', 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const channels = channelSpecs();
  const releases = layOutReleases(uploadsDir, channels);
  const data: DataSet = { users: userSpecs(), channels, releases, debugFiles: layOutDebugFiles(uploadsDir) };
  await serverQuery(baseUrl, `CREATE DATABASE "${databaseName}"`);
  const drop = (): Promise<void> => serverQuery(baseUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  const databaseUrl = withDatabase(baseUrl, databaseName);
  let tables: Map<string, Map<string, string>>;
  try {
    tables = await load(databaseUrl, shape, data);
  } catch (error) {
    await drop();
    throw error;
  }
  const has = (table: string, column: string): boolean => tables.get(table)!.has(column);
  const apps = APPS.map((app) => ({ id: app.id, name: app.name, archived: has('apps', 'archived') && app.archived,
    collaborators: APPS_USERS.filter((member) => member.app_id === app.id).map((member) => ({ userId: member.user_id,
      role: has('apps_users', 'role') ? member.role : null, owner: has('apps_users', 'owner') ? member.owner : null })) }));
  return {
    shape, info: SHAPES[shape], databaseName, databaseUrl, dir, uploadsDir, tables,
    users: data.users.map((user) => {
      const settings = has('users', 'locale');
      return { ...user, roleValue: ROLE_VALUES[user.role], locale: settings ? user.locale : null,
        appearance: settings ? user.appearance : null, timezone: settings ? user.timezone : null };
    }),
    apps, channels: channels.map((channel) => ({ ...channel,
      urls: { channel: `/channels/${channel.slug}`, friendly: `/${channel.slug}` },
      downloadFilenameType: has('channels', 'download_filename_type') ? channel.downloadFilenameType : null })),
    releases: data.releases, debugFiles: data.debugFiles, settings: { ...SETTINGS }, drop,
  };
}
