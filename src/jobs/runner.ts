// The one JobQueue implementation: validation, handler registry and lifecycle over a storage backend (SQLite or pg-boss).
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.js';
import type { JobBackend } from './backend.js';
import { JobLifecycleError, JobOptionsError } from './errors.js';
import { encodeData } from './payload.js';
import { assertQueueName, normalizeSendOptions } from './policy.js';
import { QueueWorker } from './queue-worker.js';
import type { JobErrorReporter } from './reporter.js';
import type { JobCounts, JobHandler, JobQueue, SendOptions, WorkOptions } from './types.js';

export interface RunnerSettings {
  pollMs: number;
  report: JobErrorReporter;
  /** How often `backend.maintain` runs while started. */
  maintenanceMs: number;
}

const DEFAULT_GRACE_MS = 30_000;
const MAX_CONCURRENCY = 1000;
/** The bounds of JOBS_POLL_MS (config.ts), and an hour for a queue of rare jobs. */
const MIN_POLL_MS = 10;
const MAX_POLL_MS = 3_600_000;

export class DurableJobQueue implements JobQueue {
  readonly #workers = new Map<string, QueueWorker>();
  #started = false;
  #maintenance: NodeJS.Timeout | null = null;
  #maintaining: Promise<void> = Promise.resolve();

  constructor(
    private readonly backend: JobBackend,
    private readonly settings: RunnerSettings,
  ) {}

  async send<T>(queue: string, data: T, options?: SendOptions, db?: Kysely<Database>): Promise<string | null> {
    assertQueueName(queue);
    const policy = normalizeSendOptions(options);
    const id = await this.backend.insert(queue, encodeData(data), policy, db);
    // In a transaction the job is not visible yet; the take then finds nothing and the next poll does.
    if (id !== null && (policy.runAt === null || policy.runAt.getTime() <= Date.now())) this.#workers.get(queue)?.wake();
    return id;
  }

  async cancel(queue: string, id: string, db?: Kysely<Database>): Promise<boolean> {
    assertQueueName(queue);
    return this.backend.cancel(queue, id, db);
  }

  async work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    assertQueueName(queue);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
      throw new JobOptionsError(`concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, got ${concurrency}`);
    }
    const pollMs = options.pollMs ?? this.settings.pollMs;
    if (!Number.isInteger(pollMs) || pollMs < MIN_POLL_MS || pollMs > MAX_POLL_MS) {
      throw new JobOptionsError(`pollMs must be a whole number of milliseconds from ${MIN_POLL_MS} to ${MAX_POLL_MS}, got ${pollMs}`);
    }
    if (this.#workers.has(queue)) throw new JobLifecycleError(`queue "${queue}" already has a handler in this process`);
    // Handlers are typed by their queue's payload; the store hands back whatever was sent there.
    const worker = new QueueWorker(queue, handler as JobHandler<unknown>, concurrency, this.backend, { ...this.settings, pollMs });
    this.#workers.set(queue, worker);
    if (this.#started) worker.start();
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.backend.open();
    this.#started = true;
    for (const worker of this.#workers.values()) worker.start();
    const { maintain } = this.backend;
    if (maintain !== undefined) {
      const run = (): void => {
        this.#maintaining = maintain.call(this.backend).catch((err: unknown) => this.settings.report(err, { phase: 'maintenance' }));
      };
      run();
      this.#maintenance = setInterval(run, this.settings.maintenanceMs);
      // Housekeeping alone should not keep a process alive.
      this.#maintenance.unref();
    }
  }

  async counts(): Promise<JobCounts> {
    if (!this.#started) throw new JobLifecycleError('the job queue is not started');
    return this.backend.counts();
  }

  async stop(graceMs = DEFAULT_GRACE_MS): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    if (this.#maintenance !== null) clearInterval(this.#maintenance);
    this.#maintenance = null;
    await Promise.all([...this.#workers.values()].map((w) => w.stop(Math.max(0, graceMs))));
    await this.#maintaining;
    await this.backend.close();
  }
}
