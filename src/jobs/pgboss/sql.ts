// The few statements Parley runs on pg-boss's tables itself: outcomes fenced by the run, a cancel that spares running jobs, key deduplication.

/**
 * `schema` is validated (word characters only) before it gets here; pg-boss splices it the same way.
 * Outcomes are written only while the job is active under the run's retry_count (attempt − 1): pg-boss's
 * own complete/fail would also land on a newer run of a job whose lease was lost.
 */
export function bossStatements(schema: string) {
  const job = `${schema}.job`;
  const lock = `SELECT pg_advisory_xact_lock(hashtext('parley.jobs.${schema}'))`;
  const thisRun = `name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`;
  return {
    complete: `UPDATE ${job} SET state = 'completed', completed_on = now() WHERE ${thisRun}`,
    retry: `UPDATE ${job} SET state = 'retry', start_after = now() + $4::float8 * interval '1 millisecond',
      output = jsonb_build_object('message', $5::text) WHERE ${thisRun}`,
    fail: `UPDATE ${job} SET state = 'failed', completed_on = now(),
      output = jsonb_build_object('message', $4::text) WHERE ${thisRun}`,
    cancel: `UPDATE ${job} SET state = 'cancelled', completed_on = now()
      WHERE name = $1 AND id = $2::uuid AND state < 'active' RETURNING id`,
    /**
     * pg-boss dedups by singleton_key only under queue policies that also restrict jobs without a key,
     * so Parley adds its own partial unique index: one key per queue among created, retry and active
     * jobs. pg-boss's inserts say ON CONFLICT DO NOTHING, so a taken key makes `send` return null.
     * Created on the partitioned parent, it is attached to every queue's partition, later ones included.
     */
    keyIndex: `BEGIN;
      ${lock};
      CREATE UNIQUE INDEX IF NOT EXISTS parley_dedup ON ${job} (name, singleton_key)
        WHERE singleton_key IS NOT NULL AND state < 'completed';
      COMMIT;`,
    /** States sort created < retry < active < completed…: the index on (name, state) bounds what is read to live jobs. */
    counts: `SELECT count(*) FILTER (WHERE state < 'active')::int AS waiting, count(*) FILTER (WHERE state = 'active')::int AS active
      FROM ${job} WHERE state <= 'active'`,
    queueExists: `SELECT 1 FROM ${schema}.queue WHERE name = $1`,
    /**
     * pg-boss's create_queue inserts into its queue table and then adds a foreign key to it, so two
     * creating at once (one queue or two) deadlock each other; Parley takes this lock around it.
     */
    lock,
    createQueue: `SELECT ${schema}.create_queue($1, $2::json)`,
  };
}

export type BossStatements = ReturnType<typeof bossStatements>;
