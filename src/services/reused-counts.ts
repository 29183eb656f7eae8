// Counts that read many rows (a batch's messages, a journey run's entries), served again for a while in proportion to
// what they cost, so pollers of a large one, however many, cost the database a bounded share of its time.

/** Counting that took less than this is done at every request: a small one is always current. */
const CHEAP_MS = 10;
/** Counts are served again for this many times what counting them took... */
const REUSE_FACTOR = 20;
/** ...and never when older than this. */
const MAX_AGE_MS = 5_000;
/** Keys whose last counts are kept. */
const KEPT = 1_000;

interface Counted<T> {
  at: number;
  took: number;
  counts: Promise<T>;
}

/**
 * Counts that took longer than CHEAP_MS are served again for REUSE_FACTOR times what they took (at most MAX_AGE_MS), so
 * pollers of a large count cost the database at most a twentieth of one connection; pollers asking at once share one.
 */
export class ReusedCounts<T> {
  private readonly counted = new Map<string, Counted<T>>();

  /** `now`: a monotonic clock in milliseconds (tests give one whose counting takes exactly what they say). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const last = this.counted.get(key);
    if (last !== undefined && (last.took < 0 || now - last.at < Math.min(last.took * REUSE_FACTOR, MAX_AGE_MS))) return last.counts;
    const entry: Counted<T> = { at: now, took: -1, counts: read() };
    this.counted.delete(key);
    this.counted.set(key, entry);
    if (this.counted.size > KEPT) this.counted.delete(this.counted.keys().next().value as string);
    entry.counts.then(() => {
      const took = this.now() - now;
      // A cheap count is made again at the next request.
      if (took < CHEAP_MS) this.counted.delete(key);
      else entry.took = took;
    }, () => this.counted.delete(key));
    return entry.counts;
  }
}
