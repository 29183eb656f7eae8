// Bulk imports of humans (docs/humans-import.md): the import, its received rows kept in chunks until written, and the
// rows it could not take. A chunk is written and deleted in one transaction, so a restart goes on from the first left.
import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('human_imports'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // 'csv' or 'jsonl'.
    .addColumn('format', 'text', (c) => c.notNull())
    // receiving, importing, done, cancelled, failed (the upload broke off).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problem', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('human_imports_by_account').on('human_imports').columns(['account_id', 'id']).execute();

  await db.schema.createTable('human_import_chunks')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('human_imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // The chunk's rows as JSON: [[row number, {column: value}], …].
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('human_import_chunks_pk', ['import_id', 'seq'])
    .execute();

  await idColumn(db.schema.createTable('human_import_errors'), dialect)
    .addColumn('import_id', 'integer', (c) => c.notNull().references('human_imports.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('human_import_errors_by_import').on('human_import_errors').columns(['import_id', 'id']).execute();
}
