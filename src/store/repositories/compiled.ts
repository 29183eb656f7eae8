// Queries compiled once and run with fresh parameters, for the reads every request makes (the token's row, a channel's row).
import { createQueryId, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { PLANNED_EACH_TIME } from '../planned-each-time.js';
import { runDirect } from '../sqlite-queue.js';

/**
 * `query` with its parameters replaced, in order. Building and compiling a Kysely query costs more than
 * SQLite takes to answer a primary-key lookup, so hot reads compile once with placeholder values.
 */
export function rebind<R>(query: CompiledQuery<R>, parameters: readonly unknown[]): CompiledQuery<R> {
  if (parameters.length !== query.parameters.length) {
    throw new Error(`compiled query takes ${query.parameters.length} parameters, got ${parameters.length}`);
  }
  // A fresh id per run, as Kysely gives every query: plugins key their per-query state by it.
  return { ...query, queryId: createQueryId(), parameters };
}

/**
 * How PostgreSQL runs a compiled statement: `prepared` once per connection (planned once its plan settles), or planned
 * at `each-time` it runs, for a statement that must follow tables growing fast (see planned-each-time.ts). SQLite
 * plans every statement once.
 */
export type Planning = 'prepared' | 'each-time';

/** Compiled queries by dialect adapter: a transaction shares its database's adapter, so both find the same compiled text. */
const compiledByAdapter = new WeakMap<object, Map<string, CompiledQuery<unknown>>>();

/**
 * The query `build` makes, compiled once per dialect and run with `parameters`: for the statements every message runs,
 * where Kysely's building and compiling would cost more than the database takes to answer. `key` names the query; the
 * placeholder values given to `build` are replaced by `parameters`, in the order they appear in the SQL text (constants
 * that are not parameters are written with `sql.lit`, so that they stay in the text).
 */
export async function runCompiled<R, DB>(
  db: Kysely<DB>, key: string, build: (db: Kysely<DB>) => CompiledQuery<R>, parameters: readonly unknown[], planning: Planning = 'prepared',
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let cache = compiledByAdapter.get(adapter);
  if (cache === undefined) compiledByAdapter.set(adapter, (cache = new Map<string, CompiledQuery<unknown>>()));
  const cacheKey = planning === 'prepared' ? key : `${key} (${planning})`;
  let query = cache.get(cacheKey) as CompiledQuery<R> | undefined;
  if (query === undefined) {
    const compiled = build(db);
    query = planning === 'prepared' ? compiled : { ...compiled, sql: `${PLANNED_EACH_TIME}\n${compiled.sql}` };
    cache.set(cacheKey, query);
  }
  // Async, so that a statement the direct path runs and SQLite refuses (a constraint) rejects like Kysely's would, never throws.
  const direct = runDirect(db, query.sql, parameters) as QueryResult<R> | undefined;
  return direct ?? db.executeQuery(rebind(query, parameters));
}
