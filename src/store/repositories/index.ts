// All repositories over one database handle, as the services receive them.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { AccountRepository } from './accounts.js';
import { AttributeRepository } from './attributes.js';
import { AuditRepository } from './audit.js';
import { BatchRepository } from './batches.js';
import { BotRepository } from './bots.js';
import { ChannelRepository } from './channels.js';
import { ConversationRepository } from './conversations.js';
import { HumanLinkRepository } from './human-links.js';
import { HumanRecordRepository } from './human-records.js';
import { HumanRepository } from './humans.js';
import { IdentityRepository } from './identities.js';
import { InboxRepository } from './inbox.js';
import { MemberRepository } from './members.js';
import { MessageRepository } from './messages.js';
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
}

export function repositories(db: Kysely<Database>): Repositories {
  return {
    accounts: new AccountRepository(db),
    tokens: new TokenRepository(db),
    bots: new BotRepository(db),
    channels: new ChannelRepository(db),
    humans: new HumanRepository(db),
    subscriptions: new SubscriptionRepository(db),
    conversations: new ConversationRepository(db),
    inbox: new InboxRepository(db),
    messages: new MessageRepository(db),
    attributes: new AttributeRepository(db),
    identities: new IdentityRepository(db),
    humanRecords: new HumanRecordRepository(db),
    batches: new BatchRepository(db),
    humanLinks: new HumanLinkRepository(db),
    members: new MemberRepository(db),
    audit: new AuditRepository(db),
  };
}
