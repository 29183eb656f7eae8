// One bot message as a voice assistant can say it: its words, the options read out ("You can say: A, B or C"), and what a card shows.
import type { OutboundMessage, RenderedButton } from '../../engine/index.js';
import { speakContent } from './ssml.js';

/** A stretch of speech: plain text (escaped when it goes into SSML) or SSML the bot wrote. */
export type Piece = { kind: 'text'; value: string } | { kind: 'ssml'; value: string };

export interface Utterance {
  pieces: Piece[];
  /** Whether the message offers options to answer by saying one (the session then stays open for the answer). */
  offersChoices: boolean;
  /** Lines of the rich card or carousel it showed, for the companion app's card; null when it showed none. */
  card: { title: string | null; lines: string[] } | null;
}

/**
 * Options answered by saying their title: replies and postbacks. Links, calls, locations, calendar
 * events and pickers need a screen to be followed, so they are not read out.
 */
const SAYABLE = new Set(['postback', 'text']);

function sayable(buttons: readonly RenderedButton[]): string[] {
  return buttons.filter((b) => SAYABLE.has(b.type) && b.title !== null && b.title.trim() !== '').map((b) => b.title!.trim());
}

/** "A", "A or B", "A, B or C". */
export function optionsPhrase(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)!}`;
}

function textPiece(text: string | null): Piece[] {
  if (text === null || text.trim() === '') return [];
  const ssml = speakContent(text);
  return [ssml === null ? { kind: 'text', value: text } : { kind: 'ssml', value: ssml }];
}

const filled = (s: string | null): s is string => s !== null && s.trim() !== '';

/** A card shows text, not markup: a <speak> document's tags are dropped and its entities read back. */
function cardText(text: string | null): string | null {
  if (text === null) return null;
  const ssml = speakContent(text);
  if (ssml === null) return text;
  return ssml.replace(/<[^>]*>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ').trim();
}

export function utteranceOf(m: OutboundMessage): Utterance {
  const pieces: Piece[] = [...textPiece(m.title), ...textPiece(m.text)];
  for (const card of m.carousel) pieces.push(...textPiece(card.title), ...textPiece(card.description));

  const seen = new Set<string>();
  const choices = [...sayable(m.buttons), ...m.carousel.flatMap((c) => sayable(c.buttons)), ...sayable(m.quickReplies)]
    .filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  if (choices.length > 0) pieces.push({ kind: 'text', value: `You can say: ${optionsPhrase(choices)}.` });

  let card: Utterance['card'] = null;
  if (m.richCard !== null || m.carousel.length > 0) {
    const lines = [cardText(m.text), ...m.carousel.map((c) => [c.title, c.description].filter(filled).join(' — '))].filter(filled);
    card = { title: m.title, lines };
  }
  return { pieces, offersChoices: choices.length > 0, card };
}
