// Queries compiled once and run with fresh parameters, for the reads every request makes (the token's row, a channel's row).
import { createQueryId, type CompiledQuery } from 'kysely';

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
