// The SQLite engine's lease bookkeeping: outcomes fenced by the attempt, and a job whose last allowed run lost its lease ends as failed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.js';
import { LOST_LEASE_RERUNS, normalizeSendOptions } from '../../src/jobs/policy.js';
import { SqliteJobBackend } from '../../src/jobs/sqlite/backend.js';
import { jobsEnv, type JobsEnv } from './harness.js';

describe('SQLite leases', () => {
  let env: JobsEnv;
  let store: Store;
  let backend: SqliteJobBackend;
  beforeEach(async () => {
    env = await jobsEnv('sqlite');
    store = await env.openStore();
    backend = new SqliteJobBackend(store.db, { leaseMs: 60_000, retentionDays: 7 });
  });
  afterEach(async () => {
    await env.cleanup();
  });

  const expireLeases = (): Promise<unknown> =>
    store.db.updateTable('jobs').set({ locked_until: new Date(Date.now() - 1).toISOString() }).where('state', '=', 'active').execute();

  it('lets an expired lease be taken once, and ignores the outcome of the run that lost it', async () => {
    const id = await backend.insert('q', '{"n":1}', normalizeSendOptions());
    const [first] = await backend.take('q', 5);
    expect(first).toMatchObject({ id, attempt: 1, data: { n: 1 } });
    expect(await backend.take('q', 5)).toEqual([]); // leased
    await expireLeases();
    const [second] = await backend.take('q', 5);
    expect(second).toMatchObject({ id, attempt: 2 });
    await backend.complete(first!); // the old run finishing late changes nothing
    expect(await env.state(id!)).toBe('active');
    await backend.complete(second!);
    expect(await env.state(id!)).toBeNull();
  });

  it('fails a job whose last allowed run lost its lease, freeing its key', async () => {
    const options = normalizeSendOptions({ retryLimit: 1, key: 'k' });
    const id = await backend.insert('q', 'null', options);
    for (let run = 1; run <= 2 + LOST_LEASE_RERUNS; run += 1) {
      const taken = await backend.take('q', 1);
      expect(taken.map((j) => j.attempt)).toEqual([run]);
      await expireLeases();
    }
    expect(await backend.take('q', 1)).toEqual([]);
    expect(await backend.insert('q', 'null', options)).toBeNull(); // still holds its key until maintenance
    await backend.maintain();
    expect(await env.state(id!)).toBe('failed');
    expect(await backend.insert('q', 'null', options)).not.toBeNull();
  });

  it('prunes failed jobs past the retention', async () => {
    const id = await backend.insert('q', 'null', normalizeSendOptions());
    const [job] = await backend.take('q', 1);
    await backend.fail(job!, 'boom', null);
    await backend.maintain();
    expect(await env.state(id!)).toBe('failed');
    await store.db.updateTable('jobs').set({ updated_at: new Date(Date.now() - 8 * 86_400_000).toISOString() }).execute();
    await backend.maintain();
    expect(await env.state(id!)).toBeNull();
  });
});
