// The WhatsApp phone of the sandbox: the Cloud API messages the number would send, the window kept, taps as WhatsApp reports them.
import { BadRequestError } from '../../errors.js';
import type { PhoneAction, SandboxPhone } from '../sandbox-phone.js';
import { inboundMessage } from './inbound.js';
import { renderCloudMessages, type Part } from './render.js';
import type { WaMessage } from './webhook-events.js';
import { isWindowOpen, windowClosedReason } from './window.js';

export interface WhatsAppView {
  kind: 'whatsapp';
  /** The Cloud API message objects, in order, as POST /{phone-number-id}/messages would get them. */
  messages: Part[];
}

function cloudMessage(input: PhoneAction, id: string): WaMessage {
  switch (input.kind) {
    case 'text':
      return { id, type: 'text', text: { body: input.text } };
    case 'location':
      return { id, type: 'location', location: { latitude: input.latitude, longitude: input.longitude } };
    case 'tap': {
      const reply = { id: input.payload ?? input.title ?? '', title: input.title ?? input.payload ?? '' };
      // Rows of a list come back as list_reply, reply buttons as button_reply: the sandbox page says which it tapped.
      return { id, type: 'interactive', interactive: input.source === 'action' ? { type: 'list_reply', list_reply: reply } : { type: 'button_reply', button_reply: reply } };
    }
  }
}

export const WHATSAPP_PHONE: SandboxPhone<WhatsAppView> = {
  types: ['wha'],
  device: { type: 'app', platform: 'whatsapp' },
  view(_channel, _address, m) {
    const rendered = renderCloudMessages(m);
    if (!rendered.ok) return { ok: false, reason: `the message cannot be shown on WhatsApp: ${rendered.reason}` };
    return { ok: true, view: { kind: 'whatsapp', messages: rendered.parts } };
  },
  async inbound(_records, end, _humanId, input, messageId) {
    if (input.kind === 'tap' && input.title === null && input.payload === null) throw new BadRequestError('That tap carries neither a title nor an id.');
    const read = inboundMessage(cloudMessage(input, messageId), () => '');
    if (read === null) throw new BadRequestError('WhatsApp would not send that to the business.');
    return { channel: end.channel, address: end.address, providerMessageId: messageId, profile: { phone: end.phone }, event: read.event, device: WHATSAPP_PHONE.device! };
  },
  async refuse(records, { conversationId, message }) {
    // As the adapter does: outside the 24-hour window only a template goes.
    const rendered = renderCloudMessages(message);
    if (rendered.ok && rendered.template) return null;
    const last = await records.messages.lastInboundAt(conversationId);
    return isWindowOpen(last, new Date()) ? null : { kind: 'failed', reason: windowClosedReason(last) };
  },
};
