// Opens the configured database (SQLite file or PostgreSQL pool) as Kysely and migrates it to the latest schema.
import { createHash } from 'node:crypto';
import { PLANNED_EACH_TIME } from './planned-each-time.js';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, sql } from 'kysely';
import { SchemaScopedPostgresDialect } from './schema-scoped-dialect.js';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';
import type { Dialect } from './migrations/dialect.js';
import { migrationsFor } from './migrations/index.js';
import { withStatementCache } from './statement-cache.js';
import { BACKSTOP_PAGES, SqliteCheckpointer } from './sqlite-checkpointer.js';
import { QueuedSqliteDialect } from './sqlite-queue.js';
import { PostgresChangeFeed, SqliteChangeFeed, type ChangeFeed } from './change-feed.js';
import { GroupCommit, separateTransactions, type Transactions } from './group-commit.js';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Changes to cached records, heard by every process on the database (started by the server). */
  feed: ChangeFeed;
  /** The message path's transactions (ingest, a run's commit): grouped into shared commits on SQLite, one each on PostgreSQL. */
  transactions: Transactions;
  /**
   * A connection of its own for long bulk work (a broadcast's expansion), so it never waits behind the conversation runs
   * for the shared pool, nor makes them wait. PostgreSQL: a pool of one, opened on first use; SQLite: the one connection.
   */
  bulk(): Kysely<Database>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Distinct statements a connection keeps prepared: the message path's dozen and then some; texts past it run unnamed. */
const PREPARED_PER_CONNECTION = 300;

/**
 * A connection that prepares each parameterized statement once, by name, and runs it by that name afterwards. Unnamed,
 * PostgreSQL parses and plans every statement anew: the message path's CTEs took longer to plan than to run (planning
 * was 60 % of the server's statement time, pg_stat_statements under `npm run bench -- webchat-throughput`). Prepared,
 * PostgreSQL switches to a generic plan after a few runs when it costs no more than the custom ones.
 */
/** Statement names by text, shared by the connections: hashing the text at every run cost about 1 % of the server's time. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    // Bounded like the connections' prepared sets: texts that vary (IN lists of every length) must not grow it forever.
    if (statementNames.size >= PREPARED_PER_CONNECTION * 4) statementNames.clear();
    name = `p${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2 && !text.startsWith(PLANNED_EACH_TIME)) {
      const name = statementName(text);
      if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        return (super.query as unknown as (config: pg.QueryConfig) => never)({ name, text, values });
      }
    }
    return (super.query as unknown as (...a: unknown[]) => never)(...args);
  }
}

/**
 * Seconds a connection that prepares its statements lives before the pool replaces it. A generic plan is made once for
 * the table sizes of the moment: one made over the nearly empty tables of a new database, or before a broadcast or an
 * import filled them, scans what it took for a handful of rows (a primary-key lookup read a whole table). A new
 * connection plans again for the tables as they are; with the pool's ten connections, one reconnects every three
 * seconds, which costs PostgreSQL far less than planning every statement every time (docs/performance.md, eighth step).
 */
const PREPARED_PLANS_MAX_AGE_SECONDS = 30;

