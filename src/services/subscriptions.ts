// Subscribing humans to a channel and counting who is subscribed.
import type { Kysely } from 'kysely';
import { type Database, repositories, type Repositories } from '../store/index.js';
import { isoNow, type Clock } from '../time.js';
import type { ChannelService } from './channels.js';
import type { SubscriptionSource } from './webhooks/event-types.js';
import type { EventRecorder } from './webhooks/record.js';

export class SubscriptionService {
  constructor(
    private readonly repos: Repositories,
    private readonly channels: ChannelService,
    private readonly clock: Clock,
    private readonly db: Kysely<Database>,
    private readonly events: EventRecorder,
  ) {}

  /** Sets the state for the listed humans of this account; the count is how many distinct listed humans now hold it. */
  async set(accountId: number, channelId: number, humanIds: readonly number[], subscribed: boolean, source: SubscriptionSource = 'api'): Promise<number> {
    await this.channels.owned(accountId, channelId);
    const ids = await this.repos.humans.existingIds(accountId, [...new Set(humanIds)]);
    if (ids.length === 0) return 0;
    const now = isoNow(this.clock);
    await this.db.transaction().execute(async (tx) => {
      const changed = await repositories(tx).subscriptions.setState(channelId, ids, subscribed, now);
      // Webhook events for the humans whose state changed, committed with the change.
      const type = subscribed ? 'human.subscribed' : 'human.unsubscribed';
      await this.events.record(tx, accountId, ...changed.map((humanId) => ({ type, channelId, humanId, source, at: now } as const)));
    });
    return ids.length;
  }

  async count(accountId: number, channelId: number): Promise<number> {
    await this.channels.owned(accountId, channelId);
    return this.repos.subscriptions.countSubscribed(channelId);
  }
}
