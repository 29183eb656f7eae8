// The scale-out engine: pg-boss 10 stores, leases (FOR UPDATE SKIP LOCKED) and expires jobs in its own schema; Parley drives the loop.
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../store/index.js';
import type { JobBackend, JobCounts, TakenJob } from '../backend.js';
import { LOST_LEASE_RERUNS, maxRuns, type JobPolicy } from '../policy.js';
import type { JobErrorReporter } from '../reporter.js';
import { decodeEnvelope, encodeEnvelope } from './envelope.js';
import { kyselyBossDb } from './kysely-db.js';
import { bossStatements, type BossStatements } from './sql.js';

export interface PgBossBackendOptions {
  schema: string;
  /** pg-boss's expireInSeconds, fixed on each job when it is sent. */
  leaseSeconds: number;
  /** How often (cluster-wide) pg-boss expires lost leases, archives and drops; bounds crash recovery to lease + this. */
  maintenanceIntervalSeconds: number;
  retentionDays: number;
  report: JobErrorReporter;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_SECONDS = 86_400;
const INSTALL_ATTEMPTS = 3;

export class PgBossJobBackend implements JobBackend {
  readonly #sql: BossStatements;
  readonly #queues = new Map<string, Promise<void>>();
  /** Queues known to exist (created or found outside any caller's transaction). */
  readonly #ready = new Set<string>();
  /** Sends and fetches; started without timers, so it needs no stopping and works before `open` and after `close`. */
  #client: Promise<PgBoss> | null = null;
  /** Runs pg-boss's maintenance timer between `open` and `close`. */
  #maintainer: PgBoss | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PgBossBackendOptions,
  ) {
    this.#sql = bossStatements(options.schema);
  }

