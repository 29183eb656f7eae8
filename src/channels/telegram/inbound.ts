// A person's Telegram message or button tap read into the runtime's MessageEvent: text, /start, files (at Parley's URL), places, contacts.
import { type InboundMedia, messageEvent, type MessageEvent } from '../../engine/index.js';
import type { TgCallbackQuery, TgMessage } from './update.js';

export interface InboundMessage {
  event: MessageEvent;
  /** The file_ids the message carries, to be read from Telegram and kept. */
  fileIds: string[];
  /** A /start command (the Start button, or a t.me/<bot>?start=<payload> link): its payload, null without one. */
  start: { payload: string | null } | null;
  /** The person's own phone number (E.164), when they shared their own contact (Telegram checked it); null otherwise. */
  ownPhone: string | null;
}

/** The URL a file is seen at (MediaPort.urlOf for the channel). */
export type MediaUrl = (fileId: string) => string;

/** `/start`, `/start@botname`, with what follows (a deep link's payload: up to 64 letters, digits, _ and -; typed, anything). */
const START = /^\/start(?:@[A-Za-z0-9_]{1,64})?(?:\s+([\s\S]+))?$/;

/** Longest start payload kept (a deep link's is 64 characters; one typed by hand may be anything). */
const MAX_PAYLOAD = 512;

function e164(phone: string): string | null {
  const digits = phone.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

function mediaOf(m: TgMessage): { file: Omit<InboundMedia, 'url'> & { fileId: string }; text: string | null } | null {
  const largest = m.photo?.at(-1);
  if (largest !== undefined) return { file: { fileId: largest.file_id, mimeType: 'image/jpeg', name: null, size: largest.file_size ?? null }, text: null };
  const kinds = [
    [m.document, null], [m.video, 'video/mp4'], [m.audio, 'audio/mpeg'], [m.voice, 'audio/ogg'], [m.video_note, 'video/mp4'], [m.animation, 'video/mp4'],
  ] as const;
  for (const [f, mime] of kinds) {
    if (f !== undefined) return { file: { fileId: f.file_id, mimeType: f.mime_type ?? mime, name: f.file_name ?? null, size: f.file_size ?? null }, text: null };
  }
  // A sticker says what it says with its emoji: that is its text.
  if (m.sticker !== undefined) return { file: { fileId: m.sticker.file_id, mimeType: null, name: 'sticker', size: null }, text: m.sticker.emoji ?? null };
  return null;
}

export function inboundMessage(m: TgMessage, mediaUrl: MediaUrl, edited: boolean): InboundMessage | null {
  const none = { fileIds: [], start: null, ownPhone: null };
  if (m.text !== undefined) {
    if (m.text.trim() === '') return null;
    const start = edited ? null : START.exec(m.text.trim());
    const payload = start?.[1]?.trim().slice(0, MAX_PAYLOAD) || null;
    return { event: messageEvent({ text: m.text }), ...none, start: start === null ? null : { payload } };
  }
  const media = mediaOf(m);
  if (media !== null) {
    const { fileId, ...file } = media.file;
    return { event: messageEvent({ text: m.caption ?? media.text, media: [{ url: mediaUrl(fileId), ...file }] }), ...none, fileIds: [fileId] };
  }
  if (m.venue !== undefined || m.location !== undefined) {
    const at = m.venue?.location ?? m.location!;
    const label = [m.venue?.title, m.venue?.address].filter((p) => p !== undefined && p !== '').join(', ') || null;
    return { event: messageEvent({ location: { latitude: at.latitude, longitude: at.longitude, label } }), ...none };
  }
  if (m.contact !== undefined) {
    const c = m.contact;
    const text = [[c.first_name, c.last_name].filter((p) => p !== undefined && p !== '').join(' '), c.phone_number].filter((p) => p !== '').join(', ');
    const own = c.user_id !== undefined && c.user_id === m.from?.id;
    return { event: messageEvent({ text }), ...none, ownPhone: own ? e164(c.phone_number) : null };
  }
  return null;
}

/**
 * A tap on a callback button: its data as the payload, and as the text the button's own title, read from the keyboard
 * of the message it was under (the runner matches titles when the data had to be cut to 64 bytes).
 */
export function tappedEvent(query: TgCallbackQuery): MessageEvent | null {
  if (query.data === undefined || query.data === '') return null;
  const button = query.message?.reply_markup?.inline_keyboard?.flat().find((b) => b.callback_data === query.data);
  return messageEvent({ text: button?.text ?? query.data, payload: query.data });
}
