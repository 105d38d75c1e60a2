import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A release whose file was not there when it was imported (`tarmac import zealot`: Zealot's row
  // named a build its uploads folder did not hold). The row keeps every field Zealot had; this says
  // why there is no file (null: the file is stored under file_key). Downloads, the install manifest
  // and the pages answer "file missing" for it instead of looking in storage.
  await db.schema.alterTable('releases').addColumn('file_missing', 'varchar(1024)').execute();
}
