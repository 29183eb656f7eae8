// What a person does on a sandbox phone, as the inbound envelope that channel's provider would have produced.
import { BadRequestError } from '../../errors.js';
import type { PhoneEnd, PhoneInput, PhoneRecords } from '../sandbox-phone.js';
import type { InboundEnvelope } from '../types.js';
import { phoneOf } from './simulated.js';

export type { PhoneEnd, PhoneInput } from '../sandbox-phone.js';

/**
 * The envelope, or null when the provider would not have told the bot (an RCS action that is not a choice).
 * `messageId` is the provider message id: the same id twice is one message, as with a provider's retries.
 */
export async function phoneEnvelope(records: PhoneRecords, end: PhoneEnd, humanId: number, input: PhoneInput, messageId: string): Promise<InboundEnvelope | null> {
  const phone = phoneOf(end.channel.type);
  if (phone === undefined) throw new BadRequestError(`The sandbox has no phone for "${end.channel.type}" channels.`);
  if (input.kind !== 'welcome') return phone.inbound(records, end, humanId, input, messageId);
  const welcome: InboundEnvelope = {
    channel: end.channel, address: end.address, providerMessageId: messageId, profile: { phone: end.phone }, event: { kind: 'welcome' },
    ...(phone.device === undefined ? {} : { device: phone.device }),
  };
  return phone.welcome?.(welcome) ?? welcome;
}
