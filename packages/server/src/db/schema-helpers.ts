// Column builders that hide the few DDL differences between SQLite and PostgreSQL, so one
// migration file serves both engines.
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Engine } from './index.ts';

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine): CreateTableBuilder<T, 'id'> {
  return engine === 'sqlite'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}

/** The column type for timestamps: ISO-8601 text on SQLite, timestamptz on PostgreSQL. */
export function timestampType(engine: Engine): 'text' | 'timestamptz' {
  return engine === 'sqlite' ? 'text' : 'timestamptz';
}

export type ColumnModifier = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
