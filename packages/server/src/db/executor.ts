// What repository functions run their queries on: the database itself or an open transaction.
// Inside a transaction every call passes it (on SQLite a forgotten trx waits forever on the
// one connection).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Escapes LIKE's wildcards (and the escape character) so user text matches literally; use with `escape '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c);
}