  async open(): Promise<void> {
    await this.#installed();
    if (this.#maintainer !== null) return;
    const maintainer = this.#create({ supervise: true, migrate: false });
    await maintainer.start();
    this.#maintainer = maintainer;
  }

  async close(): Promise<void> {
    const maintainer = this.#maintainer;
    this.#maintainer = null;
    // close: false — the pool is the store's; no pg-boss workers run, so there is nothing to wait for.
    await maintainer?.stop({ graceful: false, close: false });
  }

  async insert(queue: string, dataJson: string, policy: JobPolicy, db?: Kysely<Database>): Promise<string | null> {
    const boss = await this.#installed();
    // Inside a caller's transaction the queue is made ready on that same connection: asking the pool for
    // a second one while holding the first deadlocks once every pooled connection is such a transaction.
    if (db?.isTransaction === true && !this.#ready.has(queue)) await this.#createQueueOn(db, queue);
    else await this.#queue(queue);
    const options: PgBoss.SendOptions = {
      // Handler failures are retried by Parley (millisecond delays, no jitter); pg-boss's own retry
      // handles lost leases only, at once, for up to LOST_LEASE_RERUNS runs beyond the handler's budget.
      retryLimit: policy.retryLimit + LOST_LEASE_RERUNS,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: this.options.leaseSeconds,
      ...(policy.runAt === null ? {} : { startAfter: policy.runAt }),
      ...(policy.key === null ? {} : { singletonKey: policy.key }),
      ...(db === undefined ? {} : { db: kyselyBossDb(db) }),
    };
    // pg-boss types data as an object; JSON text goes to its `$3::jsonb` just as well and keeps arrays intact.
    const envelope = encodeEnvelope(dataJson, policy) as unknown as object;
    return boss.send(queue, envelope, options);
  }

  async take(queue: string, limit: number): Promise<TakenJob[]> {
    const boss = await this.#installed();
    const jobs = await boss.fetch<unknown>(queue, { batchSize: limit, includeMetadata: true });
    return jobs.map((job) => {
      const { data, policy } = decodeEnvelope(job.data);
      return {
        id: job.id,
        queue,
        data,
        // pg-boss counts retry_count up on every fetch after the first.
        attempt: job.retryCount + 1,
        leaseMs: Number(job.expireInSeconds) * 1000,
        policy,
      };
    });
  }

  async complete(job: TakenJob): Promise<void> {
    await this.#execute(this.#sql.complete, [job.queue, job.id, job.attempt - 1]);
  }

  async fail(job: TakenJob, error: string, retryInMs: number | null): Promise<void> {
    const run = [job.queue, job.id, job.attempt - 1];
    if (retryInMs === null) await this.#execute(this.#sql.fail, [...run, error]);
    else await this.#execute(this.#sql.retry, [...run, retryInMs, error]);
  }

  async release(job: TakenJob, reason: string): Promise<void> {
    const run = [job.queue, job.id, job.attempt - 1];
    if (job.attempt >= maxRuns(job.policy.retryLimit)) await this.#execute(this.#sql.fail, [...run, reason]);
    else await this.#execute(this.#sql.retry, [...run, 0, reason]);
  }

  async counts(): Promise<JobCounts> {
    if (this.#maintainer === null) throw new Error('pg-boss is not running in this process');
    const { rows } = await kyselyBossDb(this.db).executeSql(this.#sql.counts, []);
    const row = rows[0] as { waiting?: number | string; active?: number | string } | undefined;
    return { waiting: Number(row?.waiting ?? 0), active: Number(row?.active ?? 0) };
  }

  async cancel(queue: string, id: string, db?: Kysely<Database>): Promise<boolean> {
    if (!UUID.test(id)) return false;
    await this.#installed();
    const { rows } = await kyselyBossDb(db ?? this.db).executeSql(this.#sql.cancel, [queue, id]);
    return rows.length > 0;
  }

  async #execute(text: string, values: unknown[]): Promise<void> {
    await kyselyBossDb(this.db).executeSql(text, values);
  }

  /** Installs or migrates pg-boss's schema once, for whichever comes first: start, send or cancel. */
  #installed(): Promise<PgBoss> {
    if (this.#client === null) {
      const installing = this.#install();
      this.#client = installing;
      // A failed install is tried again by the next caller instead of being remembered.
      installing.catch(() => {
        if (this.#client === installing) this.#client = null;
      });
    }
    return this.#client;
  }

  async #install(): Promise<PgBoss> {
    for (let attempt = 1; ; attempt += 1) {
      // A fresh instance each time: a pg-boss whose start failed stays "starting" for good.
      const boss = this.#create({ supervise: false, migrate: true });
      try {
        await boss.start();
        await kyselyBossDb(this.db).executeSql(this.#sql.keyIndex, []);
        return boss;
      } catch (err) {
        // Processes installing one schema at once can trip over each other inside pg-boss (a
        // duplicate catalog row it does not recognise as "already exists"); the winner has
        // installed it by the time a retry looks again.
        if (attempt >= INSTALL_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  #create(role: { supervise: boolean; migrate: boolean }): PgBoss {
    const { schema, leaseSeconds, maintenanceIntervalSeconds, retentionDays } = this.options;
    const boss = new PgBoss({
      db: kyselyBossDb(this.db),
      schema,
      ...role,
      // Parley's timers are delayed jobs; pg-boss's cron and its clock-skew checks are not needed.
      schedule: false,
      maintenanceIntervalSeconds,
      expireInSeconds: leaseSeconds,
      // Waiting jobs are never archived unrun (pg-boss's default would after 14 days).
      retentionDays: 3650,
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: retentionDays * DAY_SECONDS,
      deleteAfterHours: 1,
    });
    // An EventEmitter 'error' without a listener would throw out of pg-boss's maintenance timer.
    boss.on('error', (err) => this.options.report(err, { phase: 'maintenance' }));
    return boss;
  }

  /** pg-boss 10 needs a queue (its partition) before the first send; once per queue and process. */
  #queue(queue: string): Promise<void> {
    let created = this.#queues.get(queue);
    if (created === undefined) {
      created = this.#createQueue(queue).then(() => { this.#ready.add(queue); });
      this.#queues.set(queue, created);
      const attempt = created;
      attempt.catch(() => {
        if (this.#queues.get(queue) === attempt) this.#queues.delete(queue);
      });
    }
    return created;
  }

  async #createQueue(queue: string): Promise<void> {
    const exists = await this.db.executeQuery(CompiledQuery.raw(this.#sql.queueExists, [queue]));
    if (exists.rows.length > 0) return;
    // Instead of boss.createQueue, which races (see sql.ts); create_queue is a no-op for an existing name.
    await this.db.transaction().execute(async (trx) => this.#createQueueOn(trx, queue));
  }

  /** Creates the queue in an open transaction (it commits or rolls back with it, so nothing is cached here). */
  async #createQueueOn(trx: Kysely<Database>, queue: string): Promise<void> {
    const exists = await trx.executeQuery(CompiledQuery.raw(this.#sql.queueExists, [queue]));
    if (exists.rows.length > 0) return;
    await trx.executeQuery(CompiledQuery.raw(this.#sql.lock, []));
    await trx.executeQuery(CompiledQuery.raw(this.#sql.createQueue, [queue, JSON.stringify({ policy: 'standard' })]));
  }
}
