// How much work waits in the store: pending inbox events and queued outbound messages, counted on the indexes that hold them.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface QueueDepths {
  /** Inbox events not yet run (conversation_events pending). */
  inboxPending: number;
  /** Outbound messages waiting for delivery or a retry (messages queued). */
  outboxQueued: number;
}

/** Two counts on the partial indexes of pending events and queued messages (the literals match their predicates); meant for a metrics scrape. */
export async function queueDepths(db: Kysely<Database>): Promise<QueueDepths> {
  const [inbox, outbox] = await Promise.all([
    db.selectFrom('conversation_events').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', sql.lit('pending')).executeTakeFirst(),
    db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', sql.lit('queued')).executeTakeFirst(),
  ]);
  return { inboxPending: Number(inbox?.n ?? 0), outboxQueued: Number(outbox?.n ?? 0) };
}
