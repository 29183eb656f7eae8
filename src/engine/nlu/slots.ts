// Fills an intent's slots from a message: keyword slots by keyword search, other slots by aligning the message with an expression.
import { boundedDistance, typoBudget } from './edit-distance.js';
import type { KeywordMatcher } from './keywords.js';
import { words, type Token } from './normalize.js';
import { parseTemplate, slotKeyword, type TemplatePart } from './template.js';
import type { NluExpression, NluSlot } from './types.js';

type Item = { word: string } | { hole: NluSlot };

/**
 * Most words a hole takes when literal words follow it. Without a bound, aligning a message of n
 * words costs O(n²) per hole ("book to to to … to"); with it, alignment stays linear in the
 * message. A hole at the end of an expression takes the rest of the message, however long.
 */
export const MAX_INNER_SLOT_WORDS = 24;

/** An expression prepared for slot filling: its words, with a hole per slot. */
export interface SlotTemplate {
  items: Item[];
  slots: NluSlot[];
}

export function slotTemplate(expression: NluExpression): SlotTemplate | null {
  if (expression.slots.length === 0) return null;
  const parts: TemplatePart[] = parseTemplate(expression);
  const items: Item[] = [];
  const slots: NluSlot[] = [];
  for (const part of parts) {
    if ('literal' in part) for (const word of words(part.literal)) items.push({ word });
    else {
      items.push({ hole: part.slot });
      slots.push(part.slot);
    }
  }
  return slots.length === 0 ? null : { items, slots };
}

/**
 * Aligns the message's words with a template: literal words must match (within the typo
 * budget), each hole takes one or more words. Returns the word range of each hole, or null.
 */
function align(items: readonly Item[], tokens: readonly Token[]): Map<NluSlot, [number, number]> | null {
  const failed = new Set<number>();
  const spans = new Map<NluSlot, [number, number]>();
  const walk = (i: number, t: number): boolean => {
    if (i === items.length) return t === tokens.length;
    const key = i * (tokens.length + 1) + t;
    if (failed.has(key)) return false;
    const item = items[i]!;
    if ('word' in item) {
      const token = tokens[t];
      const budget = typoBudget(item.word.length);
      if (token !== undefined && boundedDistance(token.norm, item.word, budget) <= budget && walk(i + 1, t + 1)) return true;
    } else if (i === items.length - 1) {
      // The last hole takes everything left, if anything is.
      if (t < tokens.length) {
        spans.set(item.hole, [t, tokens.length]);
        return true;
      }
    } else {
      // Shortest capture first: the words after a hole are more often literal than part of the value.
      const last = Math.min(tokens.length, t + MAX_INNER_SLOT_WORDS);
      for (let end = t + 1; end <= last; end++) {
        if (walk(i + 1, end)) {
          spans.set(item.hole, [t, end]);
          return true;
        }
      }
    }
    failed.add(key);
    return false;
  };
  return walk(0, 0) ? spans : null;
}

const wordMatches = (token: Token | undefined, word: string): boolean => {
  if (token === undefined) return false;
  const budget = typoBudget(word.length);
  return boundedDistance(token.norm, word, budget) <= budget;
};

/**
 * Fallback when the whole message does not align: a hole is found by the (up to two) literal
 * words just before it, and runs to the literal word just after it or to the end of the message.
 * "could you reserve a table for Maria" fills {guest} of "book a table for {guest}" this way.
 */
function anchor(items: readonly Item[], at: number, tokens: readonly Token[]): [number, number] | null {
  const before: string[] = [];
  for (let i = at - 1; i >= 0 && before.length < 2; i--) {
    const item = items[i]!;
    if (!('word' in item)) break;
    before.unshift(item.word);
  }
  const next = items[at + 1];
  const after = next !== undefined && 'word' in next ? next.word : null;
  if (before.length === 0) return null;
  for (let t = 0; t + before.length < tokens.length; t++) {
    if (!before.every((w, k) => wordMatches(tokens[t + k], w))) continue;
    const from = t + before.length;
    let to = from + 1;
    if (after !== null) {
      const last = Math.min(tokens.length, from + MAX_INNER_SLOT_WORDS);
      while (to < last && !wordMatches(tokens[to], after)) to++;
      if (to === last && !wordMatches(tokens[to], after)) continue;
    } else if (at + 1 === items.length) to = tokens.length;
    return [from, to];
  }
  return null;
}

/**
 * The slot values a message fills for a matched intent. A keyword slot takes the keyword's
 * canonical value found anywhere in the message (several slots of one keyword take the hits in
 * order); any other slot takes the original text its hole covers in the first expression that aligns.
 */
export function fillSlots(text: string, tokens: readonly Token[], templates: readonly SlotTemplate[], keywords: KeywordMatcher): Record<string, string> {
  const filled: Record<string, string> = {};
  if (templates.length === 0) return filled;
  const norms = tokens.map((t) => t.norm);
  const byKeyword = new Map<string, string[]>();
  const free: string[] = [];
  for (const template of templates) {
    for (const slot of template.slots) {
      const keyword = slotKeyword(slot);
      if (keyword === null) {
        if (!free.includes(slot.name)) free.push(slot.name);
        continue;
      }
      const names = byKeyword.get(keyword) ?? [];
      if (!names.includes(slot.name)) names.push(slot.name);
      byKeyword.set(keyword, names);
    }
  }
  for (const [keyword, names] of byKeyword) {
    const hits = keywords.find(norms, keyword);
    names.forEach((name, i) => {
      const hit = hits[i];
      if (hit !== undefined) filled[name] = hit.value;
    });
  }
  if (free.length === 0) return filled;
  const missing = (slot: NluSlot) => slotKeyword(slot) === null && filled[slot.name] === undefined;
  const take = (slot: NluSlot, [from, to]: [number, number]) => {
    filled[slot.name] = text.slice(tokens[from]!.start, tokens[to - 1]!.end);
  };
  for (const template of templates) {
    if (!template.slots.some(missing)) continue;
    const spans = align(template.items, tokens);
    if (spans !== null) for (const [slot, span] of spans) if (missing(slot)) take(slot, span);
  }
  for (const template of templates) {
    template.items.forEach((item, at) => {
      if (!('hole' in item) || !missing(item.hole)) return;
      const span = anchor(template.items, at, tokens);
      if (span !== null) take(item.hole, span);
    });
  }
  return filled;
}
