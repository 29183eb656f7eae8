// Numbers without RCS: the message goes through the RCS channel's SMS fallback channel, whose adapter renders it as SMS text.
import { isSmsType } from '../../channel-types.js';
import type { OutboundMessage } from '../../engine/index.js';
import { type Pace, unpaced } from '../pacing.js';
import type { ChannelAdapter, ChannelRecord, Delivery, DeliveryOutcome } from '../types.js';

export interface FallbackParts {
  findChannel(id: number): Promise<ChannelRecord | undefined>;
  adapterFor(type: string): ChannelAdapter | undefined;
  /** Waits for the SMS channel's next delivery slot (DELIVERY_RATES), so fallback texts count against its rate like its own. */
  pace(channel: ChannelRecord, pace: Pace): Promise<void>;
  /** The human's SMS consent now (the ledger): a human who opted out of SMS anywhere in the account gets no fallback text. */
  smsConsent(humanId: number): Promise<'in' | 'out' | null>;
}

/** Whether an SMS can say anything of the message (custom RBM JSON alone cannot be texted). */
function textable(m: OutboundMessage): boolean {
  return m.text !== null || m.title !== null || m.media !== null || m.buttons.length > 0 || m.quickReplies.length > 0 || m.carousel.length > 0;
}

/**
 * Hands the message, unchanged, to the SMS fallback channel's adapter: it degrades rich content to
 * text with numbered options exactly as it does for its own bots, and the conversation's runner reads
 * numbers for a human without RCS (run-environment). Its outcome is the message's outcome.
 */
export async function deliverBySms(parts: FallbackParts, delivery: Delivery, fallbackId: number | null, humanId: number | null): Promise<DeliveryOutcome> {
  const { channel, address } = delivery;
  const why = `${address} cannot receive RCS`;
  // A STOP texted to any of the account's SMS numbers, or an import's SMS opt-out, holds for this text too.
  if (humanId !== null && await parts.smsConsent(humanId) === 'out') return { kind: 'failed', reason: `${why} and the human opted out of SMS (the consent ledger)` };
  if (fallbackId === null) return { kind: 'failed', reason: `${why} and RCS channel ${channel.id} has no SMS fallback channel (data.smsFallbackChannelId)` };
  const sms = await parts.findChannel(fallbackId);
  if (sms === undefined || sms.accountId !== channel.accountId) {
    return { kind: 'failed', reason: `${why} and the SMS fallback channel ${fallbackId} is not a channel of this account` };
  }
  if (!isSmsType(sms.type)) return { kind: 'failed', reason: `${why} and the SMS fallback channel ${fallbackId} is a "${sms.type}" channel, not dlc or dsc` };
  const adapter = parts.adapterFor(sms.type);
  if (adapter === undefined) return { kind: 'failed', reason: `${why} and no adapter delivers on "${sms.type}" channels` };
  if (!textable(delivery.message)) return { kind: 'failed', reason: `${why} and the message has nothing an SMS can carry (custom RBM JSON only)` };
  await parts.pace(sms, adapter.pace?.(sms, delivery.message) ?? unpaced(sms.type));
  const outcome = await adapter.deliver({ ...delivery, channel: sms });
  return outcome.kind === 'sent' ? outcome : { ...outcome, reason: `SMS fallback through channel ${sms.id}: ${outcome.reason}` };
}
