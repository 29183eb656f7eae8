// A batch's messages counted by status for its progress, counted again only as often as the counting can afford.
import type { Repositories } from '../../store/index.js';

export interface BatchCounts {
  /** Messages the batch produced, by delivery status. */
  messages: { queued: number; sent: number; delivered: number; read: number; failed: number };
  /** Its events not yet run (asked only once its expansion is done). */
  pending: boolean;
}

/** Counting that took less than this is done at every request: a small batch's progress is always current. */
const CHEAP_MS = 10;
/** Counts are served again for this many times what counting them took... */
const REUSE_FACTOR = 20;
/** ...and never when older than this. */
const MAX_AGE_MS = 5_000;
/** Batches whose last counts are kept. */
const KEPT = 1_000;

interface Counted {
  at: number;
  took: number;
  counts: Promise<BatchCounts>;
}

/**
 * Counting reads every message of the batch: 80 ms for a batch of 100,000 on PostgreSQL while it is being sent, and a
 * dashboard polling it twice a second took a sixth of the database's time in `npm run bench -- broadcast`. Counts that
 * took longer than CHEAP_MS are served again for REUSE_FACTOR times what they took (at most MAX_AGE_MS), so pollers of
 * a large batch, however many, cost the database at most a twentieth of one connection; pollers asking at once share
 * one count.
 */
export class BatchCounter {
  private readonly counted = new Map<string, Counted>();

  /** `now`: a monotonic clock in milliseconds (tests give one whose counting takes exactly what they say). */
  constructor(private readonly repos: Repositories, private readonly now: () => number = () => performance.now()) {}

  count(batchId: number, expanded: boolean): Promise<BatchCounts> {
    const key = `${batchId}:${expanded}`;
    const now = this.now();
    const last = this.counted.get(key);
    if (last !== undefined && (last.took < 0 || now - last.at < Math.min(last.took * REUSE_FACTOR, MAX_AGE_MS))) return last.counts;
    const entry: Counted = { at: now, took: -1, counts: this.read(batchId, expanded) };
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

  private async read(batchId: number, expanded: boolean): Promise<BatchCounts> {
    // Pending first: a run marks its event done and stores its message in one commit, so messages counted after no event
    // was found pending include every one of them. Counted before, the last run's commit could fall between the two reads
    // and the batch show as done one message short (seen in CI).
    const pending = expanded ? await this.repos.inbox.anyPendingOfBatch(batchId) : true;
    const counts = await this.repos.batches.statusCounts(batchId);
    const messages = { queued: counts.queued ?? 0, sent: counts.sent ?? 0, delivered: counts.delivered ?? 0, read: counts.read ?? 0, failed: counts.failed ?? 0 };
    return { messages, pending };
  }
}
