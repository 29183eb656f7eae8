// What was already handed over of a message sent in several pieces, so a retry in this process resumes where the failure was.
import type { DeliveryOutcome } from '../types.js';

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

/** How far a message sent as one provider call per part got. */
export interface PartsProgress {
  /** Parts handed over, in order. */
  sent: number;
  /** The provider's id of the last part handed over. */
  lastId: string | null;
}

export type PartOutcome = { kind: 'sent'; id: string | null } | Extract<DeliveryOutcome, { kind: 'retry' | 'failed' }>;

/**
 * Where an earlier attempt at the message stopped in this process, or `start`: a copy, so what a failed attempt
 * changes is kept only when `sendRemainingParts` keeps it.
 */
export function progressOf<P extends PartsProgress>(memory: PartialSends<P>, messageId: number, start: P): P {
  return { ...(memory.get(messageId) ?? start) };
}

/**
 * Sends parts `progress.sent` to `count - 1` in order. Parts already shown stay shown: on a transient failure the
 * progress is kept so the next attempt goes on from the part that failed; a permanent failure or success forgets it.
 * Sent, the message is named by the last part's id (receipts and read markers cover the earlier parts).
 */
export async function sendRemainingParts<P extends PartsProgress>(
  memory: PartialSends<P>, messageId: number, progress: P, count: number, sendPart: (index: number) => Promise<PartOutcome>,
): Promise<DeliveryOutcome> {
  for (let i = progress.sent; i < count; i += 1) {
    const result = await sendPart(i);
    if (result.kind !== 'sent') {
      if (result.kind === 'retry') memory.set(messageId, progress);
      else memory.delete(messageId);
      return result;
    }
    progress.sent = i + 1;
    progress.lastId = result.id;
  }
  memory.delete(messageId);
  return { kind: 'sent', providerMessageId: progress.lastId };
}
