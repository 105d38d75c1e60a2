// Zealot debug_files (+ debug_file_metadata) → Tarmac debug_files and debug_file_entries. The zip
// is copied and verified as a release's file is (files.ts), then read again by Tarmac's parser and
// planned by the upload's own code (debug-files/fns.ts planOf), so the entries are the ones an
// upload of the same zip makes (UUIDs, archs, and for a Proguard mapping both ids: the crash
// reporters' and the one Zealot stored). Zealot's versions win over the file's.
// A debug file whose zip is missing is refused and reported: its only use is matching crash
// reports to symbols, which needs the bytes, and a row without them would answer lookups with a
// file nobody can download. A zip the parser cannot read as a dSYM or Proguard mapping is refused too.
// Zealot's metadata UUIDs the parser does not find in the zip are named in the report.
import { inspect, isAppInfoError } from '@tarmac/appinfo';
import { formatBytes } from '../../../storage/migrate.ts';
import { removeStoredFiles } from '../../../storage/remove.ts';
import type { DebugFilePlan } from '../../debug-files/fns.ts';
import { CATEGORY_DEVICE_TYPES, debugFileStorageKey, entryValues, normalizeUuid, planOf, VERSION_MAX } from '../../debug-files/fns.ts';
import { displayFileName } from '../../uploads/fns.ts';
import { versionKey } from '../../versions/fns.ts';
import type { ImportContext, ImportStep } from '../context.ts';
import { keptId } from '../ids.ts';
import type { ZealotRow } from '../source/types.ts';
import {
  checksumNote, countFile, discardTemp, eachFileRow, importKeyId, keyHeld, placeFile, receiveFile, removeMoved, storeVerified,
} from './files.ts';
import type { FoundFile, ReceivedFile } from './files.ts';
import { zealotText } from './release-fields.ts';

const TABLE = 'debug_files';

type DeviceType = 'ios' | 'android' | 'macos';

function zealotDeviceType(value: unknown): DeviceType | null {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  return text === 'ios' || text === 'android' || text === 'macos' ? text : null;
}

async function refuse(ctx: ImportContext, zealotId: number, reason: string): Promise<void> {
  await ctx.transaction((trx) => ctx.map.set(TABLE, zealotId, { targetId: null, outcome: 'refused', detail: reason }, trx));
  ctx.report.row(TABLE, zealotId, 'refused', reason);
}

/** The app's channel of the platform (its bundle id rule picks the dSYM's main bundle), if any. */
async function channelOf(ctx: ImportContext, appId: number, deviceType: DeviceType) {
  return ctx.db
    .selectFrom('channels')
    .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
    .select(['channels.id', 'channels.bundle_id'])
    .where('schemes.app_id', '=', appId)
    .where('channels.device_type', '=', deviceType)
    .orderBy('channels.id')
    .executeTakeFirst();
}

async function planFile(path: string, bundleRule: string): Promise<DebugFilePlan | string> {
  try {
    return planOf(await inspect(path), bundleRule);
  } catch (error) {
    return `the parser cannot read the zip (${isAppInfoError(error) ? `${error.code}: ${error.message}` : (error as Error).message})`;
  }
}

/** Zealot's metadata UUIDs the plan does not hold (neither as debug id nor as the other id). */
function unmatchedUuids(plan: DebugFilePlan, zealotUuids: string[]): string[] {
  const known = new Set(plan.entries.flatMap((entry) => [entry.uuid, entry.altUuid]).filter((uuid) => uuid !== null));
  return zealotUuids.filter((uuid) => !known.has(normalizeUuid(uuid) ?? uuid));
}

interface Parsed {
  plan: DebugFilePlan;
  deviceType: DeviceType;
  channel: { id: number; bundle_id: string } | undefined;
}

/** The copied zip, read and planned; a string says why it cannot be imported. */
async function parse(ctx: ImportContext, row: ZealotRow, appId: number, received: ReceivedFile): Promise<Parsed | string> {
  const zealotType = zealotDeviceType(row.device_type);
  const guess = await channelOf(ctx, appId, zealotType ?? 'ios');
  const plan = await planFile(received.path, guess?.bundle_id ?? '*');
  if (typeof plan === 'string') return plan;
  const takes = CATEGORY_DEVICE_TYPES[plan.category] as readonly DeviceType[];
  const deviceType = zealotType !== null && takes.includes(zealotType) ? zealotType : takes[0]!;
  const channel = deviceType === (zealotType ?? 'ios') ? guess : await channelOf(ctx, appId, deviceType);
  return { plan, deviceType, channel };
}

