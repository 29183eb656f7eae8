// Queries compiled once and run with fresh parameters, for the reads every request makes (the token's row, a channel's row).
import { createQueryId, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
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

/** Compiled queries by dialect adapter: a transaction shares its database's adapter, so both find the same compiled text. */
const compiledByAdapter = new WeakMap<object, Map<string, CompiledQuery<unknown>>>();

/**
 * The query `build` makes, compiled once per dialect and run with `parameters`: for the statements every message runs,
 * where Kysely's building and compiling would cost more than the database takes to answer. `key` names the query; the
 * placeholder values given to `build` are replaced by `parameters`, in the order they appear in the SQL text (constants
 * that are not parameters are written with `sql.lit`, so that they stay in the text).
 */
export async function runCompiled<R, DB>(
  db: Kysely<DB>, key: string, build: (db: Kysely<DB>) => CompiledQuery<R>, parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let cache = compiledByAdapter.get(adapter);
  if (cache === undefined) compiledByAdapter.set(adapter, (cache = new Map<string, CompiledQuery<unknown>>()));
  let query = cache.get(key) as CompiledQuery<R> | undefined;
  if (query === undefined) {
    query = build(db);
    cache.set(key, query);
  }
  // Async, so that a statement the direct path runs and SQLite refuses (a constraint) rejects like Kysely's would, never throws.
  const direct = runDirect(db, query.sql, parameters) as QueryResult<R> | undefined;
  return direct ?? db.executeQuery(rebind(query, parameters));
}
