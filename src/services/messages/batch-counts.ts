// A batch's messages counted by status for its progress, counted again only as often as the counting can afford.
import type { Repositories } from '../../store/index.js';
import { ReusedCounts } from '../reused-counts.js';

export interface BatchCounts {
  /** Messages the batch produced, by delivery status. */
  messages: { queued: number; sent: number; delivered: number; read: number; failed: number };
  /** Its events not yet run (asked only once its expansion is done). */
  pending: boolean;
}

/**
 * Counting reads every message of the batch: 80 ms for a batch of 100,000 on PostgreSQL while it is being sent, and a
 * dashboard polling it twice a second took a sixth of the database's time in `npm run bench -- broadcast`: counts are
 * reused as ReusedCounts says.
 */
export class BatchCounter {
  private readonly counts: ReusedCounts<BatchCounts>;

  /** `now`: a monotonic clock in milliseconds (tests give one whose counting takes exactly what they say). */
  constructor(private readonly repos: Repositories, now?: () => number) {
    this.counts = new ReusedCounts(now);
  }

  count(batchId: number, expanded: boolean): Promise<BatchCounts> {
    return this.counts.get(`${batchId}:${expanded}`, () => this.read(batchId, expanded));
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
