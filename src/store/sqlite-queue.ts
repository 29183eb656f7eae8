// Kysely's SQLite dialect with callers of the one connection served in turn: each release hands it to the next in line.
import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * Kysely's driver waits for its connection with `while (locked) await lock`: every release wakes every waiter, and all but
 * one go back to waiting. While a shared commit holds the connection, the passes' reads (a broadcast has dozens in flight)
 * queue behind it, so each of its statements woke them all again. Here a waiter is woken once, when its turn comes; the
 * driver's own lock is then always free when asked.
 */
class QueuedSqliteDriver extends SqliteDriver {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    // Handed over by a release (still marked held) or found free.
    this.held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.held = false;
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  constructor(private readonly options: SqliteDialectConfig) {
    super(options);
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.options);
  }
}
