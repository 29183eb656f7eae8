// The Telegram phone of the sandbox: the Bot API calls the bot would make, taps on inline buttons as callback queries report them.
import { BadRequestError } from '../../errors.js';
import type { PhoneAction, SandboxPhone } from '../sandbox-phone.js';
import type { InboundEnvelope } from '../types.js';
import type { BotCall } from './bot-message.js';
import { DEVICE, START_PAYLOAD_ATTRIBUTE } from './hooks.js';
import { inboundMessage, tappedEvent } from './inbound.js';
import { renderBotCalls } from './render.js';
import type { TgMessage } from './update.js';

export interface TelegramView {
  kind: 'telegram';
  /** The Bot API calls, in order, as the bot would make them (without chat_id). */
  calls: BotCall[];
}

const CHAT = { id: 1, type: 'private' };

function read(input: PhoneAction, id: number): { event: InboundEnvelope['event']; startPayload: string | null } | null {
  switch (input.kind) {
    case 'text': {
      const message: TgMessage = { message_id: id, chat: CHAT, text: input.text };
      const got = inboundMessage(message, () => '', false);
      return got === null ? null : { event: got.event, startPayload: got.start?.payload ?? null };
    }
    case 'location': {
      const got = inboundMessage({ message_id: id, chat: CHAT, location: { latitude: input.latitude, longitude: input.longitude } }, () => '', false);
      return got === null ? null : { event: got.event, startPayload: null };
    }
    case 'tap': {
      // The tapped button's data, and its title as the keyboard under the message showed it.
      const data = input.payload ?? input.title ?? '';
      const keyboard = { inline_keyboard: [[{ text: input.title ?? data, callback_data: data }]] };
      const event = tappedEvent({ id: String(id), from: { id: 1 }, message: { message_id: id, chat: CHAT, reply_markup: keyboard }, data });
      return event === null ? null : { event, startPayload: null };
    }
  }
}

export const TELEGRAM_PHONE: SandboxPhone<TelegramView> = {
  types: ['tlg'],
  device: DEVICE,
  view(_channel, _address, m) {
    const rendered = renderBotCalls(m);
    if (!rendered.ok) return { ok: false, reason: `the message cannot be shown on Telegram: ${rendered.reason}` };
    return { ok: true, view: { kind: 'telegram', calls: rendered.calls } };
  },
  async inbound(_records, end, _humanId, input, messageId) {
    if (input.kind === 'tap' && input.title === null && input.payload === null) throw new BadRequestError('That tap carries neither a title nor callback data.');
    const got = read(input, 1);
    if (got === null) throw new BadRequestError('Telegram would not send that to the bot.');
    return {
      channel: end.channel, address: end.address, providerMessageId: messageId, profile: { phone: end.phone }, event: got.event, device: DEVICE,
      ...(got.startPayload === null ? {} : { attributes: { [START_PAYLOAD_ATTRIBUTE]: got.startPayload } }),
    };
  },
};
