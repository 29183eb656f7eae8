// How the web-chat widget receives a message: stored rows turned into the protocol's message objects (docs/web-chat.md).
import type { MessageEvent } from '../../engine/events.js';
import type { OutboundMessage } from '../../engine/outbound.js';
import type { MessageRow } from '../../store/repositories/messages.js';

export interface ChatMessage {
  id: number;
  /** `in`: the visitor wrote it; `out`: the bot sent it. */
  direction: 'in' | 'out';
  createdAt: string;
  text: string | null;
  title?: string | null;
  media?: string | null;
  mediaType?: string | null;
  buttons?: OutboundMessage['buttons'];
  quickReplies?: OutboundMessage['quickReplies'];
  carousel?: OutboundMessage['carousel'];
  richCard?: OutboundMessage['richCard'];
  form?: OutboundMessage['form'];
  json?: OutboundMessage['json'];
}

/** The widget's view of a stored message; null for what it does not show (e-mails, notes). */
export function chatMessage(row: MessageRow): ChatMessage | null {
  if (row.kind !== 'message' || (row.direction !== 'in' && row.direction !== 'out')) return null;
  if (row.direction === 'in') {
    const event = JSON.parse(row.content) as MessageEvent;
    const text = event.text ?? (event.location ? `📍 ${event.location.latitude}, ${event.location.longitude}` : event.media[0]?.name ?? null);
    return { id: row.id, direction: 'in', createdAt: row.createdAt, text };
  }
  const m = JSON.parse(row.content) as OutboundMessage;
  return {
    id: row.id, direction: 'out', createdAt: row.createdAt, text: m.text, title: m.title, media: m.media, mediaType: m.mediaType,
    buttons: m.buttons, quickReplies: m.quickReplies, carousel: m.carousel, richCard: m.richCard, form: m.form, json: m.json,
  };
}
