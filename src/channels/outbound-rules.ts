// What a channel type demands of a message a person or the API sends on their own (an agent's reply, a broadcast).
import type { OutboundMessage } from '../engine/index.js';
import type { ChannelRecord } from './types.js';

/** An agent's message about to be queued, with what the rules may need to know of the conversation. */
export interface AgentReplyCheck {
  channel: ChannelRecord;
  message: OutboundMessage;
  /** When the human last wrote in the conversation (ISO); null: never. */
  lastInboundAt(): Promise<string | null>;
  now: Date;
}

/** A broadcast's message (POST /v1/messages) about to be queued for every target on the channel. */
export interface BroadcastCheck {
  channel: ChannelRecord;
  text: string | null;
  media: string | null;
  /** The provider template the broadcast names (WhatsApp), null when none. */
  template: { name: string; language: string } | null;
}

export interface OutboundRules {
  /** The longest text one agent reply takes on the channel. */
  readonly replyTextLimit: number;
  /** The channel speaks only in answer to a request of the human's (a voice assistant): nothing can be pushed to it. */
  readonly answerOnly?: boolean;
  /**
   * People opt out of the channel by a word (STOP) or the provider's own control: once they have, an agent's reply is
   * refused (409) until they opt back in.
   */
  readonly optOut?: boolean;
  /** The provider holds approved message templates a send may name (WhatsApp). */
  readonly takesTemplates?: boolean;
  /**
   * Refuses a reply the channel would refuse, before it is queued: UnprocessableError (422) when the message breaks a
   * limit, ConflictError (409) when it cannot go now (a window closed). Resolves when it may go.
   */
  checkReply?(check: AgentReplyCheck): Promise<void>;
  /** Refuses a broadcast the channel cannot carry as asked (UnprocessableError): WhatsApp needs a template. */
  checkBroadcast?(check: BroadcastCheck): Promise<void>;
}

/** Channels without rules of their own (web chat, the fakes): the bot language's longest text. */
export const DEFAULT_RULES: OutboundRules = { replyTextLimit: 3072 };
