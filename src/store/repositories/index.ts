// All repositories over one database handle, as the services receive them.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { AccountRepository } from './accounts.js';
import { BotRepository } from './bots.js';
import { ChannelRepository } from './channels.js';
import { HumanRepository } from './humans.js';
import { SubscriptionRepository } from './subscriptions.js';
import { TokenRepository } from './tokens.js';

export interface Repositories {
  accounts: AccountRepository;
  tokens: TokenRepository;
  bots: BotRepository;
  channels: ChannelRepository;
  humans: HumanRepository;
  subscriptions: SubscriptionRepository;
}

export function repositories(db: Kysely<Database>): Repositories {
  return {
    accounts: new AccountRepository(db),
    tokens: new TokenRepository(db),
    bots: new BotRepository(db),
    channels: new ChannelRepository(db),
    humans: new HumanRepository(db),
    subscriptions: new SubscriptionRepository(db),
  };
}
