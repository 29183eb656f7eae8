// The SMS phone of the sandbox: the text the carrier would get (rich content as numbered options, media as links).
import { BadRequestError } from '../../errors.js';
import type { SandboxPhone } from '../sandbox-phone.js';
import { encodeText } from './encoding/segments.js';
import { inboundEnvelope } from './inbound.js';
import { isKeywordReply } from './keywords.js';
import { renderSms } from './render.js';
import { subscriptionAt } from './subscriptions.js';

export interface SmsView {
  kind: 'sms';
  /** The text the carrier would get: rich content degraded to numbered options, media as links. */
  text: string;
  /** Parts a concatenated SMS of this text takes, and the alphabet that decides their size (160/153 GSM-7, 70/67 UCS-2). */
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
}

export const SMS_PHONE: SandboxPhone<SmsView> = {
  types: ['dlc', 'dsc'],
  view(_channel, _address, m) {
    // Media goes as a link in the text, as on an SMPP transport: what every phone can show.
    const { text } = renderSms(m, { mms: false });
    if (text === '') return { ok: false, reason: 'the message has nothing a text message can carry (only custom JSON or a form)' };
    const encoded = encodeText(text);
    return { ok: true, view: { kind: 'sms', text, segments: encoded.parts.length, encoding: encoded.alphabet === 'gsm7' ? 'GSM-7' : 'UCS-2' } };
  },
  async inbound(records, { channel, address }, _humanId, input, messageId) {
    // Texts only: a number or words choose an option, and STOP, START and HELP work as the carrier makes them work.
    if (input.kind !== 'text') throw new BadRequestError('A text message has no buttons or locations to send: type the reply (a number picks an option).');
    return inboundEnvelope(records, channel, { from: address, text: input.text, media: [], providerMessageId: messageId }, true);
  },
  async refuse(records, { channel, address, message }) {
    // Carriers refuse everything but keyword replies to a number that texted STOP; the SMS channel fails such messages before sending.
    if (isKeywordReply(message) || (await subscriptionAt(records, channel, address)) !== false) return null;
    return { kind: 'failed', reason: 'the human unsubscribed from this number (STOP); carriers allow nothing but keyword replies until they text START' };
  },
};
