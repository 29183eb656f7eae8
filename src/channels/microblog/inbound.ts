// A person's DM read into the runtime's MessageEvent: links expanded, the media link dropped, a quick-reply tap's metadata as the payload.
import { messageEvent, type InboundMedia, type MessageEvent } from '../../engine/index.js';
import type { DmActivity, DmMedia } from './activity-events.js';

type DmMessage = Extract<DmActivity, { kind: 'message' }>;

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

function mimeTypeOf(media: DmMedia): string | null {
  if (media.mimeType !== null) return media.mimeType;
  if (media.type !== 'photo') return null;
  const ext = /\.([a-z0-9]{2,5})(?:$|[?#])/i.exec(media.url)?.[1]?.toLowerCase();
  return ext === undefined ? null : IMAGE_TYPES[ext] ?? null;
}

/**
 * The text as the person wrote it: the network appends the t.co link of an attachment (dropped, the media
 * carries it) and shortens every link to t.co (each put back to the address the person typed).
 */
export function readableText(m: DmMessage): string | null {
  let text = m.text;
  const link = m.media?.link ?? null;
  if (link !== null) text = text.split(link).join('');
  for (const u of m.urls) if (u.expanded !== null && u.url !== link) text = text.split(u.url).join(u.expanded);
  text = text.trim();
  return text === '' ? null : text;
}

export function inboundMessage(m: DmMessage): MessageEvent | null {
  const text = readableText(m);
  const media: InboundMedia[] = m.media === null ? [] : [{ url: m.media.url, mimeType: mimeTypeOf(m.media), name: null, size: null }];
  if (text === null && media.length === 0 && m.metadata === null) return null;
  return messageEvent({ text, payload: m.metadata, media });
}
