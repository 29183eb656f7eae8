// The few DDL differences between SQLite and PostgreSQL that migrations must spell out.
import type { CreateTableBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** An auto-numbered integer primary key `id`: SQLite's rowid alias, PostgreSQL's identity column. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
