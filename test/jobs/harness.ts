// Fresh job-layer environments for tests: a temporary SQLite file or a fresh PostgreSQL schema (plus its pg-boss schema), dropped after.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config, type JobsConfig } from '../../src/config.js';
import { openMigratedStore, type Store } from '../../src/store/db.js';
import { createJobQueue, jobsSchemaName, type JobErrorContext, type JobQueue } from '../../src/jobs/index.js';
import { TEST_DATABASE_URL, type DatabaseKind } from '../helpers/server.js';
import { WAIT_BOUND_MS } from '../helpers/wait-bound.js';

export type ReportedErrors = Array<{ error: unknown; context: JobErrorContext }>;

export interface JobsEnv {
  kind: DatabaseKind;
  config: Config;
  /** The environment a child process needs to open the same database with the same job settings. */
  env: Record<string, string>;
  /** Opens another store on the same database (another "process" as far as the database can tell). */
  openStore(): Promise<Store>;
  /** A queue over a new store; both are closed by `cleanup`. */
  queue(options?: { errors?: ReportedErrors; jobs?: Partial<JobsConfig> }): Promise<{ queue: JobQueue; store: Store }>;
  /** The stored state of a job: 'waiting'|'active'|'failed' on SQLite (completed rows are deleted: null); pg-boss's state on PostgreSQL. */
  state(id: string): Promise<string | null>;
  /** Stops every queue and closes every store opened so far (between tests sharing the database). */
  closeAll(): Promise<void>;
  /** closeAll, then drops the database. */
  cleanup(): Promise<void>;
}

const FAST = { JOBS_POLL_MS: '20', JOBS_LEASE_SECONDS: '1' };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function jobsEnv(kind: DatabaseKind, extra: Record<string, string> = {}): Promise<JobsEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-jobs-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...FAST, ...extra };
  if (kind === 'postgres') {
    await admin((c) => c.query(`CREATE SCHEMA ${schema}`));
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  const config = loadConfig(env);
  let stores: Store[] = [];
  let queues: JobQueue[] = [];
  const openStore = async (): Promise<Store> => {
    const store = await openMigratedStore(config.database);
    stores.push(store);
    return store;
  };
  const bossSchema = jobsSchemaName(config.jobs, config.database);
  // Reads job states for assertions, whatever the tests open and close.
  const inspector = await openMigratedStore(config.database);
  const closeAll = async (): Promise<void> => {
    for (const queue of queues) await queue.stop(0);
    for (const store of stores) await store.close();
    queues = [];
    stores = [];
  };
  return {
    kind,
    config,
    env,
    openStore,
    async queue(options = {}) {
      const store = await openStore();
      const errors = options.errors;
      const queue = createJobQueue({ ...config, jobs: { ...config.jobs, ...options.jobs } }, store, {
        report: (error, context) => { errors?.push({ error, context }); },
      });
      queues.push(queue);
      return { queue, store };
    },
    async state(id) {
      if (kind === 'sqlite') {
        const row = await inspector.db.selectFrom('jobs').select('state').where('id', '=', Number(id)).executeTakeFirst();
        return row?.state ?? null;
      }
      return admin(async (c) => {
        const { rows } = await c.query<{ state: string }>(`SELECT state FROM ${bossSchema}.job WHERE id = $1`, [id]);
        return rows[0]?.state ?? null;
      });
    },
    closeAll,
    async cleanup() {
      await closeAll();
      await inspector.close();
      if (kind === 'postgres') {
        await admin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${bossSchema} CASCADE`));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `check` holds, polling every 10 ms; rejects after `timeoutMs` with `what` in the message. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = WAIT_BOUND_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A promise and its resolver, for handlers the test releases by hand. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => { open = resolve; });
  return { promise, open };
}
