// Subscribing humans to a channel, counting who is subscribed, and a human's subscriptions.
import type { Kysely } from 'kysely';
import { ownedBy } from '../errors.js';
import { type Database, repositories, type Repositories } from '../store/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';
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

  /**
   * Sets the state for the listed humans of this account; the count is how many distinct listed humans now hold it.
   * `source` is what webhooks say; `consentSource` what the consent ledger keeps (a provider's event, which webhooks
   * report as a keyword, is `provider` there; a person in the console, `agent`), with `proof`.
   */
  async set(accountId: number, channelId: number, humanIds: readonly number[], subscribed: boolean, source: SubscriptionSource = 'api', consentSource: string = source, proof: string | null = null): Promise<number> {
    const channel = await this.channels.owned(accountId, channelId);
    const ids = await this.repos.humans.existingIds(accountId, [...new Set(humanIds)]);
    if (ids.length === 0) return 0;
    const now = isoNow(this.clock);
    await this.db.transaction().execute(async (tx) => {
      const changed = await repositories(tx).subscriptions.setState(channelId, ids, subscribed, now);
      // Webhook events for the humans whose state changed, committed with the change.
      const type = subscribed ? 'human.subscribed' : 'human.unsubscribed';
      await this.events.record(tx, accountId, ...changed.map((humanId) => ({ type, channelId, humanId, source, at: now } as const)));
      await repositories(tx).consent.changed({ accountId, channelId, channelType: channel.channelType, humanIds: changed, subscribed, source: consentSource, proof, at: now });
      if (!subscribed && changed.length > 0) {
        await repositories(tx).analytics.add(accountId, [{ day: now.slice(0, 10), botId: channel.botId, channelId, metric: 'optouts', key: source, n: changed.length }]);
      }
    });
    return ids.length;
  }

  async count(accountId: number, channelId: number): Promise<number> {
    await this.channels.owned(accountId, channelId);
    return this.repos.subscriptions.countSubscribed(channelId);
  }

  /** Every channel the human has a subscription state on (subscribed or not), oldest channel first. */
  async ofHuman(accountId: number, humanId: number): Promise<{ channelId: number; subscribed: boolean; dateUpdated: string }[]> {
    ownedBy(await this.repos.humans.find(humanId), accountId, 'Human', humanId);
    return (await this.repos.subscriptions.ofHuman(humanId)).map((r) => ({ channelId: r.channelId, subscribed: r.subscribed, dateUpdated: apiDate(r.updatedAt) }));
  }
}
