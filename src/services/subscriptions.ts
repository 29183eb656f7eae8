// Subscribing humans to a channel and counting who is subscribed.
import type { Repositories } from '../store/repositories/index.js';
import { isoNow, type Clock } from '../time.js';
import type { ChannelService } from './channels.js';

export class SubscriptionService {
  constructor(private readonly repos: Repositories, private readonly channels: ChannelService, private readonly clock: Clock) {}

  /** Sets the state for the listed humans of this account; the count is how many distinct listed humans now hold it. */
  async set(accountId: number, channelId: number, humanIds: readonly number[], subscribed: boolean): Promise<number> {
    await this.channels.owned(accountId, channelId);
    const ids = await this.repos.humans.existingIds(accountId, [...new Set(humanIds)]);
    if (ids.length > 0) await this.repos.subscriptions.setState(channelId, ids, subscribed, isoNow(this.clock));
    return ids.length;
  }

  async count(accountId: number, channelId: number): Promise<number> {
    await this.channels.owned(accountId, channelId);
    return this.repos.subscriptions.countSubscribed(channelId);
  }
}
