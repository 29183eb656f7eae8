// What was already handed over of a message sent as several Send API calls, so a retry in this process resumes after the last one sent.

/** Entries older than this are forgotten: the delivery gave up or the message is long done. */
const MAX_AGE_MS = 6 * 3_600_000;
const MAX_ENTRIES = 10_000;

export interface Progress {
  /** Parts handed over, in order. */
  sent: number;
  /** The platform's id of the last part handed over. */
  lastId: string | null;
}

export class SentParts {
  private readonly entries = new Map<number, Progress & { at: number }>();

  get(messageId: number): Progress {
    const e = this.entries.get(messageId);
    if (e === undefined || Date.now() - e.at > MAX_AGE_MS) {
      this.entries.delete(messageId);
      return { sent: 0, lastId: null };
    }
    return { sent: e.sent, lastId: e.lastId };
  }

  set(messageId: number, progress: Progress): void {
    this.entries.delete(messageId);
    this.entries.set(messageId, { ...progress, at: Date.now() });
    // Maps iterate in insertion order: the first entries are the oldest.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(messageId: number): void {
    this.entries.delete(messageId);
  }
}
