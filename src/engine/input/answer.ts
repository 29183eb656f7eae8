// Reading a waitFor's answer: the first of the wait's data kinds that the message satisfies gives the stored value.
import type { WaitData } from '../definition/model.js';
import type { MessageEvent } from '../events.js';
import type { Choice } from '../state.js';
import { choiceValue, matchChoice, matchChoices } from './choices.js';
import { parseCoordinates } from './coordinates.js';
import { parseDateTime } from './datetime.js';
import { parseDistance, parseMoney, parseNumber } from './numbers.js';

export interface AnswerContext {
  choices: readonly Choice[];
  numberedChoices: boolean;
  now: Date;
  timeZone: string;
}

/** The stored text of an answer, or null when the message is not an answer of this kind. */
function answerOf(kind: WaitData, event: MessageEvent, ctx: AnswerContext): string | null {
  const text = event.text !== null && event.text.trim() !== '' ? event.text.trim() : null;
  switch (kind) {
    case 'message':
      if (text !== null) return text;
      if (event.media[0] !== undefined) return JSON.stringify(event.media[0]);
      if (event.location !== null) return JSON.stringify(event.location);
      return event.payload;
    case 'text':
      return text;
    case 'number':
      return text === null ? null : parseNumber(text);
    case 'money': {
      const money = text === null ? null : parseMoney(text);
      return money === null ? null : JSON.stringify(money);
    }
    case 'distance': {
      const distance = text === null ? null : parseDistance(text);
      return distance === null ? null : JSON.stringify(distance);
    }
    case 'coordinates': {
      const coordinates = parseCoordinates(text, event.location);
      return coordinates === null ? null : JSON.stringify(coordinates);
    }
    case 'datetime':
      return text === null ? null : parseDateTime(text, ctx.now, ctx.timeZone);
    case 'file':
      return event.media[0] === undefined ? null : JSON.stringify(event.media[0]);
    case 'quick reply': {
      const choice = matchChoice(ctx.choices, event, ctx.numberedChoices);
      return choice === null ? null : choiceValue(choice);
    }
    case 'multi select': {
      const picked = matchChoices(ctx.choices, event, ctx.numberedChoices);
      return picked === null ? null : JSON.stringify(picked.map(choiceValue));
    }
  }
}

/** The first kind (in the order written) the message satisfies; a wait without kinds takes any message. */
export function readAnswer(kinds: readonly WaitData[], event: MessageEvent, ctx: AnswerContext): string | null {
  for (const kind of kinds.length === 0 ? (['message'] as const) : kinds) {
    const value = answerOf(kind, event, ctx);
    if (value !== null) return value;
  }
  return null;
}
