// One queue's loop in one process: takes due jobs into its free slots, runs each under its lease, and writes the outcome.
import type { JobBackend, TakenJob } from './backend.js';
import { JobQueueError } from './errors.js';
import { describeError } from './payload.js';
import { retryDelayAfter } from './policy.js';
import type { JobErrorReporter } from './reporter.js';
import { sleep } from './sleep.js';
import type { JobHandler } from './types.js';

type Outcome = { ok: true } | { ok: false; error: unknown };

interface Run {
  job: TakenJob;
  finished: Promise<void>;
  /** Set once the lease was given up at stop: the outcome is no longer this process's to write. */
  released: boolean;
}

export interface QueueWorkerSettings {
  pollMs: number;
  report: JobErrorReporter;
}

export class QueueWorker {
  /** Runs holding a slot. */
  readonly #runs = new Map<string, Run>();
  /** Runs whose lease ran out while their handler went on: no slot, outcome still written if it comes. */
  readonly #overdue = new Set<Run>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> | null = null;
  #again = false;
  #active = false;

  constructor(
    private readonly queue: string,
    private readonly handler: JobHandler<unknown>,
    private readonly concurrency: number,
    private readonly backend: JobBackend,
    private readonly settings: QueueWorkerSettings,
  ) {}

  start(): void {
    this.#active = true;
    this.wake();
  }

  /** Looks for due jobs now rather than at the next poll (a job was just sent, or a slot freed). */
  wake(): void {
    if (!this.#active) return;
    if (this.#polling !== null) {
      this.#again = true;
      return;
    }
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#polling = this.#takeWhileFree().finally(() => {
      this.#polling = null;
      this.#scheduleNext();
    });
  }

  /** Stops taking jobs, waits up to `graceMs` for the running ones, then gives up the leases of the rest. */
  async stop(graceMs: number): Promise<void> {
    this.#active = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#polling;
    const running = [...this.#runs.values()];
    if (running.length > 0) {
      const grace = sleep(graceMs);
      await Promise.race([Promise.allSettled(running.map((r) => r.finished)), grace.promise]);
      grace.cancel();
    }
    for (const run of this.#runs.values()) {
      run.released = true;
      await this.#release(run.job, `the worker stopped after a ${graceMs} ms grace with the handler still running`);
    }
    for (const run of this.#overdue) run.released = true;
  }

  #scheduleNext(): void {
    if (!this.#active) return;
    if (this.#again) {
      this.wake();
      return;
    }
    // When every slot is busy, the run that finishes first wakes the loop.
    if (this.#runs.size >= this.concurrency) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.wake();
    }, this.settings.pollMs);
  }

  async #takeWhileFree(): Promise<void> {
    do {
      this.#again = false;
      const free = this.concurrency - this.#runs.size;
      if (free <= 0) return;
      let jobs: TakenJob[];
      try {
        jobs = await this.backend.take(this.queue, free);
      } catch (err) {
        this.settings.report(err, { phase: 'take', queue: this.queue });
        return;
      }
      for (const job of jobs) {
        if (this.#active) this.#begin(job);
        else await this.#release(job, 'the worker stopped before the run began');
      }
      // A full batch suggests more are due: take again at once instead of after the poll interval.
      if (jobs.length === free) this.#again = true;
    } while (this.#again && this.#active);
  }

  #begin(job: TakenJob): void {
    const key = `${job.id}#${job.attempt}`;
    const run: Run = { job, finished: Promise.resolve(), released: false };
    this.#runs.set(key, run);
    run.finished = this.#execute(run).finally(() => {
      this.#runs.delete(key);
      this.wake();
    });
  }

  async #execute(run: Run): Promise<void> {
    const { job } = run;
    const outcome = this.#invoke(job);
    const lease = sleep(job.leaseMs);
    const first = await Promise.race([outcome, lease.promise.then(() => 'lease-ended' as const)]);
    lease.cancel();
    if (first !== 'lease-ended') {
      if (!run.released) await this.#record(job, first);
      return;
    }
    // The job is now another taker's to run; free the slot so one hung handler cannot stall the queue.
    this.settings.report(
      new JobQueueError(`the handler was still running when its ${job.leaseMs} ms lease ended; the job may run again`),
      { phase: 'lease', queue: job.queue, jobId: job.id, attempt: job.attempt },
    );
    this.#overdue.add(run);
    void outcome.then(async (late) => {
      // Fenced by the attempt: it lands only if nobody took the job meanwhile, sparing a needless re-run.
      if (!run.released) await this.#record(job, late);
      this.#overdue.delete(run);
    });
  }

  async #invoke(job: TakenJob): Promise<Outcome> {
    try {
      await this.handler({ id: job.id, queue: job.queue, data: job.data, attempt: job.attempt });
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  }

  async #record(job: TakenJob, outcome: Outcome): Promise<void> {
    const context = { queue: job.queue, jobId: job.id, attempt: job.attempt };
    try {
      if (outcome.ok) {
        await this.backend.complete(job);
        return;
      }
      this.settings.report(outcome.error, { phase: 'handler', ...context });
      await this.backend.fail(job, describeError(outcome.error), retryDelayAfter(job.attempt, job.policy));
    } catch (err) {
      this.settings.report(err, { phase: 'record', ...context });
    }
  }

  async #release(job: TakenJob, reason: string): Promise<void> {
    try {
      await this.backend.release(job, reason);
    } catch (err) {
      this.settings.report(err, { phase: 'release', queue: job.queue, jobId: job.id, attempt: job.attempt });
    }
  }
}
