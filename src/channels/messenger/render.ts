// A rendered bot message as the Send API messages that show it, in order: media, text or button templates, cards; quick replies on the last.
import type { OutboundMessage } from '../../engine/index.js';
import { httpUrl } from '../shared/button-text.js';
import { splitText, splitWithShortLast, truncate } from '../shared/text.js';
import { LINK_TYPES, quickReplyOf } from './buttons.js';
import { mediaKind } from '../shared/media-kind.js';
import { LIMITS, NO_TEXT, type SendButton, type SendMessage, type SendPart } from './send-message.js';
import { buttonTemplates, cardElement, mapButtons, type CardInput } from './templates.js';

export type Rendered = { ok: true; parts: SendPart[] } | { ok: false; reason: string };

const MESSAGING_TYPES = new Set(['RESPONSE', 'UPDATE', 'MESSAGE_TAG']);

/**
 * Custom JSON carrying a Send API `message` (`{ "message": { … } }`, optionally with `messaging_type` and `tag`) is sent
 * as written: authors reach platform features the definition has no field for (media templates, user_email quick replies).
 */
function customPart(json: OutboundMessage['json']): SendPart | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const message = json.message;
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return null;
  const part: SendPart = { message: message as Record<string, unknown> };
  if (typeof json.messaging_type === 'string' && MESSAGING_TYPES.has(json.messaging_type)) part.messagingType = json.messaging_type as SendPart['messagingType'];
  if (typeof json.tag === 'string' && json.tag !== '') part.tag = json.tag;
  return part;
}

function joinText(parts: readonly (string | null)[]): string {
  return parts.filter((p): p is string => p !== null && p.trim() !== '').join('\n');
}

/** Text alone as text messages (2000 each); with buttons, as button templates whose text (640) is the text's last piece. */
function textWithButtons(text: string, buttons: readonly SendButton[]): SendMessage[] {
  if (buttons.length === 0) return splitText(text, LIMITS.text).map((piece) => ({ text: piece }));
  const pieces = splitWithShortLast(text, LIMITS.text, LIMITS.buttonTemplateText);
  const last = pieces.pop() ?? NO_TEXT;
  return [...pieces.map((piece) => ({ text: piece })), ...buttonTemplates(last, buttons).map((attachment) => ({ attachment }))];
}

function mediaMessage(m: OutboundMessage): SendMessage | string | null {
  if (m.media === null) return null;
  const url = httpUrl(m.media);
  if (url === null) return `the media "${m.media.slice(0, 80)}" is not an http(s) URL the platform can fetch`;
  return { attachment: { type: mediaKind(url, m.mediaType), payload: { url } } };
}

function carousel(m: OutboundMessage): SendMessage[] {
  const out: SendMessage[] = [];
  const elements = [];
  const lines: string[] = [];
  const extras: { text: string; buttons: SendButton[] }[] = [];
  for (const card of m.carousel) {
    const rendered = cardElement(card);
    if (rendered.element !== null) elements.push(rendered.element);
    lines.push(...rendered.lines);
    if (rendered.extraButtons.length > 0) extras.push({ text: truncate(card.title ?? NO_TEXT, LIMITS.buttonTemplateText), buttons: rendered.extraButtons });
  }
  for (let i = 0; i < elements.length; i += LIMITS.elements) {
    out.push({ attachment: { type: 'template', payload: { template_type: 'generic', elements: elements.slice(i, i + LIMITS.elements) } } });
  }
  // A card's fourth button, and what no card could show, follow the carousel.
  for (const extra of extras) out.push(...buttonTemplates(extra.text, extra.buttons).map((attachment) => ({ attachment })));
  if (lines.length > 0) out.push(...splitText(lines.join('\n'), LIMITS.text).map((text) => ({ text })));
  return out;
}

/** A standalone rich card, when the message fits one: its text within a card's subtitle, something besides a title to show. */
function standaloneCard(m: OutboundMessage, buttons: CardInput['buttons']): SendMessage[] | null {
  if (m.richCard === null || (m.title ?? m.text ?? m.media) === null) return null;
  if (m.text !== null && m.text.length > LIMITS.elementSubtitle) return null;
  const card = cardElement({ title: m.title, description: m.text, media: m.media, mediaType: m.mediaType, thumbnailUrl: m.richCard.thumbnailUrl, buttons });
  if (card.element === null) return null;
  const out: SendMessage[] = [{ attachment: { type: 'template', payload: { template_type: 'generic', elements: [card.element] } } }];
  out.push(...buttonTemplates(NO_TEXT, card.extraButtons).map((attachment) => ({ attachment })));
  if (card.lines.length > 0) out.push(...splitText(card.lines.join('\n'), LIMITS.text).map((text) => ({ text })));
  return out;
}

export function renderMessages(m: OutboundMessage): Rendered {
  const custom = customPart(m.json);
  if (custom !== null) return { ok: true, parts: [custom] };

  // Quick replies that open something (a link, a call) have no quick-reply form on the platform: they join the buttons.
  const linkReplies = m.quickReplies.filter((q) => LINK_TYPES.has(q.type));
  const quickReplies = m.quickReplies.filter((q) => !LINK_TYPES.has(q.type)).slice(0, LIMITS.quickReplies).map(quickReplyOf);
  const buttons = [...m.buttons, ...linkReplies];

  let messages: SendMessage[] | null = m.carousel.length === 0 ? standaloneCard(m, buttons) : null;
  if (messages === null) {
    messages = [];
    const media = mediaMessage(m);
    if (typeof media === 'string') return { ok: false, reason: media };
    if (media !== null) messages.push(media);
    const own = mapButtons(buttons);
    const text = joinText([m.title, m.text, ...own.lines]);
    if (text !== '' || own.buttons.length > 0) messages.push(...textWithButtons(text, own.buttons));
    if (m.carousel.length > 0) messages.push(...carousel(m));
  }
  if (messages.length === 0) {
    if (quickReplies.length === 0) return { ok: false, reason: 'the message has nothing the messenger platform can show' };
    messages.push({ text: NO_TEXT });
  }
  if (quickReplies.length > 0) messages[messages.length - 1] = { ...messages[messages.length - 1]!, quick_replies: quickReplies };
  return { ok: true, parts: messages.map((message) => ({ message })) };
}
