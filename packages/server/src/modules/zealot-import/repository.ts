// SQL for the admin screen of what `tarmac import zealot` did (modules/zealot-import/routes.ts): the
// import map's counts and its rows that were not simply imported, and the few columns of the Tarmac
// rows they became that their web app links need. Plain rows; no rules.
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ZealotImportMapTable } from '../../db/types.ts';

export type ImportMapRow = Selectable<ZealotImportMapTable>;

export interface ImportRowFilter {
  outcome?: ImportMapRow['outcome'] | undefined;
  table?: string | undefined;
}

/** What a link to each kind of Tarmac row needs (rows deleted since are absent). */
export interface LinkTargets {
  users: Map<number, { username: string }>;
  apps: Set<number>;
  schemes: Map<number, { appId: number }>;
  channels: Map<number, { appId: number }>;
  releases: Map<number, { appId: number; channelId: number }>;
  debugFiles: Set<number>;
  devices: Map<number, { udid: string }>;
  webhooks: Map<number, { appId: number | null; channelId: number | null }>;
}

export interface LinkIds {
  users: number[];
  apps: number[];
  schemes: number[];
  channels: number[];
  releases: number[];
  debugFiles: number[];
  devices: number[];
  webhooks: number[];
}

export function createZealotImportRepository(db: Kysely<Database>) {
  /** Listed rows: all but plain imports (an import with a detail, e.g. "file missing", is listed; an empty detail is none). */
  function listed(filter: ImportRowFilter) {
    // `detail != ''` is null (not true) for a null detail: an import without a word is not listed.
    let qb = db.selectFrom('zealot_import_map').where((eb) => eb.or([eb('outcome', '!=', 'imported'), eb('detail', '!=', '')]));
    if (filter.outcome) qb = qb.where('outcome', '=', filter.outcome);
    if (filter.table) qb = qb.where('source_table', '=', filter.table);
    return qb;
  }

  return {
    /** Rows per table and outcome, and how many of each would be listed. */
    async counts(): Promise<{ table: string; outcome: ImportMapRow['outcome']; rows: number; noted: number }[]> {
      const rows = await db
        .selectFrom('zealot_import_map')
        .select((eb) => [
          'source_table',
          'outcome',
          eb.fn.countAll().as('rows'),
          eb.fn.count(eb.case().when('detail', '!=', '').then(1).end()).as('with_detail'),
        ])
        .groupBy(['source_table', 'outcome'])
        .execute();
      return rows.map((row) => ({
        table: row.source_table,
        outcome: row.outcome,
        rows: Number(row.rows),
        noted: row.outcome === 'imported' ? Number(row.with_detail) : Number(row.rows),
      }));
    },

    async span(): Promise<{ first: string | null; last: string | null }> {
      const row = await db
        .selectFrom('zealot_import_map')
        .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
        .executeTakeFirst();
      return { first: (row?.first as string | null | undefined) ?? null, last: (row?.last as string | null | undefined) ?? null };
    },

    /** One page of the listed rows, newest first (then by table, and by id, highest first: 10 before 9). */
    list(filter: ImportRowFilter, limit: number, offset: number): Promise<ImportMapRow[]> {
      return listed(filter)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('source_table', 'asc')
        .orderBy(sql`length(source_id)`, 'desc')
        .orderBy('source_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(filter: ImportRowFilter): Promise<number> {
      const row = await listed(filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The Tarmac ids a Zealot table's rows became: the apps of collaborator rows ("app:user") come from here. */
    async targets(table: string, sourceIds: string[]): Promise<Map<string, number>> {
      if (sourceIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('zealot_import_map')
        .select(['source_id', 'target_id'])
        .where('source_table', '=', table)
        .where('source_id', 'in', sourceIds)
        .execute();
      return new Map(rows.flatMap((row) => (row.target_id === null ? [] : [[row.source_id, row.target_id] as const])));
    },

    async linkTargets(ids: LinkIds): Promise<LinkTargets> {
      const some = <T>(list: number[], load: (list: number[]) => Promise<T[]>) => (list.length ? load(list) : Promise.resolve([]));
      const [users, apps, schemes, channels, releases, debugFiles, devices, webhooks] = await Promise.all([
        some(ids.users, (list) => db.selectFrom('users').select(['id', 'username']).where('id', 'in', list).execute()),
        some(ids.apps, (list) => db.selectFrom('apps').select('id').where('id', 'in', list).execute()),
        some(ids.schemes, (list) => db.selectFrom('schemes').select(['id', 'app_id']).where('id', 'in', list).execute()),
        some(ids.channels, (list) =>
          db.selectFrom('channels').innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
            .select(['channels.id', 'schemes.app_id']).where('channels.id', 'in', list).execute()),
        some(ids.releases, (list) =>
          db.selectFrom('releases').innerJoin('channels', 'channels.id', 'releases.channel_id').innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
            .select(['releases.id', 'releases.channel_id', 'schemes.app_id']).where('releases.id', 'in', list).execute()),
        some(ids.debugFiles, (list) => db.selectFrom('debug_files').select('id').where('id', 'in', list).execute()),
        some(ids.devices, (list) => db.selectFrom('devices').select(['id', 'udid']).where('id', 'in', list).execute()),
        some(ids.webhooks, (list) =>
          db.selectFrom('webhooks').leftJoin('channels', 'channels.id', 'webhooks.channel_id').leftJoin('schemes', 'schemes.id', 'channels.scheme_id')
            .select(['webhooks.id', 'webhooks.channel_id', 'schemes.app_id']).where('webhooks.id', 'in', list).execute()),
      ]);
      return {
        users: new Map(users.map((row) => [row.id, { username: row.username }])),
        apps: new Set(apps.map((row) => row.id)),
        schemes: new Map(schemes.map((row) => [row.id, { appId: row.app_id }])),
        channels: new Map(channels.map((row) => [row.id, { appId: row.app_id }])),
        releases: new Map(releases.map((row) => [row.id, { appId: row.app_id, channelId: row.channel_id }])),
        debugFiles: new Set(debugFiles.map((row) => row.id)),
        devices: new Map(devices.map((row) => [row.id, { udid: row.udid }])),
        webhooks: new Map(webhooks.map((row) => [row.id, { appId: row.app_id, channelId: row.channel_id }])),
      };
    },
  };
}

export type ZealotImportRepository = ReturnType<typeof createZealotImportRepository>;
