// A bot message as Cloud API messages: text, media, reply buttons, lists and link buttons within WhatsApp's limits, the rest degraded.
import type { OutboundMessage, RenderedButton, RenderedCard } from '../../engine/index.js';
import { buttonLine, buttonTitle, calendarUrl, calendarWords, httpUrl, mapsUrl, tapValue } from '../shared/button-text.js';
import { mediaKind } from '../shared/media-kind.js';
import { splitText, splitWithShortLast, truncate } from '../shared/text.js';
import {
  type CloudMessage, type Interactive, type InteractiveHeader, LIMITS, type ListRow, type MediaObject, type ReplyButton,
} from './cloud-message.js';

/** Custom JSON is passed on as the Cloud API message it is (the recipient added). */
export type Part = CloudMessage | Record<string, unknown>;

export type Rendered =
  | { ok: true; parts: Part[]; /** An approved template: the one kind that may go outside the 24-hour window. */ template: boolean }
  | { ok: false; reason: string };

/** The label of the list's menu button: WhatsApp shows it under the message and opens the rows from it. */
const LIST_BUTTON = 'Choose';

/** A body for choices sent without words (WhatsApp requires one): a pointer at the buttons, in no language. */
const WORDLESS_BODY = '👇';

/** What a tap sends back: the value the runner remembers, or, past the id's limit, the title (which the runner matches too). */
export function choiceId(b: RenderedButton, max: number): string {
  const value = tapValue(b);
  const id = value.length <= max ? value : truncate(buttonTitle(b), max);
  // WhatsApp takes no blank id; a blank option cannot be matched anyway.
  return id.trim() === '' ? '-' : id;
}

/** The label an option is shown with; WhatsApp takes no blank title. */
function label(b: RenderedButton): string {
  const title = buttonTitle(b);
  return title.trim() === '' ? '-' : title;
}

/** A media id the business uploaded (digits), or a link. */
function mediaObject(value: string): MediaObject {
  return /^\d{1,30}$/.test(value.trim()) ? { id: value.trim() } : { link: value };
}

function fileName(url: string): string | undefined {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return name === '' ? undefined : name.slice(0, 240);
  } catch {
    return undefined;
  }
}

function textParts(body: string): CloudMessage[] {
  return splitText(body, LIMITS.text).filter((piece) => piece.trim() !== '').map((piece) => ({ type: 'text', text: { body: piece, preview_url: /https?:\/\/\S/i.test(piece) } }));
}

interface Card {
  title: string | null;
  text: string | null;
  media: string | null;
  mediaType: RenderedCard['mediaType'];
  choices: RenderedButton[];
}

