// Zealot releases → Tarmac releases, each with its package file and icon. Per row:
//   1. Already in the import map: left as it is ('already'); no file is read.
//   2. Its channel was not imported (no map entry): refused, "channel not imported".
//   3. The build file is missing from Zealot's uploads: the row is imported from Zealot's values,
//      marked file_missing (downloads and pages say so), and reported.
//   4. Else the file is streamed into a temp file (SHA-256, byte count checked against the
//      source), read again by Tarmac's parser (inspect, with the icon), put into storage under a
//      key made as uploads make it and read back to check its SHA-256; the icon is the package's,
//      else Zealot's own. A file the parser cannot read is imported from Zealot's values, with the
//      parser's reason in the report. Only then is the row written, with its map entry, in one
//      transaction (Zealot's id and version kept where free). With --move the Zealot files are
//      removed once that transaction committed.
// A copy that fails (an I/O error, a short read, a checksum that reads back wrong) keeps nothing:
// no row, no map entry, no stored file; the row is reported refused and the next run tries it again.
// A dry run reads no file's bytes: it reports what would be copied (with bytes) and what is missing.
import { inspect, isAppInfoError } from '@tarmac/appinfo';
import type { AppInfo, Format } from '@tarmac/appinfo';
import { formatBytes } from '../../../storage/migrate.ts';
import { removeStoredFiles } from '../../../storage/remove.ts';
import { releaseStorageKeys } from '../../uploads/fns.ts';
import { NOT_A_BUILD } from '../../uploads/rules.ts';
import type { DeviceType } from '../../../db/types.ts';
import { ImportInterrupted } from '../context.ts';
import type { Executor, ImportContext, ImportStep } from '../context.ts';
import { keptId } from '../ids.ts';
import type { MapEntry } from '../map.ts';
import type { ZealotRow } from '../source/types.ts';
import {
  checksumNote, countFile, discardTemp, eachFileRow, importKeyId, keyHeld, placeFile, readSmall, receiveFile, removeMoved,
  storeBufferVerified, storeVerified,
} from './files.ts';
import type { FoundFile, ReceivedFile } from './files.ts';
import { guessFormat, releaseFromZealot } from './release-fields.ts';
import type { ReleaseValues } from './release-fields.ts';

const TABLE = 'releases';
/** How a build imported without its file starts its map detail (and its report line). */
const FILE_MISSING = 'file missing';
/** Zealot's icons are small PNGs; a larger file there is not one. */
const ICON_MAX_BYTES = 5 * 1024 * 1024;

interface Channel {
  id: number;
  device_type: DeviceType;
}

/** What the parser made of a copied file: its reading (without the icon), the icon, or why it could not read it. */
interface Reading {
  info: AppInfo | null;
  icon: Buffer | null;
  problem: string | null;
}

async function read(path: string): Promise<Reading> {
  try {
    const { icon, ...info } = await inspect(path, { icon: true });
    const refusal = NOT_A_BUILD[info.format];
    if (refusal) return { info: null, icon: null, problem: `the file ${refusal.replace(/:.*$/, '')}` };
    return { info, icon: icon ?? null, problem: null };
  } catch (error) {
    const reason = isAppInfoError(error) ? `${error.code}: ${error.message}` : (error as Error).message;
    return { info: null, icon: null, problem: `the parser cannot read the file (${reason})` };
  }
}

async function zealotIcon(ctx: ImportContext, row: ZealotRow): Promise<{ icon: Buffer; file: FoundFile } | null> {
  const file = await ctx.source.file('icon', row);
  if (file.status !== 'found') return null;
  const icon = await readSmall(file, ICON_MAX_BYTES);
  return icon ? { icon, file } : null;
}

/** Zealot's version in the channel, or the next free one when a Tarmac release there has it. */
async function versionIn(trx: Executor, channelId: number, wanted: unknown): Promise<{ version: number; note: string | null }> {
  const taken = async (version: number) =>
    (await trx.selectFrom('releases').select('id').where('channel_id', '=', channelId).where('version', '=', version).executeTakeFirst()) !== undefined;
  if (typeof wanted === 'number' && Number.isSafeInteger(wanted) && wanted > 0 && !(await taken(wanted))) return { version: wanted, note: null };
  const max = await trx
    .selectFrom('releases')
    .select((eb) => eb.fn.max<number | null>('version').as('max'))
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  const version = Number(max?.max ?? 0) + 1;
  return { version, note: `version ${String(wanted)} is taken in the channel: imported as version ${version}` };
}

