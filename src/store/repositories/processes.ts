// Serving processes and their heartbeats, on the database's clock; and releasing the claims of those that stopped beating.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrations/dialect.js';
import type { Database } from '../schema.js';

/** The database's now as the ISO text every timestamp column holds; PostgreSQL's moves within a transaction too. */
function dbNow(dialect: Dialect, minusMs = 0): RawBuilder<string> {
  if (dialect === 'postgres') {
    return sql<string>`to_char((clock_timestamp() - make_interval(secs => ${minusMs / 1000})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${(minusMs / 1000).toFixed(3)} seconds`})`;
}

export class ProcessRepository {
  constructor(private readonly db: Kysely<Database>, private readonly dialect: Dialect) {}

  async register(id: string, host: string, pid: number): Promise<void> {
    const now = dbNow(this.dialect);
    await this.db.insertInto('serving_processes').values({ id, host, pid, started_at: now, heartbeat_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now })).execute();
  }

  /** False when the row is gone: another process took this one for dead and released its claims. */
  async heartbeat(id: string): Promise<boolean> {
    const r = await this.db.updateTable('serving_processes').set({ heartbeat_at: dbNow(this.dialect) }).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The ids of the registered processes (this one among them). */
  async ids(): Promise<string[]> {
    return (await this.db.selectFrom('serving_processes').select('id').execute()).map((r) => r.id);
  }

  /** Removes the processes silent for `silentMs` and frees their claims; the ids of those removed. */
  async reap(silentMs: number): Promise<string[]> {
    return this.db.transaction().execute(async (tx) => {
      const dead = await tx.deleteFrom('serving_processes').where('heartbeat_at', '<', dbNow(this.dialect, silentMs)).returning('id').execute();
      const ids = dead.map((d) => d.id);
      if (ids.length > 0) await tx.updateTable('conversations').set({ lease_owner: null, lease_until: null }).where('lease_owner', 'in', ids).execute();
      return ids;
    });
  }

  /**
   * Frees claims held in the name of no registered process: left by a release that had no heartbeat (before 0.2.0), or by
   * a process removed while it was stopped. Returns how many.
   */
  async releaseOrphanClaims(): Promise<number> {
    const r = await this.db.updateTable('conversations').set({ lease_owner: null, lease_until: null })
      .where('lease_owner', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('serving_processes').select('serving_processes.id').whereRef('serving_processes.id', '=', 'conversations.lease_owner'))))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * A process that stops cleanly leaves: its row goes, and with it any claim it still holds (a run that outlived the
   * drain), in one transaction, so no conversation waits for a lease of a process that is gone.
   */
  async leave(id: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('conversations').set({ lease_owner: null, lease_until: null }).where('lease_owner', '=', id).execute();
      await tx.deleteFrom('serving_processes').where('id', '=', id).execute();
    });
  }
}
