// The contract of a channel's phone in the sandbox: what the phone shows for a bot message, and what a person's tap becomes.
import type { OutboundMessage } from '../engine/index.js';
import type { ProviderRecords } from './records.js';
import type { ChannelRecord, Delivery, DeliveryOutcome, InboundEnvelope } from './types.js';

export type PhoneInput =
  | { kind: 'text'; text: string }
  | { kind: 'tap'; source: 'reply' | 'postback' | 'action'; title: string | null; payload: string | null }
  | { kind: 'location'; latitude: number; longitude: number }
  /** The phone was opened for the first time: the bot greets, as web chat's bot does when its page opens. */
  | { kind: 'welcome' };

/** What a person does on a phone, the welcome aside (the sandbox handles it alike for every channel). */
export type PhoneAction = Exclude<PhoneInput, { kind: 'welcome' }>;

export interface PhoneEnd {
  channel: ChannelRecord;
  /** The human's address on the channel: their phone number on SMS and RCS, `sandbox-<humanId>` elsewhere. */
  address: string;
  /** The human's phone number: how the inbox finds the human on channels that do not address people by phone. */
  phone: string;
}

/** The records a phone reads for what a person does. */
export type PhoneRecords = Pick<ProviderRecords, 'conversations' | 'humans' | 'identities'>;

/** The records a phone's refusal reads. */
export type RefusalRecords = Pick<ProviderRecords, 'humans' | 'identities' | 'inbox' | 'messages'>;

export type RenderedView<V> = { ok: true; view: V } | { ok: false; reason: string };

export interface SandboxPhone<V extends { kind: string } = { kind: string }> {
  /** The channel types this phone simulates. */
  readonly types: readonly string[];
  /** Device facts the provider reports (sys:deviceType, sys:platform), so bots that look at them behave as they would. */
  readonly device?: InboundEnvelope['device'];
  /** What else the provider reports when a conversation opens (RCS: the phone's capability). */
  welcome?(envelope: InboundEnvelope): InboundEnvelope;
  /** The message as the provider would get it, rendered by the channel's own renderer; the reasons are its adapter's. */
  view(channel: ChannelRecord, address: string, message: OutboundMessage): RenderedView<V>;
  /**
   * The envelope the provider's webhook would have produced for the person's action, or null when the provider would
   * not tell the bot (an RCS action that is not a choice). Throws BadRequestError when the phone cannot do it.
   */
  inbound(records: PhoneRecords, end: PhoneEnd, humanId: number, input: PhoneAction, messageId: string): Promise<InboundEnvelope | null>;
  /** The provider's refusal before anything is shown (a number that texted STOP, a voice assistant not asked); null: it may go. */
  refuse?(records: RefusalRecords, delivery: Delivery): Promise<Extract<DeliveryOutcome, { kind: 'failed' }> | null>;
}
