// Per-channel delivery rate limits, shared by every process: each delivery reserves the channel's next free slot in the store.
import { sql, type Kysely } from 'kysely';
import { type Pace, unpaced } from '../../channels/index.js';
import type { Database, Dialect } from '../../store/index.js';

export class DeliveryRate {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Units a second DELIVERY_RATES sets for a rule (0 is unlimited); undefined leaves the provider's default. */
    private readonly rateOf: (rule: string) => number | undefined,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /**
   * Waits for the channel's next slot: with a rate of r units a second, the delivery after one of u units on the
   * channel starts at least u/r s after it, across processes.
   */
  async take(channel: { id: number; type: string }, pace: Pace = unpaced(channel.type)): Promise<void> {
    const rate = this.rateOf(pace.rule) ?? pace.defaultRate;
    if (rate <= 0) return;
    const interval = Math.max(1, Math.round((1000 * pace.units) / rate));
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
