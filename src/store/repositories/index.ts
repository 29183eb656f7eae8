// All repositories over one database handle, as the services receive them.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { AccountRepository } from './accounts.js';
import { AttributeRepository } from './attributes.js';
import { AuditRepository } from './audit.js';
import { BatchRepository } from './batches.js';
import { BotRepository } from './bots.js';
import { ChannelRepository } from './channels.js';
import { ConsentRepository } from './consent.js';
import { ConversationRepository } from './conversations.js';
import { HumanLinkRepository } from './human-links.js';
import { HumanRecordRepository } from './human-records.js';
import { HumanRepository } from './humans.js';
import { IdentityRepository } from './identities.js';
import { InboxRepository } from './inbox.js';
import { MemberRepository } from './members.js';
import { MessageRepository } from './messages.js';
import { OverviewRepository } from './overview.js';
import { AnalyticsRepository } from './analytics.js';
import { SessionRepository } from './sessions.js';
import { SignInFailureRepository } from './sign-in-failures.js';
import { SubscriptionRepository } from './subscriptions.js';
import { TokenRepository } from './tokens.js';

export interface Repositories {
  accounts: AccountRepository;
  tokens: TokenRepository;
  bots: BotRepository;
  channels: ChannelRepository;
  humans: HumanRepository;
  subscriptions: SubscriptionRepository;
  conversations: ConversationRepository;
  inbox: InboxRepository;
  messages: MessageRepository;
  attributes: AttributeRepository;
  identities: IdentityRepository;
  humanRecords: HumanRecordRepository;
  batches: BatchRepository;
  humanLinks: HumanLinkRepository;
  members: MemberRepository;
  audit: AuditRepository;
  sessions: SessionRepository;
  signInFailures: SignInFailureRepository;
  overview: OverviewRepository;
  analytics: AnalyticsRepository;
  consent: ConsentRepository;
}

/**
 * The repositories over `db`, each made when first used: a transaction makes this object for the two or three it uses,
 * and the message path opens two transactions per message.
 */
class LazyRepositories implements Repositories {
  #accounts?: AccountRepository;
  #tokens?: TokenRepository;
  #bots?: BotRepository;
  #channels?: ChannelRepository;
  #humans?: HumanRepository;
  #subscriptions?: SubscriptionRepository;
  #conversations?: ConversationRepository;
  #inbox?: InboxRepository;
  #messages?: MessageRepository;
  #attributes?: AttributeRepository;
  #identities?: IdentityRepository;
  #humanRecords?: HumanRecordRepository;
  #batches?: BatchRepository;
  #humanLinks?: HumanLinkRepository;
  #members?: MemberRepository;
  #audit?: AuditRepository;
  #sessions?: SessionRepository;
  #signInFailures?: SignInFailureRepository;
  #overview?: OverviewRepository;
  #analytics?: AnalyticsRepository;
  #consent?: ConsentRepository;

  constructor(private readonly db: Kysely<Database>) {}

  get accounts(): AccountRepository { return (this.#accounts ??= new AccountRepository(this.db)); }
  get tokens(): TokenRepository { return (this.#tokens ??= new TokenRepository(this.db)); }
  get bots(): BotRepository { return (this.#bots ??= new BotRepository(this.db)); }
  get channels(): ChannelRepository { return (this.#channels ??= new ChannelRepository(this.db)); }
  get humans(): HumanRepository { return (this.#humans ??= new HumanRepository(this.db)); }
  get subscriptions(): SubscriptionRepository { return (this.#subscriptions ??= new SubscriptionRepository(this.db)); }
  get conversations(): ConversationRepository { return (this.#conversations ??= new ConversationRepository(this.db)); }
  get inbox(): InboxRepository { return (this.#inbox ??= new InboxRepository(this.db)); }
  get messages(): MessageRepository { return (this.#messages ??= new MessageRepository(this.db)); }
  get attributes(): AttributeRepository { return (this.#attributes ??= new AttributeRepository(this.db)); }
  get identities(): IdentityRepository { return (this.#identities ??= new IdentityRepository(this.db)); }
  get humanRecords(): HumanRecordRepository { return (this.#humanRecords ??= new HumanRecordRepository(this.db)); }
  get batches(): BatchRepository { return (this.#batches ??= new BatchRepository(this.db)); }
  get humanLinks(): HumanLinkRepository { return (this.#humanLinks ??= new HumanLinkRepository(this.db)); }
  get members(): MemberRepository { return (this.#members ??= new MemberRepository(this.db)); }
  get audit(): AuditRepository { return (this.#audit ??= new AuditRepository(this.db)); }
  get sessions(): SessionRepository { return (this.#sessions ??= new SessionRepository(this.db)); }
  get signInFailures(): SignInFailureRepository { return (this.#signInFailures ??= new SignInFailureRepository(this.db)); }
  get overview(): OverviewRepository { return (this.#overview ??= new OverviewRepository(this.db)); }
  get analytics(): AnalyticsRepository { return (this.#analytics ??= new AnalyticsRepository(this.db)); }
  get consent(): ConsentRepository { return (this.#consent ??= new ConsentRepository(this.db)); }
}

export function repositories(db: Kysely<Database>): Repositories {
  return new LazyRepositories(db);
}
