import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // The last sign of life of a running restore (modules/backups/maintenance.ts): maintenance mode
  // holds only while it is recent, so a process that died mid-restore does not keep every
  // instance answering 503.
  await db.schema.alterTable('restores').addColumn('heartbeat_at', timestampType(engine)).execute();
}
