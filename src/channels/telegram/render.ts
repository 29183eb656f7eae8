// A bot message as Bot API calls: text (split past 4,096), photos, videos, audio and documents with captions, inline keyboards.
import type { OutboundMessage, RenderedButton, RenderedCard } from '../../engine/index.js';
import { httpUrl } from '../shared/button-text.js';
import { mediaKind } from '../shared/media-kind.js';
import { splitText } from '../shared/text.js';
import { type BoldEntity, type BotCall, CUSTOM_METHOD, type InlineButton, LIMITS, MEDIA_FIELD, type MediaMethod } from './bot-message.js';
import { keyboardOf } from './keyboard.js';

export type Rendered = { ok: true; calls: BotCall[] } | { ok: false; reason: string };

/** A text for a keyboard sent without words (Telegram requires one): a pointer at the buttons, in no language. */
const WORDLESS = '👇';

const METHOD_OF: Record<'image' | 'video' | 'audio' | 'file', MediaMethod> = { image: 'sendPhoto', video: 'sendVideo', audio: 'sendAudio', file: 'sendDocument' };

/** A file_id Telegram gave for a file it keeps: sent again without being fetched. */
const FILE_ID = /^[A-Za-z0-9_-]{20,200}$/;

interface Card {
  title: string | null;
  text: string | null;
  media: string | null;
  mediaType: RenderedCard['mediaType'];
  buttons: RenderedButton[];
  quickReplies: RenderedButton[];
}

/** The card's words: its title in bold (an entity, so nothing needs escaping), its text, and lines for what no button shows. */
function words(card: Card, lines: string[]): { text: string; bold: BoldEntity | null } {
  const title = card.title !== null && card.title.trim() !== '' ? card.title : null;
  const rest = [card.text, lines.join('\n')].filter((p): p is string => p !== null && p.trim() !== '').join('\n\n');
  const text = [title, rest].filter((p) => p !== null && p !== '').join('\n');
  return { text, bold: title === null ? null : { type: 'bold', offset: 0, length: title.length } };
}

function markup(rows: InlineButton[][]): Record<string, unknown> {
  return rows.length === 0 ? {} : { reply_markup: { inline_keyboard: rows } };
}

/** Text calls, the title's bold on the first when it fits there whole, the keyboard on the last. */
function textCalls(text: string, bold: BoldEntity | null, rows: InlineButton[][]): BotCall[] {
  const pieces = text === '' ? (rows.length > 0 ? [WORDLESS] : []) : splitText(text, LIMITS.text);
  return pieces.map((piece, i) => ({
    method: 'sendMessage',
    params: {
      text: piece,
      ...(i === 0 && bold !== null && piece.startsWith(text.slice(0, bold.length)) ? { entities: [bold] } : {}),
      ...(i === pieces.length - 1 ? markup(rows) : {}),
    },
  }));
}

/** One card (or the message itself) as calls, in order. */
function cardCalls(card: Card, media: string | null): BotCall[] {
  const keyboard = keyboardOf(card.buttons, card.quickReplies);
  const { text, bold } = words(card, keyboard.lines);
  if (media === null || card.media === null) return textCalls(text, bold, keyboard.rows);
  const method = METHOD_OF[mediaKind(card.media, card.mediaType)];
  const file = { [MEDIA_FIELD[method]]: media };
  // A caption past its limit goes as texts of its own after the file, the keyboard under the last.
  if (text.length > LIMITS.caption) return [{ method, params: file }, ...textCalls(text, bold, keyboard.rows)];
  return [{
    method,
    params: { ...file, ...(text === '' ? {} : { caption: text }), ...(bold === null ? {} : { caption_entities: [bold] }), ...markup(keyboard.rows) },
  }];
}

/** What Telegram is given for a media value: an http(s) URL it fetches, or a file_id it keeps; null for anything else. */
function mediaValue(value: string | null): string | null | undefined {
  if (value === null) return null;
  return httpUrl(value) ?? (FILE_ID.test(value.trim()) ? value.trim() : undefined);
}

function customCalls(json: NonNullable<OutboundMessage['json']>): Rendered {
  const list: unknown[] = Array.isArray(json) ? json : [json];
  const calls: BotCall[] = [];
  for (const item of list) {
    const o = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
    if (o === null || typeof o.method !== 'string' || !CUSTOM_METHOD.test(o.method)) {
      return { ok: false, reason: 'custom JSON for Telegram is a {"method": "send…", …parameters} object (or an array of them) naming a Bot API sending method' };
    }
    const { method, chat_id: _chat, ...params } = o;
    calls.push({ method, params });
  }
  return calls.length === 0 ? { ok: false, reason: 'the custom JSON is an empty array' } : { ok: true, calls };
}

export function renderBotCalls(m: OutboundMessage): Rendered {
  if (m.template !== undefined) return { ok: false, reason: 'Telegram has no message templates (templates are WhatsApp\'s): send text, media or buttons' };
  if (m.json !== null) return customCalls(m.json);
  const calls: BotCall[] = [];
  const media = (value: string | null): string | null => {
    const v = mediaValue(value);
    if (v === undefined) throw new MediaProblem(value ?? '');
    return v;
  };
  try {
    if (m.carousel.length > 0) {
      // Telegram has no carousel: the message's words first, each card as a message of its own, the choices last.
      calls.push(...cardCalls({ title: m.title, text: m.text, media: m.media, mediaType: m.mediaType, buttons: [], quickReplies: [] }, media(m.media)));
      for (const c of m.carousel) {
        calls.push(...cardCalls({ title: c.title, text: c.description, media: c.media, mediaType: c.mediaType, buttons: c.buttons, quickReplies: [] }, media(c.media)));
      }
      if (m.buttons.length + m.quickReplies.length > 0) {
        calls.push(...cardCalls({ title: null, text: null, media: null, mediaType: null, buttons: m.buttons, quickReplies: m.quickReplies }, null));
      }
    } else {
      calls.push(...cardCalls({ title: m.title, text: m.text, media: m.media, mediaType: m.mediaType, buttons: m.buttons, quickReplies: m.quickReplies }, media(m.media)));
    }
  } catch (err) {
    if (err instanceof MediaProblem) return { ok: false, reason: err.message };
    throw err;
  }
  if (calls.length === 0) return { ok: false, reason: 'the message has nothing Telegram can show (no text, media or choices; forms are asked field by field)' };
  return { ok: true, calls };
}

class MediaProblem extends Error {
  constructor(value: string) {
    super(`the media "${value.slice(0, 80)}" is neither an http(s) URL Telegram can fetch nor a Telegram file_id`);
  }
}
