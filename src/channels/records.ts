// The records providers read (and the one fact they write): narrow views the store's repositories satisfy as they are.
import type { ChannelRecord } from './types.js';

export type MessageStatus = 'received' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/** A stored message as providers show, speak or match it. */
export interface StoredMessage {
  id: number;
  conversationId: number;
  direction: 'in' | 'out' | 'note';
  kind: string;
  /** JSON: the inbound event or the outbound message. */
  content: string;
  status: MessageStatus;
  failureReason: string | null;
  providerMessageId: string | null;
  createdAt: string;
}

/** A conversation as providers find it: one per human and channel, with the engine's stored state. */
export interface StoredConversation {
  id: number;
  botId: number;
  humanId: number;
  address: string;
  /** The engine's state as stored (JSON). */
  state: string;
  updatedAt: string;
}

/** A human as providers read it. */
export interface StoredHuman {
  id: number;
  accountId: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  rcsEnabled: boolean | null;
  rcsFeatures: string[];
  /** When RBM was last asked about the human's RCS capability; null: never. */
  rcsCheckedAt: string | null;
}

/** Channels with their credential opened (only adapters see it). */
export interface ChannelDirectory {
  find(id: number): Promise<ChannelRecord | undefined>;
  ofAccount(accountId: number): Promise<ChannelRecord[]>;
  ofTypes(types: readonly string[]): Promise<ChannelRecord[]>;
  /** The channels of a type whose public identifier (page id, account id) is `user`. */
  withUser(type: string, user: string): Promise<ChannelRecord[]>;
}

export interface MessageReader {
  find(id: number): Promise<StoredMessage | undefined>;
  /** Messages after `afterId`, oldest first. */
  history(conversationId: number, afterId: number, limit: number): Promise<StoredMessage[]>;
  /** The last `limit` messages, oldest first. */
  recent(conversationId: number, limit: number): Promise<StoredMessage[]>;
  recentUpTo(conversationId: number, maxId: number, limit: number): Promise<StoredMessage[]>;
  lastInboundAt(conversationId: number): Promise<string | null>;
  /** Whether an outbound message came from the run of an inbound message (a reply), not a timer or a proactive send. */
  answersInbound(messageId: number): Promise<boolean>;
  /** Outbound messages queued at or before `at`, now in one of `statuses`, with a provider id, newest first. */
  outboundUpTo(
    conversationId: number, at: string, statuses: readonly MessageStatus[], limit: number,
  ): Promise<StoredMessage[]>;
}

export interface ConversationReader {
  find(id: number): Promise<StoredConversation | undefined>;
  findFor(channelId: number, humanId: number): Promise<StoredConversation | undefined>;
}

export interface HumanReader {
  find(id: number): Promise<StoredHuman | undefined>;
  idByPhone(accountId: number, phone: string): Promise<number | undefined>;
  isSubscribed(channelId: number, humanId: number): Promise<boolean>;
  hasSubscriptionRow(channelId: number, humanId: number): Promise<boolean>;
  /** true/false from the subscription row, null without one. */
  subscription(channelId: number, humanId: number): Promise<boolean | null>;
  /** Their consent for a channel family now (the ledger's newest entry for it); null without one. */
  consentNow(humanId: number, family: string): Promise<'in' | 'out' | null>;
}

/** What providers write on a human: what RBM answered about its RCS capability, the names a platform tells. */
export interface RcsCapabilityWriter {
  /** Sets the names of a human who has none yet (asked of the platform after its webhook was answered). */
  fillNames(id: number, firstName: string | null, lastName: string | null, now: string): Promise<void>;
  setRcs(id: number, enabled: boolean, features: readonly string[], now: string): Promise<void>;
  /** Makes the stored RCS answer stale (asked again before the next delivery), keeping what it said meanwhile. */
  staleRcs(id: number): Promise<void>;
}

/** The human behind an address on a channel. */
export interface IdentityReader {
  humanOf(channelId: number, address: string): Promise<number | undefined>;
  /** That human and their subscription to the channel (null: no row), in one read. */
  subscriptionAt(channelId: number, address: string): Promise<{ humanId: number; subscribed: boolean | null } | undefined>;
}

export interface InboxReader {
  /** The inbox event stored under a dedup key on a channel. */
  idByKey(channelId: number, dedupKey: string): Promise<number | undefined>;
  /** The dedup key of the inbox event whose run produced a message. */
  keyOfProducer(messageId: number): Promise<string | null>;
}

export interface BotReader {
  find(id: number): Promise<{ currentRevision: number } | undefined>;
}

/** Every reader above, as the runtime hands them to providers; each part takes only the ones it uses (`Pick`). */
export interface ProviderRecords {
  channels: ChannelDirectory;
  conversations: ConversationReader;
  humans: HumanReader & RcsCapabilityWriter;
  identities: IdentityReader;
  inbox: InboxReader;
  messages: MessageReader;
  bots: BotReader;
}
