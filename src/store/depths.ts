// How much work waits in the store: pending inbox events and queued outbound messages, counted on the indexes that hold them.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface QueueDepths {
  /** Inbox events not yet run (conversation_events pending). */
  inboxPending: number;
  /** Outbound messages waiting for delivery or a retry (messages queued). */
  outboxQueued: number;
}

/** Two counts on indexed status columns; meant for a metrics scrape, not for every message. */
export async function queueDepths(db: Kysely<Database>): Promise<QueueDepths> {
  const [inbox, outbox] = await Promise.all([
    db.selectFrom('conversation_events').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirst(),
    db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'queued').executeTakeFirst(),
  ]);
  return { inboxPending: Number(inbox?.n ?? 0), outboxQueued: Number(outbox?.n ?? 0) };
}
