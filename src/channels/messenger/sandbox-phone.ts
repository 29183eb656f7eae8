// The messenger phone of the sandbox: the Send API messages the page would send; taps as the platform reports them.
import { BadRequestError } from '../../errors.js';
import type { PhoneAction, SandboxPhone } from '../sandbox-phone.js';
import { inboundMessage } from './inbound.js';
import { renderMessages } from './render.js';
import type { SendMessage } from './send-message.js';

export interface MessengerView {
  kind: 'messenger';
  /** The Send API `message` objects, in order (custom JSON is passed on as written). */
  messages: (SendMessage | Record<string, unknown>)[];
}

function read(sender: string, input: PhoneAction, mid: string) {
  const base = { sender, mid };
  switch (input.kind) {
    case 'text':
      return inboundMessage({ kind: 'message', ...base, text: input.text, quickReplyPayload: null, attachments: [] });
    case 'location': {
      const coordinates = { latitude: input.latitude, longitude: input.longitude };
      return inboundMessage({ kind: 'message', ...base, text: null, quickReplyPayload: null, attachments: [{ type: 'location', url: null, title: null, coordinates, stickerId: null }] });
    }
    case 'tap':
      return input.source === 'postback'
        ? inboundMessage({ kind: 'postback', ...base, timestamp: null, title: input.title, payload: input.payload })
        : inboundMessage({ kind: 'message', ...base, text: input.title, quickReplyPayload: input.payload, attachments: [] });
  }
}

export const MESSENGER_PHONE: SandboxPhone<MessengerView> = {
  types: ['fb'],
  device: { type: 'app', platform: 'messenger' },
  view(_channel, _address, m) {
    const rendered = renderMessages(m);
    if (!rendered.ok) return { ok: false, reason: `the message cannot be shown on the messenger platform: ${rendered.reason}` };
    return { ok: true, view: { kind: 'messenger', messages: rendered.parts.map((p) => p.message) } };
  },
  async inbound(_records, end, _humanId, input, messageId) {
    const message = read(end.address, input, messageId);
    if (message === null) throw new BadRequestError('That tap carries neither a title nor a payload.');
    return { channel: end.channel, address: end.address, providerMessageId: messageId, profile: { phone: end.phone }, event: message.event, device: MESSENGER_PHONE.device! };
  },
};