/** Writes the row and its map entry in one transaction; the Tarmac id. */
async function writeRow(ctx: ImportContext, zealotId: number, channel: Channel, row: ZealotRow, values: ReleaseValues, notes: string[]) {
  return ctx.transaction(async (trx) => {
    const { version, note } = await versionIn(trx, channel.id, row.version);
    if (note) notes.push(note);
    const id = await keptId(trx, ctx.engine, TABLE, zealotId);
    const inserted = await trx
      .insertInto('releases')
      .values({ ...values, ...(id === undefined ? {} : { id }), channel_id: channel.id, version })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (id === undefined) notes.push(`id ${zealotId} is taken: imported as release ${inserted.id}`);
    const detail = notes.length > 0 ? notes.join('; ') : null;
    await ctx.map.set(TABLE, zealotId, { targetId: inserted.id, outcome: 'imported', detail }, trx);
    return inserted.id;
  });
}

/** What Zealot's teardown of a build kept (its metadata row): who uploaded it and the file's SHA-1. */
interface Teardown {
  userId: number | null;
  sha1: unknown;
}

interface RowContext {
  ctx: ImportContext;
  zealotId: number;
  row: ZealotRow;
  channel: Channel;
  uploaderId: number | null;
  /** metadata.checksum: the SHA-1 Zealot recorded for the build, if any. */
  recordedSha1: unknown;
}

/** A build the uploads folder does not hold: the row from Zealot's values, marked file missing. */
async function importMissing(rc: RowContext, reason: string): Promise<void> {
  const { ctx, zealotId, row, channel } = rc;
  const format = guessFormat(typeof row.file === 'string' ? row.file : null, channel.device_type);
  const icon = ctx.options.dryRun ? null : await zealotIcon(ctx, row);
  const keys = releaseStorageKeys(typeof row.file === 'string' ? row.file : 'package', format, icon !== null);
  const missing = `${FILE_MISSING}: ${reason}`;
  if (icon && keys.iconKey) await storeBufferVerified(ctx.storage, keys.iconKey, icon.icon);
  const { values, notes } = releaseFromZealot({ row, platform: channel.device_type, info: null, uploaderId: rc.uploaderId,
    now: ctx.now(), file: { ...keys, sha256: '', size: 0, missing } });
  try {
    await writeRow(ctx, zealotId, channel, row, values, [missing, ...notes]);
  } catch (error) {
    if (keys.iconKey && icon) await removeStoredFiles(ctx.storage, [keys.iconKey]);
    throw error;
  }
  ctx.report.files.missing += 1;
  ctx.report.row(TABLE, zealotId, 'imported', [missing, ...notes].join('; '));
  if (ctx.options.move && icon) await removeMoved(ctx.report, `release ${zealotId}`, [icon.file]);
}

/** A dry run: the row as it would be written (rolled back), the file counted, nothing read or copied. */
async function importDry(rc: RowContext, build: FoundFile): Promise<void> {
  const { ctx, zealotId, row, channel } = rc;
  const format = guessFormat(typeof row.file === 'string' ? row.file : null, channel.device_type);
  const keys = releaseStorageKeys(build.path.split('/').pop() ?? 'package', format, false);
  const { values, notes } = releaseFromZealot({ row, platform: channel.device_type, info: null, uploaderId: rc.uploaderId,
    now: ctx.now(), file: { ...keys, sha256: '', size: build.size, missing: null } });
  await writeRow(ctx, zealotId, channel, row, values, notes);
  ctx.report.files.copied += 1;
  ctx.report.files.bytes += build.size;
  // Counted in report.files (the totals a dry run prints), not one line per build.
  ctx.report.row(TABLE, zealotId, 'imported', notes.length > 0 ? notes.join('; ') : undefined);
}

/**
 * Stores the package (or finds the copy an interrupted run left: `present`) and its icon, each
 * verified; the keys and what was written (removed again if the row cannot be written).
 */
async function storeFiles(ctx: ImportContext, zealotId: number, received: ReceivedFile, name: string, format: Format, icon: Buffer | null) {
  let keys = releaseStorageKeys(name, format, icon !== null, importKeyId(TABLE, zealotId, received.sha256));
  let placed = await placeFile(ctx.storage, keys.fileKey, received, (key) => keyHeld(ctx.db, key));
  if (placed === 'taken') {
    keys = releaseStorageKeys(name, format, icon !== null);
    await storeVerified(ctx.storage, keys.fileKey, received);
    placed = 'copied';
  }
  const present = placed === 'present';
  if (!icon || !keys.iconKey) return { keys, written: [keys.fileKey], present };
  try {
    await storeBufferVerified(ctx.storage, keys.iconKey, icon);
  } catch (error) {
    await removeStoredFiles(ctx.storage, [keys.fileKey]);
    throw error;
  }
  return { keys, written: [keys.fileKey, keys.iconKey], present };
}

