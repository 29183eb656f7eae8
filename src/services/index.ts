// Wires every service over one store, as the HTTP layer and the CLI use them.
import { SmtpMailer } from '../channels/email/smtp-mailer.js';
import { createProviders } from '../channels/providers.js';
import type { ProviderRegistry } from '../channels/registry.js';
import { WebChat } from '../channels/web/index.js';
import type { Config } from '../config.js';
import { createJobQueue } from '../jobs/index.js';
import { createGuardedHttp } from '../net/index.js';
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
import { ConversationService } from './conversations/conversation-service.js';
import { ConversationRuntime } from './conversations/runtime.js';
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
  /** Conversations: inbox, runner, outbox. Its workers run only once the server starts it. */
  runtime: ConversationRuntime;
  conversations: ConversationService;
  webChat: WebChat;
  /** Provider channels (RCS, SMS, messenger, microblog, voice): delivery adapters and webhooks. */
  providers: ProviderRegistry;
}

export function createServices(config: Config, store: Store, clock: Clock = systemClock): Services {
  const secrets = loadServerSecrets(config);
  const repos = repositories(store.db);
  const bots = new BotService(repos, clock);
  const secretBox = new SecretBox(secrets.encryptionKey);
  const channels = new ChannelService(repos, bots, secretBox, clock);
  const runtime = new ConversationRuntime({
    config, store, secrets: secretBox, clock,
    jobs: createJobQueue(config, store),
    http: createGuardedHttp(config.outbound),
    mailer: new SmtpMailer(config.smtp),
  });
  const lookups = createLookupServices(config, channelDirectory(channels, (accountId) => repos.channels.list(accountId)));
  const providers = createProviders({ config, runtime, lookups, clock });
  for (const adapter of providers.adapters()) runtime.registerAdapter(adapter);
  return {
    accounts: new AccountService(repos, clock),
    tokens: new TokenService(repos, secrets.jwtSecret, clock),
    bots,
    channels,
    humans: new HumanService(repos, clock),
    subscriptions: new SubscriptionService(repos, channels, clock),
    ...lookups,
    runtime,
    conversations: new ConversationService(repos, clock, config.conversations.leaseSeconds),
    webChat: new WebChat(config, store, runtime, secrets.jwtSecret),
    providers,
  };
}
