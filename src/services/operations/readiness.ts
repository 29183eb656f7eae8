// Readiness: whether this process can do its work now (database reachable, schema current, job engine up), check by check.
import type { JobQueue } from '../../jobs/index.js';
import { missingMigrations, pingDatabase, type Store } from '../../store/index.js';

export type CheckName = 'database' | 'migrations' | 'jobs';

export interface CheckResult {
  ok: boolean;
  /** Why the check failed; absent when it passed. */
  error?: string;
}

export interface ReadinessReport {
  status: 'ready' | 'unready';
  /** The checks that failed, by name: what an operator reads first. */
  failing: CheckName[];
  checks: Record<CheckName, CheckResult>;
}

/** A check that has not answered in this time has failed: a load balancer's probe must not hang on a dead database. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function run(check: () => Promise<string | null>): Promise<CheckResult> {
  try {
    const problem = await within(check(), CHECK_TIMEOUT_MS);
    return problem === null ? { ok: true } : { ok: false, error: problem };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

export class Readiness {
  constructor(private readonly store: Store, private readonly jobs: Pick<JobQueue, 'counts'>) {}

  async check(): Promise<ReadinessReport> {
    const [database, migrations, jobs] = await Promise.all([
      run(async () => { await pingDatabase(this.store); return null; }),
      run(async () => {
        const missing = await missingMigrations(this.store);
        return missing.length === 0 ? null : `not applied: ${missing.join(', ')}`;
      }),
      run(async () => { await this.jobs.counts(); return null; }),
    ]);
    const checks = { database, migrations, jobs };
    const failing = (Object.keys(checks) as CheckName[]).filter((name) => !checks[name].ok);
    return { status: failing.length === 0 ? 'ready' : 'unready', failing, checks };
  }
}
