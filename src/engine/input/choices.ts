// Matching what a human sent against the buttons and quick replies offered: by payload, by title, or by number on text channels.
import type { MessageEvent } from '../events.js';
import { normalizeText } from '../nlu/normalize.js';
import type { Choice } from '../state.js';

function byText(choices: readonly Choice[], text: string, numbered: boolean): Choice | null {
  const t = text.trim();
  if (numbered && /^\d{1,2}$/.test(t)) {
    const choice = choices[Number(t) - 1];
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
