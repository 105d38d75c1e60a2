// Debug-file rows → the files the service answers: entries, and the release each belongs to
// (linked when uploaded, or found by its versions when the build came later).
import type { DebugFileEntryRow } from '../../db/types.ts';
import type { DebugFileListRow, DebugFilesRepository, LinkedReleaseRow } from './repository.ts';
import type { DebugFile, DebugFileEntry } from './types.ts';

function parseFiles(text: string | null): { name: string; size: number }[] | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as { name: string; size: number }[]) : null;
  } catch {
    return null;
  }
}

function toEntry(row: DebugFileEntryRow): DebugFileEntry {
  return {
    id: row.id,
    uuid: row.uuid,
    altUuid: row.alt_uuid,
    arch: row.arch,
    object: row.object,
    bundleId: row.bundle_id,
    bundleName: row.bundle_name,
    main: Boolean(row.main),
    size: Number(row.size),
    files: parseFiles(row.files),
    createdAt: row.created_at,
  };
}

export function createDebugFileMapper(debugFilesRepository: Pick<DebugFilesRepository, 'entriesOf' | 'releasesByIds' | 'releasesMatching'>) {
  /** Rows → files, with their entries and linked releases (stored, or found by versions). */
  async function toFiles(rows: DebugFileListRow[]): Promise<DebugFile[]> {
    if (rows.length === 0) return [];
    const entries = await debugFilesRepository.entriesOf(rows.map((row) => row.id));
    const byFile = new Map<number, DebugFileEntry[]>();
    for (const entry of entries) {
      const list = byFile.get(entry.debug_file_id) ?? [];
      list.push(toEntry(entry));
      byFile.set(entry.debug_file_id, list);
    }
    const releases = new Map<number, LinkedReleaseRow>();
    const linkedIds = rows.flatMap((row) => (row.release_id === null ? [] : [row.release_id]));
    for (const release of await debugFilesRepository.releasesByIds(linkedIds)) releases.set(release.id, release);
    // A build uploaded after its debug file: found by versions now (one query for the page).
    const unlinked = rows.filter((row) => row.release_id === null && row.release_version !== null);
    const matched = new Map<number, LinkedReleaseRow>();
    if (unlinked.length > 0) {
      const wanted = unlinked.map((row) => ({ appId: row.app_id, deviceType: row.device_type, versionKey: row.version_key }));
      const found = await debugFilesRepository.releasesMatching(wanted);
      for (const row of unlinked) {
        const candidates = found.filter(
          (r) => r.app_id === row.app_id && r.device_type === row.device_type && r.version_key === row.version_key,
        );
        const best = candidates.find((r) => r.channel_id === row.channel_id) ?? candidates[0];
        if (best) matched.set(row.id, best);
      }
    }
    return rows.map((row) => {
      const release = row.release_id === null ? matched.get(row.id) : releases.get(row.release_id);
      return {
        id: row.id,
        appId: row.app_id,
        appName: row.app_name,
        appArchived: Boolean(row.app_archived),
        channel: row.channel_id === null || row.channel_name === null ? null : { id: row.channel_id, name: row.channel_name, slug: row.channel_slug ?? '' },
        release: release ? { id: release.id, version: release.version, channelId: release.channel_id } : null,
        uploader: row.uploader_id === null || row.uploader === null ? null : { id: row.uploader_id, username: row.uploader },
        deviceType: row.device_type,
        category: row.category,
        releaseVersion: row.release_version,
        buildVersion: row.build_version,
        name: row.name,
        bundleId: row.bundle_id,
        fileName: row.file_name,
        fileKey: row.file_key,
        size: Number(row.size),
        checksum: row.checksum,
        createdAt: row.created_at,
        entries: byFile.get(row.id) ?? [],
      };
    });
  }

  async function one(row: DebugFileListRow): Promise<DebugFile> {
    return (await toFiles([row]))[0]!;
  }

  return { toFiles, one };
}
