// Helpers both sources share: which columns order a table's rows, and which app a row's upload
// lives under (Zealot's upload paths name the app, which a release reaches through its channel
// and scheme).
import type { ZealotColumn, ZealotFileKind, ZealotRow } from './types.ts';

/** `['id']`; for a join table without one its first two `*_id` columns; else [] (dump order). */
export function keyColumnsOf(columns: readonly ZealotColumn[]): string[] {
  if (columns.some((column) => column.name === 'id')) return ['id'];
  return columns
    .filter((column) => column.name.endsWith('_id'))
    .slice(0, 2)
    .map((column) => column.name);
}

/** The resume key rows() starts after, in keyColumns order; undefined to start at the beginning. */
export function startKey(keys: readonly string[], options: { afterId?: number; afterKey?: readonly number[] }): number[] | undefined {
  if (keys.length === 0) return undefined;
  if (options.afterKey !== undefined) return [...options.afterKey];
  if (options.afterId !== undefined && keys.length === 1) return [options.afterId];
  return undefined;
}

function id(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * Finds the app of a row's upload: a debug file names it; a release's is its channel's scheme's,
 * read once from `schemes` and `channels` (a few hundred rows at most) on first use.
 */
export function appIdResolver(
  rows: (table: string) => AsyncIterable<ZealotRow>,
): (kind: ZealotFileKind, row: ZealotRow) => Promise<number | null> {
  let channels: Promise<Map<number, number>> | undefined;
  const load = async (): Promise<Map<number, number>> => {
    const schemes = new Map<number, number>();
    for await (const scheme of rows('schemes')) {
      const [schemeId, appId] = [id(scheme.id), id(scheme.app_id)];
      if (schemeId !== null && appId !== null) schemes.set(schemeId, appId);
    }
    const byChannel = new Map<number, number>();
    for await (const channel of rows('channels')) {
      const [channelId, schemeId] = [id(channel.id), id(channel.scheme_id)];
      const appId = schemeId === null ? undefined : schemes.get(schemeId);
      if (channelId !== null && appId !== undefined) byChannel.set(channelId, appId);
    }
    return byChannel;
  };
  return async (kind, row) => {
    if (kind === 'debug_file') return id(row.app_id);
    channels ??= load();
    const channelId = id(row.channel_id);
    return channelId === null ? null : ((await channels).get(channelId) ?? null);
  };
}