async function write(ctx: ImportContext, row: ZealotRow, appId: number, parsed: Parsed, stored: { key: string; file: ReceivedFile }) {
  const zealotId = Number(row.id);
  const { plan, deviceType, channel } = parsed;
  const releaseVersion = zealotText(row.release_version, VERSION_MAX) ?? plan.releaseVersion?.slice(0, VERSION_MAX) ?? null;
  const buildVersion = zealotText(row.build_version, VERSION_MAX) ?? plan.buildVersion?.slice(0, VERSION_MAX) ?? null;
  const key = versionKey(releaseVersion, buildVersion);
  const created = typeof row.created_at === 'string' ? row.created_at : ctx.now();
  const notes: string[] = [];
  await ctx.transaction(async (trx) => {
    const release = releaseVersion === null ? undefined
      : await trx.selectFrom('releases').innerJoin('channels', 'channels.id', 'releases.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id').select('releases.id')
        .where('schemes.app_id', '=', appId).where('channels.device_type', '=', deviceType).where('releases.version_key', '=', key)
        .orderBy('releases.id', 'desc').executeTakeFirst();
    const id = await keptId(trx, ctx.engine, TABLE, zealotId);
    const inserted = await trx.insertInto('debug_files').values({
      ...(id === undefined ? {} : { id }), app_id: appId, channel_id: channel?.id ?? null, release_id: release?.id ?? null,
      uploader_id: null, device_type: deviceType, category: plan.category, release_version: releaseVersion,
      build_version: buildVersion, version_key: key, name: plan.name, bundle_id: plan.bundleId, file_key: stored.key,
      file_name: displayFileName(typeof row.file === 'string' ? row.file : null, plan.category), size: stored.file.size,
      checksum: stored.file.sha256, created_at: created, updated_at: typeof row.updated_at === 'string' ? row.updated_at : created,
    }).returning('id').executeTakeFirstOrThrow();
    const entries = entryValues(plan.entries, created).map((entry) => ({ ...entry, debug_file_id: inserted.id }));
    for (let start = 0; start < entries.length; start += 50) await trx.insertInto('debug_file_entries').values(entries.slice(start, start + 50)).execute();
    if (id === undefined) notes.push(`id ${zealotId} is taken: imported as debug file ${inserted.id}`);
    await ctx.map.set(TABLE, zealotId, { targetId: inserted.id, outcome: 'imported', detail: notes.join('; ') || null }, trx);
  });
  return notes;
}

/** A found zip: copied, parsed, stored and verified, then the rows; the Zealot zip removed with --move. */
async function importFound(ctx: ImportContext, row: ZealotRow, appId: number, file: FoundFile, zealotUuids: string[]): Promise<void> {
  const zealotId = Number(row.id);
  const received = await receiveFile(ctx.storage, file);
  let parsed: Parsed | string;
  try {
    parsed = await parse(ctx, row, appId, received);
  } catch (error) {
    await discardTemp(received.path);
    throw error;
  }
  if (typeof parsed === 'string') {
    await discardTemp(received.path);
    return refuse(ctx, zealotId, parsed);
  }
  const name = displayFileName(typeof row.file === 'string' ? row.file : null, parsed.plan.category);
  let key = debugFileStorageKey(name, parsed.plan.category, importKeyId(TABLE, zealotId, received.sha256));
  let placed = await placeFile(ctx.storage, key, received, (candidate) => keyHeld(ctx.db, candidate));
  if (placed === 'taken') {
    key = debugFileStorageKey(name, parsed.plan.category);
    await storeVerified(ctx.storage, key, received);
    placed = 'copied';
  }
  let notes: string[];
  try {
    notes = await write(ctx, row, appId, parsed, { key, file: received });
  } catch (error) {
    await removeStoredFiles(ctx.storage, [key]);
    throw error;
  }
  const changed = checksumNote(row.checksum, received.md5, 'MD5');
  if (changed) notes.push(changed);
  const unmatched = unmatchedUuids(parsed.plan, zealotUuids);
  if (unmatched.length > 0) notes.push(`Zealot's UUIDs ${unmatched.join(', ')} are not in the zip`);
  countFile(ctx, placed === 'present', received.size);
  ctx.report.row(TABLE, zealotId, 'imported', notes.length > 0 ? notes.join('; ') : undefined);
  if (ctx.options.move) await removeMoved(ctx.report, `debug file ${zealotId}`, [file]);
}

/** One Zealot debug file; the bytes it copied (or would copy). */
async function importDebugFile(ctx: ImportContext, row: ZealotRow, uuids: Map<number, string[]>): Promise<number> {
  const zealotId = Number(row.id);
  const appId = await ctx.map.target('apps', typeof row.app_id === 'number' ? row.app_id : null);
  if (appId === null) {
    await refuse(ctx, zealotId, 'app not imported');
    return 0;
  }
  const file = await ctx.source.file('debug_file', row);
  if (file.status === 'missing') {
    ctx.report.files.missing += 1;
    const where = file.path ? `${file.path}: ${file.reason}` : file.reason;
    await refuse(ctx, zealotId, `file missing (${where}): a debug file without its zip matches no crash report`);
    return 0;
  }
  if (ctx.options.dryRun) {
    ctx.report.files.copied += 1;
    ctx.report.files.bytes += file.size;
    ctx.report.row(TABLE, zealotId, 'imported');
    return file.size;
  }
  try {
    await importFound(ctx, row, appId, file, uuids.get(zealotId) ?? []);
  } catch (error) {
    // Nothing was kept for the row: the next run tries it again.
    ctx.report.row(TABLE, zealotId, 'refused', `not imported (${(error as Error).message}); run the import again to retry it`);
    return 0;
  }
  return file.size;
}

/** debug_file_metadata: the UUIDs Zealot kept per debug file. */
async function zealotUuidsByFile(ctx: ImportContext): Promise<Map<number, string[]>> {
  const uuids = new Map<number, string[]>();
  if ((await ctx.source.count('debug_file_metadata')) === 0) return uuids;
  for await (const row of ctx.source.rows('debug_file_metadata')) {
    if (typeof row.debug_file_id !== 'number' || typeof row.uuid !== 'string' || row.uuid === '') continue;
    uuids.set(row.debug_file_id, [...(uuids.get(row.debug_file_id) ?? []), row.uuid]);
  }
  return uuids;
}

export const debugFilesStep: ImportStep = {
  tables: [TABLE],
  async run(ctx) {
    if (ctx.report.counts(TABLE).total === 0) return;
    const uuids = await zealotUuidsByFile(ctx);
    await eachFileRow(ctx, TABLE, (row) => importDebugFile(ctx, row, uuids), (seen, count, copied) => `${TABLE} ${seen}/${count}, ${formatBytes(copied)} copied`);
  },
};
