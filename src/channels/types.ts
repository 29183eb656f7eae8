// The contract between the conversation runtime and each provider's adapter: inbound envelopes in, deliveries out.
import type { FormEvent, MessageEvent, OutboundMessage, WelcomeEvent } from '../engine/index.js';
import type { Pace } from './pacing.js';

/** A channel as adapters see it: its credential opened, its settings parsed. */
export interface ChannelRecord {
  id: number;
  accountId: number;
  botId: number;
  type: string;
  name: string;
  /** Public identifier (page id, agent id, phone number, account handle). */
  user: string | null;
  /** The credential in clear (page token, service-account key, API secret); only adapters see it. */
  token: string | null;
  data: Record<string, unknown> | null;
  phoneType: number;
  countryCode: string | null;
}

/** What a provider's webhook turns into: one event from one human, to be stored in the conversation's inbox. */
export interface InboundEnvelope {
  channel: ChannelRecord;
  /** The human's id on the provider: a phone number in E.164, a page-scoped id, a visitor id. */
  address: string;
  /** The provider's id of the message; the same id twice is one message (providers retry webhooks). */
  providerMessageId: string | null;
  event: MessageEvent | FormEvent | WelcomeEvent;
  /** What the provider tells about the human, stored on first contact. */
  profile?: { firstName?: string | null; lastName?: string | null; phone?: string | null; email?: string | null };
  device?: { type: string | null; platform: string | null };
  /** The human's RCS capability as the provider just learnt it, stored on the human before the bot runs (sys:rcsEnabled, sys:rcsFeatures). */
  capability?: { rcsEnabled: boolean; rcsFeatures: string[] };
  /**
   * A carrier keyword (SMS STOP, START, HELP): the subscription change is stored with the message, before the bot
   * can see it, and the confirmation is queued ahead of whatever the bot answers. Ignored for a duplicate.
   * `channelId` is the channel the keyword was texted to: an opt-out stays with that number even when a router
   * hands the message to another channel's conversation.
   */
  keyword?: { channelId: number; subscribed: boolean | null; reply: OutboundMessage | null };
  /**
   * Human-scope attributes of the conversation the provider sets with the event, before the bot runs it (Telegram's
   * /start deep-link payload as `startPayload`): stored in the event's transaction. Ignored for a duplicate.
   */
  attributes?: Record<string, string>;
}

/** A provider's report on a message it was given: delivered, read or failed. */
export interface StatusReport {
  channel: ChannelRecord;
  providerMessageId: string;
  status: 'delivered' | 'read' | 'failed';
  reason?: string | null;
}

/** One outbound message to hand to a provider. */
export interface Delivery {
  /** Our message id; stable across retries, so it doubles as an idempotency key where the provider takes one. */
  messageId: number;
  conversationId: number;
  channel: ChannelRecord;
  /** The human's address on the channel. */
  address: string;
  message: OutboundMessage;
  /** 1 on the first try. */
  attempt: number;
}

export type DeliveryOutcome =
  | { kind: 'sent'; providerMessageId: string | null }
  /** A transient failure (timeout, 5xx, 429): tried again later, after `retryAfterMs` when the provider said so. */
  | {
    kind: 'retry'; reason: string; retryAfterMs?: number;
    /** The provider limits the whole channel (WhatsApp's 130429): nothing else goes on it, in any process, meanwhile. */
    holdChannel?: boolean;
  }
  /** A permanent failure (bad number, revoked token, 4xx): the message is marked failed with the reason. */
  | { kind: 'failed'; reason: string };

/**
 * Delivery at the run's commit, for channels whose delivery is the stored message itself (web chat: the widget reads
 * it from the store). The runtime marks the bot's messages sent in the transaction that stores them, with
 * `providerMessageId`, and calls `announce` once that transaction has committed: no queue read, no second write.
 */
export interface AtCommitDelivery {
  /** The provider id of a message sent by its commit is this prefix and the message's id (written by SQL on PostgreSQL). */
  readonly providerIdPrefix: string;
  /**
   * Tells whoever shows the message that it is there, with the conversation's state as that commit stored it; must not
   * throw (the message is sent already).
   */
  announce(conversationId: number, message: AnnouncedMessage, state: string): void;
}

/** A message its commit delivered, as stored, so whoever shows it need not read it back. */
export interface AnnouncedMessage {
  id: number;
  /** The outbound item as stored (JSON). */
  content: string;
  createdAt: string;
  /** The conversation's message stored just before it, when the commit knows it (null: not known). */
  after: number | null;
}

export interface ChannelAdapter {
  /** The channel type it serves (`web`, `rcs`, `dlc` …). */
  readonly type: string;
  deliver(delivery: Delivery): Promise<DeliveryOutcome>;
  /** What a message takes of the provider's sending limit on the channel (pacing.ts); absent: no published limit. */
  pace?(channel: ChannelRecord, message: OutboundMessage): Pace;
  /** Present when the bot's messages on this channel are delivered by their commit (see AtCommitDelivery). */
  readonly atCommit?: AtCommitDelivery;
}
