// What was already handed over of a message sent in several pieces, so a retry in this process resumes where the failure was.

/** Entries older than this are forgotten: the delivery gave up or the message is long done. */
const MAX_AGE_MS = 6 * 3_600_000;
const MAX_ENTRIES = 10_000;

export class PartialSends<T> {
  private readonly entries = new Map<number, { value: T; at: number }>();

  get(messageId: number): T | undefined {
    const e = this.entries.get(messageId);
    if (e === undefined) return undefined;
    if (Date.now() - e.at > MAX_AGE_MS) {
      this.entries.delete(messageId);
      return undefined;
    }
    return e.value;
  }

  set(messageId: number, value: T): void {
    this.entries.delete(messageId);
    this.entries.set(messageId, { value, at: Date.now() });
    // Maps iterate in insertion order: the first entries are the oldest.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(messageId: number): void {
    this.entries.delete(messageId);
  }
}
