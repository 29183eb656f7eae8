// Wires every service over one store, as the HTTP layer and the CLI use them.
import type { Config } from '../config.js';
import { createLookupServices } from '../lookup/index.js';
import type { PhoneLookupService } from '../lookup/phone-lookup-service.js';
import { channelDirectory } from '../lookup/rcs/channel-directory.js';
import type { RcsCapabilityService } from '../lookup/rcs/rcs-capability-service.js';
import { SecretBox } from '../security/secret-box.js';
import { loadServerSecrets } from '../security/server-secrets.js';
import type { Store } from '../store/db.js';
import { repositories } from '../store/repositories/index.js';
import { systemClock, type Clock } from '../time.js';
import { AccountService } from './accounts.js';
import { BotService } from './bots.js';
import { ChannelService } from './channels.js';
import { HumanService } from './humans.js';
import { SubscriptionService } from './subscriptions.js';
import { TokenService } from './tokens.js';

export interface Services {
  accounts: AccountService;
  tokens: TokenService;
  bots: BotService;
  channels: ChannelService;
  humans: HumanService;
  subscriptions: SubscriptionService;
  phoneLookup: PhoneLookupService;
  rcsCapability: RcsCapabilityService;
}

export function createServices(config: Config, store: Store, clock: Clock = systemClock): Services {
  const secrets = loadServerSecrets(config);
  const repos = repositories(store.db);
  const bots = new BotService(repos, clock);
  const channels = new ChannelService(repos, bots, new SecretBox(secrets.encryptionKey), clock);
  return {
    accounts: new AccountService(repos, clock),
    tokens: new TokenService(repos, secrets.jwtSecret, clock),
    bots,
    channels,
    humans: new HumanService(repos, clock),
    subscriptions: new SubscriptionService(repos, channels, clock),
    ...createLookupServices(config, channelDirectory(channels, (accountId) => repos.channels.list(accountId))),
  };
}
