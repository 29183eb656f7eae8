// Transactions of concurrent callers committed together on SQLite: one commit for every run and ingest ready at the same moment.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { runDirect } from './sqlite-queue.js';

/** Where the message path opens its transactions. */
export interface Transactions {
  /** Runs `work` in a transaction and resolves once it has committed (rejects, with nothing of it stored, when it failed). */
  run<T>(work: (tx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * One statement that needs no transaction around it (a delivered message marked sent): on its own connection's
   * autocommit on PostgreSQL (no BEGIN and COMMIT round trips), in the next shared commit on SQLite.
   */
  single<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
}

/** One transaction per call: PostgreSQL, whose connections commit side by side and group their WAL flushes themselves. */
export function separateTransactions(db: Kysely<Database>): Transactions {
  return { run: (work) => db.transaction().execute(work), single: (work) => work(db) };
}

interface Waiting {
  work: (tx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const SAVEPOINT = CompiledQuery.raw('SAVEPOINT grouped');
const RELEASE = CompiledQuery.raw('RELEASE grouped');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO grouped');

/** A savepoint statement, run at once on the transaction's connection when it can be (src/store/sqlite-queue.ts). */
async function mark(tx: Kysely<Database>, query: CompiledQuery): Promise<void> {
  if (runDirect(tx, query.sql, query.parameters) === undefined) await tx.executeQuery(query);
}

/**
 * SQLite has one writer, and a commit costs the WAL pages it writes (each a system call), many of them the same index
 * and table pages for every message. Callers that ask within one turn of the event loop (the messages a poll of the
 * sockets brought, the runs their commits woke) share a transaction, each inside a savepoint of its own: a caller whose
 * work fails is rolled back alone and gets its error; the others commit. Each caller resolves only after the commit,
 * so what it acknowledges is as durable as with a transaction of its own. At most `maxGroup` callers per commit.
 */
export class GroupCommit implements Transactions {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private flushing = false;

  constructor(private readonly db: Kysely<Database>, private readonly maxGroup = 64) {}

  run<T>(work: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  single<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.run(work);
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    // After the poll phase: every frame and every run woken in this turn has asked by then.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, this.maxGroup);
        await this.commit(group);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async commit(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const only = group[0]!;
      await this.db.transaction().execute(only.work).then(only.resolve, only.reject);
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await this.db.transaction().execute(async (tx) => {
        for (const caller of group) {
          await mark(tx, SAVEPOINT);
          try {
            const value = await caller.work(tx);
            await mark(tx, RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await mark(tx, ROLLBACK_TO);
            await mark(tx, RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed (or a rollback to a savepoint did): nothing of the group is stored.
      for (const caller of group) caller.reject(error);
      return;
    }
    for (const [i, caller] of group.entries()) {
      const outcome = outcomes[i]!;
      if (outcome.ok) caller.resolve(outcome.value);
      else caller.reject(outcome.error);
    }
  }
}
