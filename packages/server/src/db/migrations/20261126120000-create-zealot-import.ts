import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // What `tarmac import zealot` did with each row of a Zealot installation (modules/zealot-import):
  // one row per Zealot row, keyed by its table and id (a join table's row by "a:b"). target_id is
  // the Tarmac row it became or was merged into (null when it was skipped or refused). A second run
  // skips every row found here, so it changes nothing and brings only what Zealot received since;
  // old links whose id was remapped are redirected through it.
  await db.schema
    .createTable('zealot_import_map')
    .addColumn('source_table', 'varchar(64)', (col) => col.notNull())
    .addColumn('source_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', timestampType(engine), (col) => col.notNull())
    .addPrimaryKeyConstraint('zealot_import_map_pkey', ['source_table', 'source_id'])
    .execute();
  await db.schema.createIndex('zealot_import_map_target_index').on('zealot_import_map').columns(['source_table', 'target_id']).execute();
}
