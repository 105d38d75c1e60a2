// The two column types whose TypeScript differs from what is written: timestamps (ISO-8601 text on
// both engines) and flags (0/1 from SQLite, true/false from PostgreSQL).
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<string, string, string>;
export type Flag = ColumnType<boolean | number, boolean, boolean>;
