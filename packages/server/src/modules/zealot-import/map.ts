// The import map (table zealot_import_map): what became of each Zealot row. Every step asks it
// before writing (a row found here was handled by an earlier run: a second run changes nothing)
// and records its decision in the same transaction as the row it wrote, so an interrupted import
// resumes exactly after the last row it finished.
import type { Kysely, Transaction } from 'kysely';
import type { Database, ZealotImportMapTable } from '../../db/types.ts';

export type MapOutcome = ZealotImportMapTable['outcome'];

export interface MapEntry {
  targetId: number | null;
  outcome: MapOutcome;
  detail: string | null;
}

/** A join row's id: its two ids as "a:b", in keyColumns() order. */
export function joinId(a: number, b: number): string {
  return `${a}:${b}`;
}

export function createImportMap(db: Kysely<Database> | Transaction<Database>, now: () => string) {
  return {
    async get(table: string, sourceId: number | string): Promise<MapEntry | null> {
      const row = await db
        .selectFrom('zealot_import_map')
        .select(['target_id', 'outcome', 'detail'])
        .where('source_table', '=', table)
        .where('source_id', '=', String(sourceId))
        .executeTakeFirst();
      return row ? { targetId: row.target_id, outcome: row.outcome, detail: row.detail } : null;
    },

    /** The Tarmac id a Zealot row became or was merged into; null when it was skipped, refused or not seen. */
    async target(table: string, sourceId: number | string | null): Promise<number | null> {
      if (sourceId === null) return null;
      return (await this.get(table, sourceId))?.targetId ?? null;
    },

    /** Records a decision; `trx` is the transaction that wrote the row, so both land or neither. */
    async set(
      table: string,
      sourceId: number | string,
      entry: MapEntry,
      trx: Kysely<Database> | Transaction<Database> = db,
    ): Promise<void> {
      await trx
        .insertInto('zealot_import_map')
        .values({
          source_table: table,
          source_id: String(sourceId),
          target_id: entry.targetId,
          outcome: entry.outcome,
          detail: entry.detail,
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['source_table', 'source_id']).doUpdateSet({ target_id: entry.targetId, outcome: entry.outcome, detail: entry.detail }))
        .execute();
    },

    /** The highest numeric Zealot id handled in a table: rows() resumes after it. */
    async lastId(table: string): Promise<number | undefined> {
      const rows = await db.selectFrom('zealot_import_map').select('source_id').where('source_table', '=', table).execute();
      let last: number | undefined;
      for (const { source_id: id } of rows) if (/^\d+$/.test(id) && (last === undefined || Number(id) > last)) last = Number(id);
      return last;
    },
  };
}

export type ImportMap = ReturnType<typeof createImportMap>;