/** A found build: copied, parsed, stored and verified, then the row; the Zealot files removed with --move. */
async function importFound(rc: RowContext, build: FoundFile): Promise<void> {
  const { ctx, zealotId, row, channel } = rc;
  const received = await receiveFile(ctx.storage, build);
  let reading: Reading;
  let fallback: { icon: Buffer; file: FoundFile } | null = null;
  try {
    reading = await read(received.path);
    if (!reading.icon) fallback = await zealotIcon(ctx, row);
  } catch (error) {
    await discardTemp(received.path);
    throw error;
  }
  const icon = reading.icon ?? fallback?.icon ?? null;
  const format = reading.info?.format ?? guessFormat(typeof row.file === 'string' ? row.file : null, channel.device_type);
  const { keys, written, present } = await storeFiles(ctx, zealotId, received, typeof row.file === 'string' ? row.file : 'package', format, icon);
  const { values, notes } = releaseFromZealot({ row, platform: channel.device_type, info: reading.info, uploaderId: rc.uploaderId,
    now: ctx.now(), file: { ...keys, sha256: received.sha256, size: received.size, missing: null } });
  if (reading.problem) notes.unshift(`imported from Zealot's values: ${reading.problem}`);
  const changed = checksumNote(rc.recordedSha1, received.sha1, 'SHA-1');
  if (changed) notes.push(changed);
  try {
    await writeRow(ctx, zealotId, channel, row, values, notes);
  } catch (error) {
    await removeStoredFiles(ctx.storage, written);
    throw error;
  }
  countFile(ctx, present, received.size);
  ctx.report.row(TABLE, zealotId, 'imported', notes.length > 0 ? notes.join('; ') : undefined);
  if (ctx.options.move) {
    // Zealot's icon goes with its build, used or not (the package's own was stored instead).
    const zealotIconFile = fallback?.file ?? (await ctx.source.file('icon', row));
    await removeMoved(ctx.report, `release ${zealotId}`, [build, zealotIconFile.status === 'found' ? zealotIconFile : null]);
  }
}

/** The Tarmac build an earlier run imported without its file, if it is still so. */
async function stillMissing(ctx: ImportContext, entry: MapEntry) {
  if (entry.outcome !== 'imported' || entry.targetId === null || !entry.detail?.startsWith(FILE_MISSING)) return undefined;
  return ctx.db
    .selectFrom('releases')
    .innerJoin('channels', 'channels.id', 'releases.channel_id')
    .select(['releases.id', 'releases.icon_key', 'releases.file_missing', 'channels.id as channel_id', 'channels.device_type'])
    .where('releases.id', '=', entry.targetId)
    .where('releases.file_missing', 'is not', null)
    .executeTakeFirst();
}

/**
 * A build an earlier run imported marked file missing, whose file is in the uploads folder now (put
 * back after the dry run or the first import): the file is copied, verified and read as for a new
 * build, and the row completed in place (same id, version and dates). Null: nothing to do.
 */
