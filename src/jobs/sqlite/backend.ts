// The embedded engine: jobs live in the `jobs` table of the app's own SQLite file, leased by one atomic UPDATE … RETURNING.
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../../store/index.js';
import type { JobBackend, JobCounts, TakenJob } from '../backend.js';
import { decodeData } from '../payload.js';
import { LOST_LEASE_RERUNS, maxRuns, type JobPolicy } from '../policy.js';

export interface SqliteBackendOptions {
  leaseMs: number;
  /** Days failed jobs are kept before `maintain` prunes them. */
  retentionDays: number;
}

const DAY_MS = 86_400_000;

function toTaken(row: Selectable<JobsTable>, leaseMs: number): TakenJob {
  return {
    id: String(row.id),
    queue: row.queue,
    data: decodeData(row.data),
    attempt: row.attempt,
    leaseMs,
    policy: { retryLimit: row.retry_limit, retryDelayMs: row.retry_delay_ms, retryBackoff: row.retry_backoff === 1 },
  };
}

export class SqliteJobBackend implements JobBackend {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SqliteBackendOptions,
  ) {}

  async open(): Promise<void> {}

  async close(): Promise<void> {}

  async insert(queue: string, dataJson: string, policy: JobPolicy, db?: Kysely<Database>): Promise<string | null> {
    const now = new Date().toISOString();
    const row = await (db ?? this.db).insertInto('jobs')
      .values({
        queue,
        data: dataJson,
        state: 'waiting',
        run_at: (policy.runAt ?? new Date()).toISOString(),
        attempt: 0,
        retry_limit: policy.retryLimit,
        retry_delay_ms: policy.retryDelayMs,
        retry_backoff: policy.retryBackoff ? 1 : 0,
        dedup_key: policy.key,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      // The only unique index besides the id is the partial one on (queue, dedup_key).
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row === undefined ? null : String(row.id);
  }

  async take(queue: string, limit: number): Promise<TakenJob[]> {
    const now = new Date();
    const nowIso = now.toISOString();
    const leaseEnds = new Date(now.getTime() + this.options.leaseMs).toISOString();
    // One statement: SQLite takes the write lock before reading, so two processes on one file
    // never lease the same row, and an expired lease is taken over by exactly one of them.
    const rows = await this.db.updateTable('jobs')
      .set((eb) => ({ state: 'active', attempt: eb('attempt', '+', 1), locked_until: leaseEnds, updated_at: nowIso }))
      .where('id', 'in', (eb) => eb.selectFrom('jobs').select('id')
        .where('queue', '=', queue)
        .where((w) => w.or([
          w.and([w('state', '=', 'waiting'), w('run_at', '<=', nowIso)]),
          w.and([
            w('state', '=', 'active'),
            w('locked_until', '<=', nowIso),
            w('attempt', '<', w('retry_limit', '+', 1 + LOST_LEASE_RERUNS)),
          ]),
        ]))
        .orderBy('run_at').orderBy('id')
        .limit(limit))
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.run_at.localeCompare(b.run_at) || a.id - b.id).map((r) => toTaken(r, this.options.leaseMs));
  }

  // Every outcome is written only under the run's own attempt while it is still active: a run that
  // lost its lease (and may have been taken again) cannot overwrite the newer run's state.

  async complete(job: TakenJob): Promise<void> {
    // Completed jobs are deleted: the table holds only pending work and failures.
    await this.db.deleteFrom('jobs')
      .where('id', '=', Number(job.id)).where('attempt', '=', job.attempt).where('state', '=', 'active')
      .execute();
  }

  async fail(job: TakenJob, error: string, retryInMs: number | null): Promise<void> {
    const now = Date.now();
    await this.db.updateTable('jobs')
      .set({
        ...(retryInMs === null ? { state: 'failed' } : { state: 'waiting', run_at: new Date(now + retryInMs).toISOString() }),
        locked_until: null,
        last_error: error,
        updated_at: new Date(now).toISOString(),
      })
      .where('id', '=', Number(job.id)).where('attempt', '=', job.attempt).where('state', '=', 'active')
      .execute();
  }

  async release(job: TakenJob, reason: string): Promise<void> {
    const now = new Date().toISOString();
    const final = job.attempt >= maxRuns(job.policy.retryLimit);
    await this.db.updateTable('jobs')
      .set({ ...(final ? { state: 'failed' } : { state: 'waiting', run_at: now }), locked_until: null, last_error: reason, updated_at: now })
      .where('id', '=', Number(job.id)).where('attempt', '=', job.attempt).where('state', '=', 'active')
      .execute();
  }

  async cancel(queue: string, id: string, db?: Kysely<Database>): Promise<boolean> {
    if (!/^\d{1,15}$/.test(id)) return false;
    const result = await (db ?? this.db).deleteFrom('jobs')
      .where('queue', '=', queue).where('id', '=', Number(id)).where('state', '=', 'waiting')
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async counts(): Promise<JobCounts> {
    const rows = await this.db.selectFrom('jobs').select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', 'in', ['waiting', 'active']).groupBy('state').execute();
    return {
      waiting: Number(rows.find((r) => r.state === 'waiting')?.n ?? 0),
      active: Number(rows.find((r) => r.state === 'active')?.n ?? 0),
    };
  }

  async maintain(): Promise<void> {
    const now = Date.now();
    const nowIso = new Date(now).toISOString();
    // A job whose last allowed run lost its lease is never taken again; mark it so its key frees up.
    await this.db.updateTable('jobs')
      .set({ state: 'failed', locked_until: null, last_error: 'the lease of its last allowed run ran out', updated_at: nowIso })
      .where('state', '=', 'active')
      .where('locked_until', '<=', nowIso)
      .where((w) => w('attempt', '>=', w('retry_limit', '+', 1 + LOST_LEASE_RERUNS)))
      .execute();
    await this.db.deleteFrom('jobs')
      .where('state', '=', 'failed')
      .where('updated_at', '<', new Date(now - this.options.retentionDays * DAY_MS).toISOString())
      .execute();
  }

}
