// Delivery rate limits shared by every process: each delivery reserves its channel's (and recipient's) next free slot in the store.
import { sql, type Kysely } from 'kysely';
import { type Pace, recipientRule, unpaced } from '../../channels/index.js';
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
   * channel starts at least u/r s after it, across processes. With `address` and a limit per recipient, also for the
   * recipient's next slot.
   */
  async take(channel: { id: number; type: string }, pace: Pace = unpaced(channel.type), address?: string): Promise<void> {
    const rate = this.rateOf(pace.rule) ?? pace.defaultRate;
    const perRecipient = address === undefined ? 0 : this.rateOf(recipientRule(pace.rule)) ?? pace.perRecipientRate ?? 0;
    const now = Date.now();
    let slot = now;
    if (rate > 0) slot = Math.max(slot, await this.reserve(channel.id, Math.max(1, Math.round((1000 * pace.units) / rate)), now));
    if (perRecipient > 0) slot = Math.max(slot, await this.reserveFor(channel.id, address!, Math.max(1, Math.round(1000 / perRecipient)), now));
    if (slot > now) await this.sleep(slot - now);
  }

  /**
   * Holds the channel back: no delivery on it starts before `ms` from now, in any process (a provider's rate-limit
   * answer for the whole number, as WhatsApp's 130429).
   */
  async hold(channelId: number, ms: number): Promise<void> {
    const until = Date.now() + ms;
    const later = this.dialect === 'postgres'
      ? sql<number>`GREATEST(channel_delivery_slots.next_at_ms, ${until})`
      : sql<number>`max(channel_delivery_slots.next_at_ms, ${until})`;
    await this.db.insertInto('channel_delivery_slots').values({ channel_id: channelId, next_at_ms: until })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet({ next_at_ms: later })).execute();
  }

  /** The start of the channel's next slot of `interval` ms. */
  private async reserve(channelId: number, interval: number, now: number): Promise<number> {
    const later = this.dialect === 'postgres'
      ? sql<number>`GREATEST(channel_delivery_slots.next_at_ms, ${now}) + ${interval}`
      : sql<number>`max(channel_delivery_slots.next_at_ms, ${now}) + ${interval}`;
    const row = await this.db.insertInto('channel_delivery_slots').values({ channel_id: channelId, next_at_ms: now + interval })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet({ next_at_ms: later }))
      .returning('next_at_ms').executeTakeFirstOrThrow();
    return Number(row.next_at_ms) - interval;
  }

  private async reserveFor(channelId: number, address: string, interval: number, now: number): Promise<number> {
    const later = this.dialect === 'postgres'
      ? sql<number>`GREATEST(recipient_delivery_slots.next_at_ms, ${now}) + ${interval}`
      : sql<number>`max(recipient_delivery_slots.next_at_ms, ${now}) + ${interval}`;
    const row = await this.db.insertInto('recipient_delivery_slots').values({ channel_id: channelId, address, next_at_ms: now + interval })
      .onConflict((oc) => oc.columns(['channel_id', 'address']).doUpdateSet({ next_at_ms: later }))
      .returning('next_at_ms').executeTakeFirstOrThrow();
    return Number(row.next_at_ms) - interval;
  }
}
