// What a voice assistant would say for a message: its text spoken, choices read out as what the person can say, pictures not shown.
import type { OutboundMessage, RenderedButton } from '../../engine/outbound.js';

/**
 * The alx channel has no renderer of its own yet; when it has one (speech and SSML for the custom-skill response),
 * the simulator should call it instead of this.
 */
export interface VoiceView {
  kind: 'voice';
  speech: string;
  /** The answers the bot understands as choices: a person says one of them (or anything else). */
  options: string[];
}

const ANSWERING = new Set(['postback', 'text']);

/** A sentence as it is said: ended, so the next one does not run into it. */
function ended(text: string): string {
  return /[.!?:;…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function spokenList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export function renderVoice(m: OutboundMessage): { ok: true; view: VoiceView } | { ok: false; reason: string } {
  const sentences: string[] = [m.title, m.text].filter((t): t is string => t !== null && t !== '');
  const options: string[] = [];
  const take = (buttons: readonly RenderedButton[]) => {
    // Two cards' "Order" buttons are one thing to say.
    for (const b of buttons) if (ANSWERING.has(b.type) && b.title !== null && !options.includes(b.title)) options.push(b.title);
  };
  take(m.buttons);
  for (const card of m.carousel) {
    const said = [card.title, card.description].filter((t): t is string => t !== null && t !== '').join(': ');
    if (said !== '') sentences.push(said);
    take(card.buttons);
  }
  take(m.quickReplies);
  if (options.length > 0) sentences.push(`You can say ${spokenList(options)}.`);
  if (sentences.length === 0) return { ok: false, reason: 'the message has nothing a voice assistant can say (only media, custom JSON or a form)' };
  return { ok: true, view: { kind: 'voice', speech: sentences.map(ended).join(' '), options } };
}
