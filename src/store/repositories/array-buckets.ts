// PostgreSQL: the arrays a statement shared by many conversations takes, written as ARRAY[$1, …, $n] for a few fixed n.
import { sql, type RawBuilder } from 'kysely';

/**
 * An array bound as one parameter (`$1::int[]`) has no length in a generic plan: PostgreSQL guesses 10 or 100
 * elements, finds the custom plan for the actual few cheaper every time, and so plans the statement again at each run
 * (0.2–0.7 ms; a fifth of its statement time in a broadcast of 100,000). ARRAY[$1, …, $n] has n elements in every plan:
 * after its first five runs on a connection the generic plan costs no more, and it is kept. The padding is NULL, which
 * matches no key. A connection lives 30 s (db.ts), so a plan made while a table was small is not kept for long.
 */
export const ARRAY_BUCKETS = [2, 4, 8, 16, 32, 64] as const;

/** The most elements one statement takes: callers send more in several statements (CoalescedOptions.max). */
export const MOST_ELEMENTS = ARRAY_BUCKETS[ARRAY_BUCKETS.length - 1];

/** The statement size for `count` elements: the smallest bucket that holds them. */
export function bucketFor(count: number): number {
  const size = ARRAY_BUCKETS.find((b) => b >= count);
  if (size === undefined) throw new RangeError(`${count} elements is more than one statement takes (${MOST_ELEMENTS})`);
  return size;
}

/** `ARRAY[$1::type, …]` of exactly `size` parameters: the values, then NULLs. */
export function bucketedArray(values: readonly unknown[], type: 'int' | 'text', size: number): RawBuilder<unknown> {
  const padded = values.length === size ? values : [...values, ...new Array<null>(size - values.length).fill(null)];
  const cast = sql.raw(`::${type}`);
  return sql`ARRAY[${sql.join(padded.map((v) => sql`${v}${cast}`))}]`;
}

/** Ids as `ARRAY[$1::int, …]`, of the size that holds them. */
export function bucketedIds(ids: readonly number[]): RawBuilder<unknown> {
  return bucketedArray(ids, 'int', bucketFor(ids.length));
}
