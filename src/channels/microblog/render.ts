// A rendered bot message as the DMs that show it: text (title, text, links, cards as text blocks), quick-reply options on the last DM, media on the first.
import type { MediaType, OutboundMessage, RenderedCard } from '../../engine/index.js';
import { splitText } from '../shared/text.js';
import { mapButtons } from './buttons.js';
import { DM_LIMITS, type MessageData, type QuickReplyOption } from './dm-event.js';

/** The DM API needs text; a DM of options alone gets this. */
export const NO_TEXT = '…';

export interface MessageMedia {
  url: string;
  mediaType: MediaType | null;
}

export type RenderedDms =
  | { kind: 'dms'; body: string; options: QuickReplyOption[]; media: MessageMedia | null }
  /** Custom JSON with a `message_data` object: sent as written, for API features the definition has no field for. */
  | { kind: 'custom'; data: MessageData }
  | { kind: 'empty'; reason: string };

function joinLines(lines: readonly (string | null)[]): string {
  return lines.filter((l): l is string => l !== null && l.trim() !== '').join('\n');
}

function customData(json: OutboundMessage['json']): MessageData | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const data = json.message_data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as unknown as MessageData) : null;
}

/** A card as a block of text: title, description, its media as a link, its link buttons as lines; its answering buttons become options. */
function cardBlock(card: RenderedCard): { text: string; options: QuickReplyOption[] } {
  const mapped = mapButtons(card.buttons);
  return { text: joinLines([card.title, card.description, card.media, ...mapped.lines]), options: mapped.options };
}

export function renderDms(m: OutboundMessage): RenderedDms {
  const custom = customData(m.json);
  if (custom !== null) return { kind: 'custom', data: custom };
  const own = mapButtons([...m.buttons, ...m.quickReplies]);
  const blocks = [joinLines([m.title, m.text, ...own.lines])];
  const options = [...own.options];
  for (const card of m.carousel) {
    const block = cardBlock(card);
    blocks.push(block.text);
    options.push(...block.options);
  }
  // Past the API's 20 options, the rest are named in the text: typing a label selects it as a tap would.
  const extra = options.slice(DM_LIMITS.quickReplyOptions).map((o) => o.label);
  if (extra.length > 0) blocks.push(joinLines(extra));
  const body = blocks.filter((b) => b !== '').join('\n\n');
  const media = m.media === null || m.media.trim() === '' ? null : { url: m.media.trim(), mediaType: m.mediaType };
  if (body === '' && options.length === 0 && media === null) return { kind: 'empty', reason: 'the message has nothing a DM can show' };
  return { kind: 'dms', body, options: options.slice(0, DM_LIMITS.quickReplyOptions), media };
}

/**
 * The DMs of a rendering, in order: the media attached to the first (its uploaded id), or, when it could not be
 * uploaded, its URL as the first line; the text split at 10,000 characters; the options under the last.
 */
export function assembleDms(r: Extract<RenderedDms, { kind: 'dms' }>, attachedMediaId: string | null): MessageData[] {
  const text = attachedMediaId === null && r.media !== null ? joinLines([r.media.url, r.body]) : r.body;
  const pieces = splitText(text, DM_LIMITS.text);
  // A DM with an attachment may have empty text; one with options alone gets a placeholder.
  if (pieces.length === 0) pieces.push(attachedMediaId !== null ? '' : NO_TEXT);
  const dms: MessageData[] = pieces.map((piece) => ({ text: piece }));
  if (attachedMediaId !== null) dms[0]!.attachment = { type: 'media', media: { id: attachedMediaId } };
  if (r.options.length > 0) dms[dms.length - 1]!.quick_reply = { type: 'options', options: r.options };
  return dms;
}
