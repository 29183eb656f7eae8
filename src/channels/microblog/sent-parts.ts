// What was already done for a message sent as several DMs (and its uploaded media), so a retry in this process resumes after the last DM sent.

/** Entries older than this are forgotten: the delivery gave up or the message is long done (media ids expire after 24 hours). */
const MAX_AGE_MS = 6 * 3_600_000;
const MAX_ENTRIES = 10_000;

export interface Progress {
  /** DMs handed over, in order. */
  sent: number;
  /** The network's event id of the last DM handed over. */
  lastId: string | null;
  /**
   * What became of the message's media: the id uploaded for the first DM (a media id serves one DM, so it is
   * kept until that DM is sent), "link" when it goes as a link in the text, null when not decided yet.
   */
  media: string | null;
}

export class SentParts {
  private readonly entries = new Map<number, Progress & { at: number }>();

  get(messageId: number): Progress {
    const e = this.entries.get(messageId);
    if (e === undefined || Date.now() - e.at > MAX_AGE_MS) {
      this.entries.delete(messageId);
      return { sent: 0, lastId: null, media: null };
    }
    return { sent: e.sent, lastId: e.lastId, media: e.media };
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