async function refillMissing(
  ctx: ImportContext,
  row: ZealotRow,
  entry: MapEntry,
  teardowns: Map<number, Teardown>,
): Promise<number | null> {
  const release = await stillMissing(ctx, entry);
  if (!release) return null;
  const build = await ctx.source.file('build', row);
  if (build.status !== 'found') return null;
  const zealotId = Number(row.id);
  const found = 'its file, missing before, is there now';
  if (ctx.options.dryRun) {
    countFile(ctx, false, build.size);
    ctx.report.row(TABLE, zealotId, 'imported', `${found}: it would be copied`);
    return build.size;
  }
  const channel = { id: release.channel_id, device_type: release.device_type };
  const teardown = teardowns.get(zealotId);
  const uploaderId = teardown?.userId ? await ctx.map.target('users', teardown.userId) : null;
  const received = await receiveFile(ctx.storage, build);
  let reading: Reading;
  try {
    reading = await read(received.path);
  } catch (error) {
    await discardTemp(received.path);
    throw error;
  }
  const name = typeof row.file === 'string' ? row.file : 'package';
  const format = reading.info?.format ?? guessFormat(name, channel.device_type);
  const { keys, written, present } = await storeFiles(ctx, zealotId, received, name, format, reading.icon);
  const { values } = releaseFromZealot({ row, platform: channel.device_type, info: reading.info, uploaderId, now: ctx.now(),
    file: { ...keys, sha256: received.sha256, size: received.size, missing: null } });
  const { created_at: _created, icon_key: iconKey, ...filled } = values;
  try {
    await ctx.transaction(async (trx) => {
      await trx.updateTable('releases').set({ ...filled, icon_key: iconKey ?? release.icon_key, updated_at: ctx.now() })
        .where('id', '=', release.id).execute();
      await ctx.map.set(TABLE, zealotId, { targetId: release.id, outcome: 'imported', detail: `${found}: stored` }, trx);
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, written);
    throw error;
  }
  // The icon stored from Zealot's file when the build was missing gives way to the package's own.
  if (iconKey && release.icon_key && release.icon_key !== iconKey) await removeStoredFiles(ctx.storage, [release.icon_key]);
  countFile(ctx, present, received.size);
  ctx.report.row(TABLE, zealotId, 'imported', `${found}: stored`);
  if (ctx.options.move) await removeMoved(ctx.report, `release ${zealotId}`, [build]);
  return received.size;
}

/** One Zealot release; the bytes it copied (or would copy, in a dry run). */
async function importRelease(ctx: ImportContext, row: ZealotRow, teardowns: Map<number, Teardown>): Promise<number> {
  const zealotId = Number(row.id);
  const channelId = await ctx.map.target('channels', typeof row.channel_id === 'number' ? row.channel_id : null);
  const channel = channelId === null ? undefined
    : await ctx.db.selectFrom('channels').select(['id', 'device_type']).where('id', '=', channelId).executeTakeFirst();
  if (!channel) {
    const reason = 'channel not imported';
    await ctx.transaction((trx) => ctx.map.set(TABLE, zealotId, { targetId: null, outcome: 'refused', detail: reason }, trx));
    ctx.report.row(TABLE, zealotId, 'refused', reason);
    return 0;
  }
  const teardown = teardowns.get(zealotId);
  const uploaderId = teardown?.userId ? await ctx.map.target('users', teardown.userId) : null;
  const rc: RowContext = { ctx, zealotId, row, channel, uploaderId, recordedSha1: teardown?.sha1 };
  const build = await ctx.source.file('build', row);
  if (build.status === 'missing') {
    await importMissing(rc, build.path ? `${build.path}: ${build.reason}` : build.reason);
    return 0;
  }
  if (ctx.options.dryRun) {
    await importDry(rc, build);
    return build.size;
  }
  try {
    await importFound(rc, build);
  } catch (error) {
    if (error instanceof ImportInterrupted) throw error;
    // Nothing was kept for the row (no row, no map entry, no stored file): the next run tries it again.
    ctx.report.row(TABLE, zealotId, 'refused', `not imported (${(error as Error).message}); run the import again to retry it`);
    return 0;
  }
  return build.size;
}

/** Zealot's metadata rows (kept by its teardown of each build): the uploader where known, and the file's SHA-1. */
async function readTeardowns(ctx: ImportContext): Promise<Map<number, Teardown>> {
  const teardowns = new Map<number, Teardown>();
  const columns = (await ctx.source.columns('metadata')).map((column) => column.name);
  if (!columns.includes('release_id')) return teardowns;
  for await (const row of ctx.source.rows('metadata')) {
    if (typeof row.release_id !== 'number' || teardowns.has(row.release_id)) continue;
    teardowns.set(row.release_id, { userId: typeof row.user_id === 'number' ? row.user_id : null, sha1: row.checksum });
  }
  return teardowns;
}

/** The bytes the rows not imported yet would copy, for the progress line. */
async function bytesToCopy(ctx: ImportContext): Promise<number> {
  let bytes = 0;
  for await (const row of ctx.source.rows(TABLE)) {
    const entry = await ctx.map.get(TABLE, Number(row.id));
    if (entry && !(await stillMissing(ctx, entry))) continue;
    const file = await ctx.source.file('build', row);
    if (file.status === 'found') bytes += file.size;
  }
  return bytes;
}

export const releasesStep: ImportStep = {
  tables: [TABLE],
  async run(ctx) {
    if (ctx.report.counts(TABLE).total === 0) return;
    const teardowns = await readTeardowns(ctx);
    const planned = await bytesToCopy(ctx);
    await eachFileRow(ctx, TABLE, (row) => importRelease(ctx, row, teardowns),
      (seen, count, copied) => `${TABLE} ${seen}/${count}, ${formatBytes(copied)} of ${formatBytes(planned)}`,
      (row, entry) => refillMissing(ctx, row, entry, teardowns));
  },
};
