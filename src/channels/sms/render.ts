// An outbound message as a text message: rich content degraded to lines of text, choices numbered the way the runner reads numbers back.
import type { OutboundMessage, RenderedButton, RenderedCard } from '../../engine/index.js';

export interface RenderedSms {
  text: string;
  /** Media URLs sent as MMS attachments (empty when the transport cannot carry them: the link is in the text). */
  media: string[];
}

/**
 * Button and quick-reply types whose click comes back to the bot as a choice, as the engine collects
 * them (src/engine/actions/message.ts, ANSWERING): numbered here in the same order the runner numbers
 * them (buttons, then quick replies, then each carousel card's buttons), so "2" picks the second.
 */
const ANSWERING = new Set(['postback', 'text']);

function mapsLink(b: RenderedButton): string | null {
  if (b.latLong !== null) return `https://maps.google.com/?q=${b.latLong.latitude},${b.latLong.longitude}`;
  if (b.query !== null) return `https://maps.google.com/?q=${encodeURIComponent(b.query)}`;
  return null;
}

/** The line a button that is not a choice becomes; null when it means nothing in a text message (share location, pick a date). */
function actionLine(b: RenderedButton): string | null {
  const title = b.title ?? b.label;
  switch (b.type) {
    case 'weburl':
    case 'call':
      if (b.payload === null) return null;
      return title === null ? b.payload : `${title}: ${b.payload}`;
    case 'viewLocation': {
      const link = mapsLink(b);
      if (link === null) return null;
      return `${b.label ?? b.title ?? 'Location'}: ${link}`;
    }
    case 'calendar': {
      if (b.eventTitle === null && b.startTime === null) return null;
      const when = [b.startTime, b.endTime].filter((t) => t !== null).join(' - ');
      return [title ?? b.eventTitle, when].filter((p) => p !== null && p !== '').join(': ');
    }
    default:
      return null;
  }
}

class Numbering {
  private next = 1;

  lines(buttons: readonly RenderedButton[]): string[] {
    const out: string[] = [];
    for (const b of buttons) {
      if (ANSWERING.has(b.type)) {
        out.push(`${this.next}. ${b.title ?? b.payload ?? ''}`);
        this.next += 1;
        continue;
      }
      const line = actionLine(b);
      if (line !== null) out.push(line);
    }
    return out;
  }
}

function cardBlock(card: RenderedCard, numbering: Numbering): string[] {
  return [card.title, card.description, card.media, ...numbering.lines(card.buttons)].filter((l): l is string => l !== null && l !== '');
}

/** `mms`: the transport sends the message's media as an attachment; otherwise its URL goes in the text. */
export function renderSms(message: OutboundMessage, options: { mms: boolean }): RenderedSms {
  const blocks: string[][] = [];
  const head = [message.title, message.text].filter((l): l is string => l !== null && l !== '');
  const media: string[] = [];
  if (message.media !== null && message.media !== '') {
    if (options.mms) media.push(message.media);
    else head.push(message.media);
  }
  blocks.push(head);
  const numbering = new Numbering();
  blocks.push(numbering.lines([...message.buttons, ...message.quickReplies]));
  for (const card of message.carousel) blocks.push(cardBlock(card, numbering));
  const text = blocks.filter((b) => b.length > 0).map((b) => b.join('\n')).join('\n\n');
  return { text, media };
}
