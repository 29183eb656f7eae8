// What one text takes of its number's sending limit: carriers count a text by its segments and an MMS as one message.
import type { OutboundMessage } from '../../engine/index.js';
import { type Pace, providerPace } from '../pacing.js';
import type { ChannelRecord } from '../types.js';
import { isTollFree, senderOf } from './addresses.js';
import { segmentCount } from './encoding/segments.js';
import { renderSms } from './render.js';
import { parseSmsToken } from './token.js';

/**
 * Segments a second per number, as the carriers publish them: a US long code (10DLC) one, a toll-free number three,
 * a short code a hundred.
 */
export const SMS_RATES: Readonly<Record<string, number>> = { dlc: 1, tfn: 3, dsc: 100 };

/** Toll-free long codes are paced under `tfn`, other long codes under `dlc`, short codes under `dsc`. */
export function smsPace(channel: ChannelRecord, message: OutboundMessage, carrierApiUrl: string): Pace {
  const sender = senderOf(channel);
  const rule = channel.type === 'dlc' && sender.ok && isTollFree(sender.number) ? 'tfn' : channel.type;
  const parsed = parseSmsToken(channel.token, carrierApiUrl);
  // The carrier API sends media as an MMS; SMPP puts its link in the text (render.ts), which then counts by segments.
  const rendered = renderSms(message, { mms: parsed.ok && parsed.target.kind === 'http' });
  return providerPace(rule, rendered.media.length > 0 ? 1 : segmentCount(rendered.text), SMS_RATES[rule] ?? 0);
}
