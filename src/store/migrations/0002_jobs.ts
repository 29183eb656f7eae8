// The durable job table of the SQLite runner; created on PostgreSQL too so both engines keep one schema, though pg-boss keeps PostgreSQL's jobs.
import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('retry_limit', 'integer', (c) => c.notNull())
    .addColumn('retry_delay_ms', 'integer', (c) => c.notNull())
    .addColumn('retry_backoff', 'integer', (c) => c.notNull())
    .addColumn('dedup_key', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Serves the take query: due waiting jobs of a queue in run_at order, and expired active ones.
  await db.schema.createIndex('jobs_take').on('jobs').columns(['queue', 'state', 'run_at']).execute();
  // A key deduplicates only while its job is waiting or running; a partial unique index makes that
  // race-free on both engines (ON CONFLICT DO NOTHING answers the second send).
  await sql`create unique index jobs_dedup on jobs (queue, dedup_key) where dedup_key is not null and state in ('waiting', 'active')`.execute(db);
  // Pruning of failed jobs by age.
  await db.schema.createIndex('jobs_state_updated').on('jobs').columns(['state', 'updated_at']).execute();
}