function postgresPool(url: string, max: number, unnamed = false): pg.Pool {
  const pool = new pg.Pool({
    Client: unnamed ? pg.Client : PreparingClient,
    connectionString: url,
    // Conversations, API requests, the job poller and web-chat notifications share it.
    max,
    maxLifetimeSeconds: unnamed ? 0 : PREPARED_PLANS_MAX_AGE_SECONDS,
    // COUNT(*) and SUM come back as int8/numeric; every count we read fits a JS number.
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the database dropped (a restart, a failover, a proxy timing out) is reported here and removed
  // from the pool; the next query opens a new one. Without a listener the event would end the process.
  pool.on('error', () => undefined);
  // A connection checked out (inside a transaction, between its statements) has no pool listener: the same drop would
  // be an uncaught 'error'. Its caller sees the failure on its next statement, and the pool discards the connection.
  pool.on('connect', (client) => { client.on('error', () => undefined); });
  return pool;
}

function sqliteDatabase(file: string, synchronous: 'normal' | 'full'): SQLite.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  // NORMAL: a commit is in the WAL before it is acknowledged, so a killed process loses nothing; only a power cut or an
  // OS crash can take back the last commits before the next WAL flush (docs/operations.md). FULL flushes every commit.
  db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // 64 MiB of pages kept in the process (the default is 2 MiB): past that, every page a statement touches is read again
  // from the file, a system call each, and a broadcast's conversations, inboxes and outbox outgrow 2 MiB at once.
  db.pragma('cache_size = -65536');
  return db;
}

export function openStore(config: DatabaseConfig): Store {
  if (config.kind === 'postgres') {
    const db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool: postgresPool(config.url, config.poolMax ?? 10, config.unnamedStatements) }) });
    const feed = new PostgresChangeFeed(config.url, async (channel, payload) => { await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db); });
    let bulk: Kysely<Database> | null = null;
    return {
      db, dialect: 'postgres', feed, transactions: separateTransactions(db),
      bulk: () => (bulk ??= new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool: postgresPool(config.url, 1, config.unnamedStatements) }) })),
      close: async () => { await feed.close(); await bulk?.destroy(); await db.destroy(); },
    };
  }
  const raw = sqliteDatabase(config.file, config.synchronous ?? 'normal');
  const checkpointer = checkpointOffThread(raw, config.file, config.synchronous === 'full' ? 'FULL' : 'NORMAL');
  const db = new Kysely<Database>({ dialect: new QueuedSqliteDialect({ database: withStatementCache(raw) }) });
  // Another process on the file (a CLI command while the server runs) changes what this one cached: SQLite counts such commits.
  const dataVersion = raw.prepare('PRAGMA data_version').pluck();
  const feed = new SqliteChangeFeed(() => (raw.open ? Number(dataVersion.get()) : 0));
  return { db, dialect: 'sqlite', feed, transactions: new GroupCommit(db), bulk: () => db,
    close: async () => { await feed.close(); await checkpointer?.close(); await db.destroy(); },
  };
}

/**
 * Moves the connection's checkpoints to a thread (src/store/sqlite-checkpointer.ts); the connection keeps SQLite's
 * own, at a higher bound, as a backstop, and takes the usual one again (with a warning) if the thread fails. null: no
 * thread (an in-memory database, which another connection cannot open).
 */
function checkpointOffThread(raw: SQLite.Database, file: string, synchronous: 'NORMAL' | 'FULL'): SqliteCheckpointer | null {
  if (raw.memory) return null;
  const checkpointer = new SqliteCheckpointer(file, synchronous, (error) => {
    if (raw.open) raw.pragma('wal_autocheckpoint = 1000');
    // The store has no logger of its own: a process warning reaches the operator's stderr.
    process.emitWarning(`${error.message}; SQLite checkpoints on the server's thread again`, { code: 'PARLEY_SQLITE_CHECKPOINT' });
  });
  raw.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  return checkpointer;
}

export async function migrateToLatest(store: Store): Promise<void> {
  const migrations = migrationsFor(store.dialect);
  // On PostgreSQL Kysely's bookkeeping tables belong to the schema our tables go to. The store's introspection reads
  // only that schema (schema-scoped-dialect.ts): another schema's kysely_migration (a second Parley, another app, a
  // parallel test run) never passes for ours, and one dropped meanwhile cannot fail the migration.
  const migrationTableSchema = store.dialect === 'postgres' ? await currentSchema(store) : undefined;
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** The schema unqualified CREATE TABLE lands in: the first existing one on the connection's search_path. */
async function currentSchema(store: Store): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(store.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('database migration failed: the PostgreSQL search_path names no existing schema');
  return schema;
}

/** Opens and migrates in one step, as the server and the CLI both need. */
export async function openMigratedStore(config: DatabaseConfig): Promise<Store> {
  const store = openStore(config);
  try {
    await migrateToLatest(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
