// Matching what a human sent against the buttons and quick replies offered: by payload, by title, or by number on text channels.
import type { MessageEvent } from '../events.js';
import { normalizeText } from '../nlu/normalize.js';
import type { Choice } from '../state.js';

/** Spoken or typed ordinals and number words, for channels where options are numbered (a voice assistant hears "two"). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
};

function optionNumber(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const word = normalizeText(text).replace(/^(?:number|option|the) /, '').replace(/ one$/, '');
  if (/^\d{1,2}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

function byText(choices: readonly Choice[], text: string, numbered: boolean): Choice | null {
  const t = text.trim();
  const n = numbered ? optionNumber(t) : null;
  if (n !== null) {
    const choice = choices[n - 1];
    if (choice !== undefined) return choice;
  }
  const norm = normalizeText(t);
  if (norm === '') return null;
  return choices.find((c) => c.title !== null && normalizeText(c.title) === norm)
    ?? choices.find((c) => c.payload !== null && c.payload === t)
    ?? null;
}

/** The offered choice a message selects: its payload first, then its text. */
export function matchChoice(choices: readonly Choice[], event: MessageEvent, numbered: boolean): Choice | null {
  if (choices.length === 0) return null;
  if (event.payload !== null) {
    const hit = choices.find((c) => c.payload === event.payload);
    if (hit !== undefined) return hit;
  }
  return event.text === null ? null : byText(choices, event.text, numbered);
}

/** Several choices at once ("1, 3", "red and blue"); null unless every part selects one. */
export function matchChoices(choices: readonly Choice[], event: MessageEvent, numbered: boolean): Choice[] | null {
  const single = matchChoice(choices, event, numbered);
  if (single !== null) return [single];
  if (event.text === null) return null;
  const parts = event.text.split(/\s*(?:,|;|\band\b|&)\s*/i).filter((p) => p.trim() !== '');
  if (parts.length < 2) return null;
  const picked: Choice[] = [];
  for (const part of parts) {
    const choice = byText(choices, part, numbered);
    if (choice === null) return null;
    if (!picked.includes(choice)) picked.push(choice);
  }
  return picked;
}

/** The value a chosen option stands for: its payload, else its title. */
export function choiceValue(choice: Choice): string {
  return choice.payload ?? choice.title ?? '';
}
