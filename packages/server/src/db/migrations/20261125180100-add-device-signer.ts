import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SHA-256 of the certificate that signed the device's first answer (hex). Later answers
  // update the device only when signed by the same certificate; null for devices registered
  // before this column existed (their next answer sets it).
  await db.schema.alterTable('devices').addColumn('signer_fingerprint', 'varchar(64)').execute();
}
