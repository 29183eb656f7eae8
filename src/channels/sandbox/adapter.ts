// Delivery on sandbox channels: the message is checked as the channel's provider would check it, then shown on the simulator's phones.
import type { ProviderRecords } from '../records.js';
import { isKeywordReply } from '../sms/keywords.js';
import { subscriptionAt } from '../sms/subscriptions.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import { VoiceAdapter } from '../voice/adapter.js';
import { outboundView } from './views.js';

/** The records this file reads. */
type SandboxRecords = Pick<ProviderRecords, 'humans' | 'identities' | 'inbox'>;

const TEXTING = new Set(['dlc', 'dsc']);

export class SandboxAdapter implements ChannelAdapter {
  readonly type = 'sandbox';
  /**
   * Messages handed to the sandbox whose outcome the outbox has not recorded yet. Phones are told once it has
   * (RuntimeEvents message.sent/failed), so what they read has its final status.
   */
  private readonly handed = new Set<number>();
  /** The voice channel's own delivery check (it only reads the store): a voice assistant speaks only in answer to the user. */
  private readonly voice: VoiceAdapter;

  constructor(private readonly records: SandboxRecords, private readonly enabled: boolean) {
    this.voice = new VoiceAdapter(records);
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    const { channel, message, address } = delivery;
    if (!this.enabled) {
      return { kind: 'failed', reason: `channel ${channel.id} is a sandbox channel (its token is "sandbox"), and this server runs with SANDBOX_ENABLED=false: set SANDBOX_ENABLED=true, or give the channel its provider's credentials` };
    }
    this.handed.add(delivery.messageId);
    // Carriers refuse everything but keyword replies to a number that texted STOP; the SMS channel fails such messages before sending.
    if (TEXTING.has(channel.type) && !isKeywordReply(message) && (await subscriptionAt(this.records, channel, address)) === false) {
      return { kind: 'failed', reason: 'the human unsubscribed from this number (STOP); carriers allow nothing but keyword replies until they text START' };
    }
    if (channel.type === 'alx') {
      const verdict = await this.voice.deliver(delivery);
      if (verdict.kind !== 'sent') return verdict;
    }
    const rendered = outboundView(channel, address, message);
    if (!rendered.ok) return { kind: 'failed', reason: rendered.reason };
    return { kind: 'sent', providerMessageId: `sandbox-${delivery.messageId}` };
  }

  /** Whether the message went through this adapter (and is forgotten now): its phone is to be told of its outcome. */
  settled(messageId: number): boolean {
    return this.handed.delete(messageId);
  }
}
