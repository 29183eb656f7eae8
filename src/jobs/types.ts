// The durable job layer's one interface: delayed and retried work that survives restarts and runs once across processes.
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.js';

/** Jobs stored across every queue and process. */
export interface JobCounts {
  /** Waiting to run: due now, later, or for a retry. */
  waiting: number;
  /** Taken by a worker and not finished. */
  active: number;
}

/** A job as a handler sees it. */
export interface Job<T> {
  id: string;
  queue: string;
  data: T;
  /**
   * 1 on the first run, 2 on the next, … Every run counts: one that failed and one that was cut
   * short by a lost lease (a crash, a stop past its grace, a handler outliving the lease).
   */
  attempt: number;
}

export interface SendOptions {
  /**
   * Run no earlier than this instant (default: now). The job starts within one poll interval
   * (`JOBS_POLL_MS`) after it, never before.
   */
  runAt?: Date;
  /**
   * Deduplication key: while a job with this key is waiting or running in the queue, sending
   * another with the same key stores nothing and returns null.
   */
  key?: string;
  /**
   * Retries after the first run fails (default 0): a handler that throws on attempt n is run again
   * while n ≤ retryLimit, and the job is kept as failed after that.
   */
  retryLimit?: number;
  /** Delay before the first retry (default 1000 ms). */
  retryDelayMs?: number;
  /** Doubles the retry delay on each retry (default true). */
  retryBackoff?: boolean;
}

export interface WorkOptions {
  /** Jobs of this queue run at most this many at once per process (default 1). */
  concurrency?: number;
  /**
   * How often this process looks for the queue's due jobs (default `JOBS_POLL_MS`): a queue of daily jobs needs no look
   * five times a second, each a statement PostgreSQL plans anew. A job this process sends for now is taken at once.
   */
  pollMs?: number;
}

/**
 * A handler that resolves completes its job; one that throws fails the attempt, and the job is
 * retried per its options, then kept as failed. A process that dies mid-job leaves it to be run
 * again (at least once), so handlers make their effect idempotent — for example by inserting
 * under a unique key — which turns that into exactly-once effects.
 *
 * A run holds a lease (`JOBS_LEASE_SECONDS`). When it is lost — the process died, or the handler
 * is still running when the lease ends — the job is run again as soon as the lease has expired,
 * whatever `retryLimit` says, up to `LOST_LEASE_RERUNS` runs beyond `1 + retryLimit`; so a handler
 * must finish well within the lease, and a job that kills its process every time ends as failed.
 */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface JobQueue {
  /**
   * Stores a job and returns its id (null when `key` deduplicated it). With `db` set to an open
   * transaction the job commits or rolls back with it, so work and its follow-up job are never
   * separated by a crash.
   */
  send<T>(queue: string, data: T, options?: SendOptions, db?: Kysely<Database>): Promise<string | null>;
  /**
   * Removes a job that has not started (waiting, or waiting for a retry); false when there is none
   * waiting with that id. With `db` set to an open transaction the removal commits or rolls back with it.
   */
  cancel(queue: string, id: string, db?: Kysely<Database>): Promise<boolean>;
  /** Registers the handler for a queue; jobs start being taken once `start` has run. */
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  start(): Promise<void>;
  /**
   * Whether the engine can take jobs (readiness, metrics): the jobs waiting and running across processes, read with
   * one statement. Throws when the queue is not started or its store cannot be reached.
   */
  counts(): Promise<JobCounts>;
  /**
   * Stops taking jobs and waits (up to `graceMs`, default 30 s) for the running ones. Those still
   * running after it lose their lease at once, so another process (or this one, restarted) runs
   * them again; the store stays open.
   */
  stop(graceMs?: number): Promise<void>;
}
