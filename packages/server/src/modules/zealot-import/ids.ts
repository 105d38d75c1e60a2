// Keeping Zealot's ids where Tarmac can: a release, channel or app that arrives with the id it had
// in Zealot keeps every old link (/channels/{slug}/releases/{id}, /download/releases/{id},
// /apps/{id}) working as is. A Zealot id already taken in Tarmac (an import merged into a Tarmac in
// use) is remapped to a new one, and the import map sends old links there (see redirects).
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../../db/index.ts';
import { isRowId } from '../../db/row-id.ts';
import type { Database } from '../../db/types.ts';

type IdTable = 'users' | 'apps' | 'schemes' | 'channels' | 'releases' | 'debug_files' | 'devices' | 'webhooks' | 'api_tokens' | 'collaborators';

/**
 * The id to insert a row with: Zealot's when no Tarmac row has it, else undefined (the database
 * picks one). On PostgreSQL the table's identity sequence is first moved past the kept id, so a
 * Tarmac upload running beside the import can never be handed the same id.
 */
export async function keptId(
  trx: Kysely<Database> | Transaction<Database>,
  engine: Engine,
  table: IdTable,
  zealotId: number,
): Promise<number | undefined> {
  if (!isRowId(zealotId)) return undefined;
  const taken = await trx.selectFrom(table).select('id').where('id', '=', zealotId).executeTakeFirst();
  if (taken) return undefined;
  if (engine === 'postgres') {
    // Never moved back: past the kept id, the highest id handed out and the highest id stored.
    await sql`select setval(seq, greatest(${zealotId}::bigint, coalesce(pg_sequence_last_value(seq::regclass), 1),
      (select coalesce(max(id), 1) from ${sql.table(table)})))
      from (select pg_get_serial_sequence(${table}, 'id') as seq) as s`.execute(trx);
  }
  return zealotId;
}