/** Buttons sorted into those that answer (reply buttons, list rows), links, and lines of text for the rest. */
function sortChoices(choices: RenderedButton[]): { replies: RenderedButton[]; links: { b: RenderedButton; url: string }[]; lines: string[] } {
  const replies: RenderedButton[] = [];
  const links: { b: RenderedButton; url: string }[] = [];
  const lines: string[] = [];
  const link = (b: RenderedButton, url: string | null, otherwise: string | null) => {
    if (url === null) lines.push(buttonLine(b, otherwise));
    else links.push({ b, url });
  };
  for (const b of choices) {
    switch (b.type) {
      case 'weburl':
        link(b, httpUrl(b.payload), b.payload);
        break;
      case 'call':
        // Only templates carry call buttons: the number is written out, which WhatsApp makes tappable.
        lines.push(buttonLine(b, b.payload));
        break;
      case 'viewLocation':
        link(b, mapsUrl(b), null);
        break;
      case 'calendar':
        link(b, calendarUrl(b), calendarWords(b));
        break;
      default:
        // postback, text, and what WhatsApp has no picker for (location, datetime): an answer the bot can match.
        replies.push(b);
    }
  }
  return { replies, links, lines };
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function replyButtons(replies: RenderedButton[]): ReplyButton[] {
  const buttons = replies.map((b): ReplyButton => ({ type: 'reply', reply: { id: choiceId(b, LIMITS.replyId), title: truncate(label(b), LIMITS.replyTitle) } }));
  // WhatsApp refuses two buttons with one id or one title; the runner would match only the first anyway.
  return unique(unique(buttons, (b) => b.reply.id), (b) => b.reply.title);
}

function listRows(replies: RenderedButton[]): ListRow[] {
  return unique(replies.map((b): ListRow => {
    const title = label(b);
    // A title cut for the row is given whole as its description, so nobody picks an option they cannot read.
    const description = title.length > LIMITS.rowTitle ? title : b.description;
    return { id: choiceId(b, LIMITS.rowId), title: truncate(title, LIMITS.rowTitle), ...(description ? { description: truncate(description, LIMITS.rowDescription) } : {}) };
  }), (r) => r.id);
}

/** The message's header: its image, video or document (a file goes as the header of the choices). */
function mediaHeader(media: string, kind: 'image' | 'video' | 'document'): InteractiveHeader {
  const object = mediaObject(media);
  if (kind === 'image') return { type: 'image', image: object };
  if (kind === 'video') return { type: 'video', video: object };
  return { type: 'document', document: { ...object, ...(fileName(media) ? { filename: fileName(media)! } : {}) } };
}

function mediaMessage(media: string, kind: 'image' | 'video' | 'audio' | 'document', caption: string | null): CloudMessage {
  const object: MediaObject = { ...mediaObject(media), ...(caption ? { caption } : {}) };
  switch (kind) {
    case 'image': return { type: 'image', image: object };
    case 'video': return { type: 'video', video: object };
    case 'audio': return { type: 'audio', audio: mediaObject(media) };
    case 'document': return { type: 'document', document: { ...object, ...(fileName(media) ? { filename: fileName(media)! } : {}) } };
  }
}

/** Text WhatsApp would refuse as blank counts as none. */
function present(text: string | null): string | null {
  return text === null || text.trim() === '' ? null : text;
}

/** One card (or the message itself) as Cloud API messages, in order. */
function cardParts(given: Card): CloudMessage[] {
  const card = { ...given, title: present(given.title), text: present(given.text) };
  const { replies, links, lines } = sortChoices(card.choices);
  const kind = card.media === null ? null : (({ image: 'image', video: 'video', audio: 'audio', file: 'document' }) as const)[mediaKind(card.media, card.mediaType)];
  const interactive = replies.length > 0 || (links.length === 1 && lines.length === 0);
  // Links that cannot be a button of their own are written out.
  const linkLines = interactive && replies.length === 0 ? [] : links.map(({ b, url }) => buttonLine(b, url));
  const textHeader = interactive && kind === null && card.title !== null && card.title.length <= LIMITS.headerText ? card.title : null;
  const head = [textHeader === null && card.title !== null ? `*${card.title}*` : null, card.text].filter((p): p is string => p !== null && p !== '').join('\n');
  const extra = [...lines, ...linkLines].join('\n');
  const body = present([head, extra].filter((p) => p !== '').join('\n\n')) ?? '';

  if (!interactive) {
    if (kind === null || card.media === null) return textParts(body);
    // Audio and stickers take no caption; a caption past the limit goes as a text of its own.
    if (kind === 'audio' || body.length > LIMITS.caption) return [mediaMessage(card.media, kind, null), ...textParts(body)];
    return [mediaMessage(card.media, kind, body === '' ? null : body)];
  }

  const parts: CloudMessage[] = [];
  let header: InteractiveHeader | undefined = textHeader === null ? undefined : { type: 'text', text: textHeader };
  if (card.media !== null && kind !== null) {
    if (kind === 'audio') parts.push(mediaMessage(card.media, 'audio', null));
    else header = mediaHeader(card.media, kind);
  }
  // Text past the body's limit goes first, as texts of its own; the last piece stays with the choices.
  const pieces = body === '' ? [] : splitWithShortLast(body, LIMITS.text, LIMITS.interactiveBody);
  const last = pieces.pop() ?? WORDLESS_BODY;
  for (const piece of pieces) parts.push(...textParts(piece));
  const withHeader = header === undefined ? {} : { header };
  let message: Interactive;
  if (replies.length === 0) {
    const { b, url } = links[0]!;
    message = { type: 'cta_url', ...withHeader, body: { text: last }, action: { name: 'cta_url', parameters: { display_text: truncate(label(b), LIMITS.ctaText), url } } };
  } else if (replies.length <= LIMITS.replyButtons) {
    message = { type: 'button', ...withHeader, body: { text: last }, action: { buttons: replyButtons(replies) } };
  } else {
    const rows = listRows(replies);
    const shown = rows.slice(0, LIMITS.listRows);
    // Past ten rows, the rest are named in the body: typing one's title chooses it, as the runner matches titles.
    const more = rows.slice(LIMITS.listRows).map((r) => r.title).join(', ');
    const text = more === '' ? last : truncate(`${last}\n\n${more}`, LIMITS.interactiveBody);
    // A list's header is text only.
    const listHeader = header?.type === 'text' ? { header } : {};
    if (header !== undefined && header.type !== 'text' && card.media !== null) parts.push(mediaMessage(card.media, kind === 'audio' || kind === null ? 'document' : kind, null));
    message = { type: 'list', ...listHeader, body: { text }, action: { button: LIST_BUTTON, sections: [{ rows: shown }] } };
  }
  parts.push({ type: 'interactive', interactive: message });
  return parts;
}

function isMessageObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';
}

export function renderCloudMessages(m: OutboundMessage): Rendered {
  if (m.template !== undefined) {
    const { name, language, components } = m.template;
    return { ok: true, template: true, parts: [{ type: 'template', template: { name, language: { code: language }, ...(components.length > 0 ? { components } : {}) } }] };
  }
  if (m.json !== null) {
    const list: unknown[] = Array.isArray(m.json) ? m.json : [m.json];
    const objects = list.filter(isMessageObject);
    if (objects.length === 0 || objects.length !== list.length) return { ok: false, reason: 'custom JSON for WhatsApp is a Cloud API message object with a "type" (or an array of them)' };
    return { ok: true, template: objects.every((p) => p.type === 'template'), parts: objects };
  }
  const parts: CloudMessage[] = [];
  if (m.carousel.length > 0) {
    // WhatsApp has no carousel outside templates: each card goes as a message of its own, after the message's text.
    parts.push(...textParts([m.title === null ? null : `*${m.title}*`, m.text].filter((p) => p !== null && p !== '').join('\n')));
    for (const card of m.carousel) parts.push(...cardParts({ title: card.title, text: card.description, media: card.media, mediaType: card.mediaType, choices: card.buttons }));
    if (m.buttons.length + m.quickReplies.length > 0) parts.push(...cardParts({ title: null, text: null, media: null, mediaType: null, choices: [...m.buttons, ...m.quickReplies] }));
  } else {
    parts.push(...cardParts({ title: m.title, text: m.text, media: m.media, mediaType: m.mediaType, choices: [...m.buttons, ...m.quickReplies] }));
  }
  if (parts.length === 0) return { ok: false, reason: 'the message has nothing WhatsApp can show (no text, media or choices; forms are asked field by field)' };
  return { ok: true, template: false, parts };
}
