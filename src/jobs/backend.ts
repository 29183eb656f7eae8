// The storage port the shared runner drives: the SQLite `jobs` table and pg-boss each implement it, so both engines behave alike.
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.js';
import type { JobPolicy } from './policy.js';

/** A job taken for one run: the lease is held until `leaseMs` from the take. */
export interface TakenJob {
  id: string;
  queue: string;
  data: unknown;
  /** This run's number; outcomes are written only while the job is still active under it (a fencing token). */
  attempt: number;
  leaseMs: number;
  policy: Pick<JobPolicy, 'retryLimit' | 'retryDelayMs' | 'retryBackoff'>;
}

export interface JobCounts {
  waiting: number;
  active: number;
}

export interface JobBackend {
  /** Installs or checks what the engine needs; called by `start`, idempotent. */
  open(): Promise<void>;
  /** Stops the engine's own timers; the store stays open. */
  close(): Promise<void>;
  /** Stores a job (in `db` when given); null when its key is taken by a waiting or active job. */
  insert(queue: string, dataJson: string, policy: JobPolicy, db?: Kysely<Database>): Promise<string | null>;
  /** Leases up to `limit` due jobs of the queue, each to exactly one caller across processes. */
  take(queue: string, limit: number): Promise<TakenJob[]>;
  complete(job: TakenJob): Promise<void>;
  /** Records a thrown run: due again in `retryInMs`, or kept as failed when that is null. */
  fail(job: TakenJob, error: string, retryInMs: number | null): Promise<void>;
  /** Gives the lease up now so the job runs again at once, or fails it when it has had all its runs. */
  release(job: TakenJob, reason: string): Promise<void>;
  cancel(queue: string, id: string, db?: Kysely<Database>): Promise<boolean>;
  /** Jobs waiting (due or not) and running, across queues and processes; one cheap statement, which fails when the store is unreachable. */
  counts(): Promise<JobCounts>;
  /** Housekeeping the engine does not do itself (pruning, failing jobs whose last lease ran out). */
  maintain?(): Promise<void>;
}
