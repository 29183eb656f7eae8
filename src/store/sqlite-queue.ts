// Kysely's SQLite dialect with callers of the one connection served in turn, and a direct path for compiled statements.
import {
  type DatabaseConnection, type DialectAdapter, type Driver, type Kysely, type QueryResult, SqliteDialect,
  type SqliteDialectConfig, type SqliteDatabase, SqliteDriver,
} from 'kysely';

/** The database is given as an object (Kysely also takes a function that opens it): the direct path needs it at once. */
type SqliteConfig = SqliteDialectConfig & { database: SqliteDatabase };

/**
 * Kysely's driver waits for its connection with `while (locked) await lock`: every release wakes every waiter, and all but
 * one go back to waiting. While a shared commit holds the connection, the passes' reads (a broadcast has dozens in flight)
 * queue behind it, so each of its statements woke them all again. Here a waiter is woken once, when its turn comes; the
 * driver's own lock is then always free when asked.
 */
class QueuedSqliteDriver extends SqliteDriver {
  /** Whether a caller holds the connection (a transaction from BEGIN to its end, or one statement). */
  held = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly config: SqliteConfig) {
    super(config);
  }

  get database(): SqliteDatabase {
    return this.config.database;
  }

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

/** The driver behind each Kysely instance's adapter (a transaction shares its database's). */
const drivers = new WeakMap<DialectAdapter, QueuedSqliteDriver>();

export class QueuedSqliteDialect extends SqliteDialect {
  private driver: QueuedSqliteDriver | undefined;

  constructor(private readonly options: SqliteConfig) {
    super(options);
  }

  override createDriver(): Driver {
    return (this.driver = new QueuedSqliteDriver(this.options));
  }

  // Kysely asks for the driver before the adapter. Were that to change, runDirect would find no driver and every
  // statement would take Kysely's path: slower, never wrong.
  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    if (this.driver !== undefined) drivers.set(adapter, this.driver);
    return adapter;
  }
}

/**
 * Runs a compiled statement at once when the caller may use the connection: inside a transaction (which holds it), or
 * when nobody holds it (the statement runs to its end before anyone else can ask). Kysely's path for one statement is
 * about ten promises (the connection's provider, its lock, the result's transform), more than SQLite takes to answer a
 * key lookup. Undefined: not SQLite, or the connection is held by someone else; go through Kysely, which waits for it.
 */
export function runDirect<DB>(db: Kysely<DB>, sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined {
  const driver = drivers.get(db.getExecutor().adapter);
  if (driver === undefined || (driver.held && !db.isTransaction)) return undefined;
  const statement = driver.database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
