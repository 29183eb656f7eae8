// Per-channel delivery rate limits, shared by every process: each delivery reserves the channel's next free slot in the store.
import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../../store/index.js';

export class DeliveryRate {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Messages per second for a channel type; 0 is unlimited. */
    private readonly rateOf: (channelType: string) => number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Waits for the channel's next slot: with a rate of r, deliveries on one channel start at least 1/r s apart, across processes. */
  async take(channel: { id: number; type: string }): Promise<void> {
    const rate = this.rateOf(channel.type);
    if (rate <= 0) return;
    const interval = Math.max(1, Math.round(1000 / rate));
    const now = Date.now();
    const later = this.dialect === 'postgres'
      ? sql<number>`GREATEST(channel_delivery_slots.next_at_ms, ${now}) + ${interval}`
      : sql<number>`max(channel_delivery_slots.next_at_ms, ${now}) + ${interval}`;
    const row = await this.db.insertInto('channel_delivery_slots').values({ channel_id: channel.id, next_at_ms: now + interval })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet({ next_at_ms: later }))
      .returning('next_at_ms').executeTakeFirstOrThrow();
    const slot = Number(row.next_at_ms) - interval;
    if (slot > now) await this.sleep(slot - now);
  }
}
