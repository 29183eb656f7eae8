// A person's WhatsApp message read into the runtime's MessageEvent: text, media (at Parley's URL), places, shared contacts, taps, reactions.
import { type InboundMedia, messageEvent, type MessageEvent } from '../../engine/index.js';
import { isTruncationOf } from '../shared/text.js';
import { LIMITS } from './cloud-message.js';
import type { WaMedia, WaMessage } from './webhook-events.js';

export interface InboundMessage {
  event: MessageEvent;
  /** The media ids the message carries, to be read from the provider and kept. */
  mediaIds: string[];
}

/** The URL a file is seen at (MediaPort.urlOf for the channel). */
export type MediaUrl = (mediaId: string) => string;

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** What the person tapped: the title WhatsApp showed, or, when that is our cut of a longer title sent as the id, the full title. */
function tapped(shown: string, id: string, max: number): string {
  return isTruncationOf(shown, id, max) ? id : shown;
}

function contactsText(contacts: NonNullable<WaMessage['contacts']>): string {
  return contacts.map((c) => [c.name?.formatted_name, ...(c.phones ?? []).map((p) => p.phone), ...(c.emails ?? []).map((e) => e.email)]
    .filter((p): p is string => p !== undefined && p !== '').join(', ')).filter((line) => line !== '').join('\n');
}

export function inboundMessage(m: WaMessage, mediaUrl: MediaUrl): InboundMessage | null {
  const none = { mediaIds: [] };
  switch (m.type) {
    case 'text':
      return m.text === undefined || m.text.body === '' ? null : { event: messageEvent({ text: m.text.body }), ...none };
    case 'interactive': {
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      if (reply === undefined) return null;
      const max = m.interactive?.button_reply !== undefined ? LIMITS.replyTitle : LIMITS.rowTitle;
      return { event: messageEvent({ text: tapped(reply.title, reply.id, max), payload: reply.id }), ...none };
    }
    case 'button':
      // A quick-reply button of a template: its payload as the template set it, its text as shown.
      if (m.button === undefined || (m.button.text === undefined && m.button.payload === undefined)) return null;
      return { event: messageEvent({ text: m.button.text ?? m.button.payload ?? null, payload: m.button.payload ?? null }), ...none };
    case 'location':
      if (m.location === undefined) return null;
      return {
        event: messageEvent({ location: { latitude: m.location.latitude, longitude: m.location.longitude, label: m.location.name ?? m.location.address ?? null } }),
        ...none,
      };
    case 'contacts': {
      const text = contactsText(m.contacts ?? []);
      return text === '' ? null : { event: messageEvent({ text }), ...none };
    }
    case 'reaction':
      // A reaction taken back carries no emoji: nothing for the bot.
      return m.reaction?.emoji ? { event: messageEvent({ text: m.reaction.emoji }), ...none } : null;
    default: {
      const kind = MEDIA_TYPES.find((t) => t === m.type);
      const media: WaMedia | undefined = kind === undefined ? undefined : m[kind];
      if (media === undefined) return null;
      const file: InboundMedia = { url: mediaUrl(media.id), mimeType: media.mime_type ?? null, name: media.filename ?? (kind === 'sticker' ? 'sticker' : null), size: null };
      return { event: messageEvent({ text: media.caption ?? null, media: [file] }), mediaIds: [media.id] };
    }
  }
}
