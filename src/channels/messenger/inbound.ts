// A person's message, quick-reply tap or postback, read into the runtime's MessageEvent; the provider id that deduplicates it.
import { messageEvent, type InboundMedia, type MessageEvent } from '../../engine/index.js';
import { isTruncationOf } from '../shared/text.js';
import { LIMITS } from './send-message.js';
import type { MessagingEvent, WebhookAttachment } from './webhook-events.js';

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'file', 'reel', 'ig_reel', 'sticker']);

/** The thumbs-up button sends one of these stickers (small, medium, large, by how long it was held). */
const THUMBS_UP_STICKERS = new Set(['369239263222822', '369239343222814', '369239383222810']);

export interface InboundMessage {
  /** The platform's id of the message; postbacks of older clients carry none and get one from sender and time. */
  providerMessageId: string | null;
  event: MessageEvent;
}

/**
 * The text a tap sends back: the label the platform showed, or, when that label is our cut of a longer title
 * that doubles as the payload (a button without payload), the full title, which the runner matches.
 */
function tappedText(shown: string | null, payload: string | null): string | null {
  if (shown !== null && payload !== null && isTruncationOf(shown, payload, LIMITS.buttonTitle)) return payload;
  return shown;
}

function mediaOf(a: WebhookAttachment): InboundMedia | null {
  if (!MEDIA_TYPES.has(a.type) || a.url === null) return null;
  // A sticker is an image the person picked; it is named so a bot can tell it from a photo.
  const sticker = a.type === 'sticker' || a.stickerId !== null;
  return { url: a.url, mimeType: null, name: sticker ? `sticker ${a.stickerId ?? ''}`.trim() : a.title, size: null };
}

export function inboundMessage(e: Extract<MessagingEvent, { kind: 'message' | 'postback' }>): InboundMessage | null {
  if (e.kind === 'postback') {
    if (e.payload === null && e.title === null) return null;
    const providerMessageId = e.mid ?? (e.timestamp === null ? null : `postback:${e.sender}:${e.timestamp}`);
    return { providerMessageId, event: messageEvent({ text: tappedText(e.title, e.payload), payload: e.payload }) };
  }
  const media = e.attachments.map(mediaOf).filter((m): m is InboundMedia => m !== null);
  const place = e.attachments.find((a) => a.type === 'location' && a.coordinates !== null);
  const location = place === undefined ? null : { latitude: place.coordinates!.latitude, longitude: place.coordinates!.longitude, label: place.title };
  // A shared link arrives as a "fallback" attachment; its URL is the message when there is no text.
  const link = e.text === null ? e.attachments.find((a) => a.type === 'fallback' && a.url !== null)?.url ?? null : null;
  // The thumbs-up is a sticker; its text is the emoji, so a bot can answer it like a typed 👍.
  const thumbsUp = e.text === null && e.attachments.some((a) => a.stickerId !== null && THUMBS_UP_STICKERS.has(a.stickerId)) ? '👍' : null;
  const text = tappedText(e.text ?? link ?? thumbsUp, e.quickReplyPayload);
  if (text === null && media.length === 0 && location === null && e.quickReplyPayload === null) return null;
  return { providerMessageId: e.mid, event: messageEvent({ text, payload: e.quickReplyPayload, media, location }) };
}
