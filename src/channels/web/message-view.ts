// How the web-chat widget receives a message: stored rows turned into the protocol's message objects (docs/web-chat.md).
import type { ConversationState, MessageEvent, OutboundMessage } from '../../engine/index.js';
import type { StoredMessage } from '../records.js';

export interface ChatMessage {
  id: number;
  /** `in`: the visitor wrote it; `out`: the bot sent it. */
  direction: 'in' | 'out';
  createdAt: string;
  text: string | null;
  /** The `id` of the client frame that carried an inbound message, so the widget can replace what it showed while sending. */
  clientId?: string | null;
  title?: string | null;
  media?: string | null;
  mediaType?: string | null;
  buttons?: OutboundMessage['buttons'];
  quickReplies?: OutboundMessage['quickReplies'];
  carousel?: OutboundMessage['carousel'];
  richCard?: OutboundMessage['richCard'];
  form?: OutboundMessage['form'];
  json?: OutboundMessage['json'];
  /** A person's reply: who wrote it, shown as "Ana (agent)" (absent on the bot's messages). */
  sender?: { name: string; role: 'agent' };
}

/** The client frame id inside a web-chat provider message id (`web:<visitor>:<frame id>`; visitor ids have no colon). */
function clientIdOf(providerMessageId: string | null): string | null {
  if (providerMessageId === null || !providerMessageId.startsWith('web:')) return null;
  const at = providerMessageId.indexOf(':', 4);
  return at < 0 ? null : providerMessageId.slice(at + 1);
}

/** The widget's view of a stored message; null for what it does not show (e-mails, notes). */
export function chatMessage(row: StoredMessage): ChatMessage | null {
  if (row.kind !== 'message' || (row.direction !== 'in' && row.direction !== 'out')) return null;
  if (row.direction === 'in') {
    const event = JSON.parse(row.content) as MessageEvent;
    const text = event.text ?? (event.location ? `📍 ${event.location.latitude}, ${event.location.longitude}` : event.media[0]?.name ?? null);
    return { id: row.id, direction: 'in', createdAt: row.createdAt, text, clientId: clientIdOf(row.providerMessageId) };
  }
  return { id: row.id, direction: 'out', createdAt: row.createdAt, ...botChatMessage(JSON.parse(row.content) as OutboundMessage) };
}

/** What the widget receives of a bot (or agent) message, besides its id, direction and time (also what `parley test` checks on web). */
export function botChatMessage(given: OutboundMessage): Omit<ChatMessage, 'id' | 'direction' | 'createdAt' | 'clientId'> {
  const m = given as OutboundMessage & { sender?: { name?: unknown } };
  const sender = typeof m.sender?.name === 'string' ? { name: m.sender.name, role: 'agent' as const } : undefined;
  return {
    text: m.text, title: m.title, media: m.media, mediaType: m.mediaType,
    buttons: m.buttons, quickReplies: m.quickReplies, carousel: m.carousel, richCard: m.richCard, form: m.form, json: m.json,
    ...(sender === undefined ? {} : { sender }),
  };
}

/**
 * The tokens of the forms the conversation still accepts (a blocking form it waits for, forms shown in `message` mode):
 * the widget shows the others as closed, and opens a form again when the bot refused what was sent.
 */
export function openFormTokens(stateJson: string | undefined): string[] {
  if (stateJson === undefined) return [];
  const state = JSON.parse(stateJson) as Partial<ConversationState>;
  const tokens = (state.openForms ?? []).map((f) => f.token);
  if (state.suspended?.kind === 'form') tokens.push(state.suspended.token);
  return tokens;
}
