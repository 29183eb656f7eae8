// Picks the engine for the store: the SQLite `jobs` table when embedded, pg-boss on PostgreSQL.
import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import { PgBossJobBackend } from './pgboss/backend.js';
import { jobsSchemaName } from './pgboss/schema-name.js';
import { defaultReporter, type JobErrorReporter } from './reporter.js';
import { DurableJobQueue } from './runner.js';
import { SqliteJobBackend } from './sqlite/backend.js';
import type { JobQueue } from './types.js';

export interface CreateJobQueueOptions {
  /** Receives what the layer cannot throw to a caller (see reporter.ts); default: stderr, handler failures ignored. */
  report?: JobErrorReporter;
  /** pg-boss maintenance interval; default half the lease, between 1 and 60 seconds. */
  maintenanceIntervalSeconds?: number;
}

/** How often the SQLite engine prunes failed jobs and fails those whose last lease ran out. */
const SQLITE_MAINTENANCE_MS = 60_000;

export function createJobQueue(config: Pick<Config, 'jobs' | 'database'>, store: Store, options: CreateJobQueueOptions = {}): JobQueue {
  const { pollMs, leaseSeconds, retentionDays } = config.jobs;
  const report = options.report ?? defaultReporter;
  const backend = store.dialect === 'postgres'
    ? new PgBossJobBackend(store.db, {
      schema: jobsSchemaName(config.jobs, config.database),
      leaseSeconds,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? Math.min(60, Math.max(1, Math.ceil(leaseSeconds / 2))),
      retentionDays,
      report,
    })
    : new SqliteJobBackend(store.db, { leaseMs: leaseSeconds * 1000, retentionDays });
  return new DurableJobQueue(backend, { pollMs, report, maintenanceMs: SQLITE_MAINTENANCE_MS });
}
