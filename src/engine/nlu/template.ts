// An expression read as a template: literal text with holes where its slots' sample values sit.
import type { NluExpression, NluSlot } from './types.js';

export type TemplatePart = { literal: string } | { slot: NluSlot };

/** Splits the expression's text around the first occurrence (case-insensitive) of each slot's sample value, in text order. */
export function parseTemplate(expression: NluExpression): TemplatePart[] {
  const text = expression.text;
  const lower = text.toLowerCase();
  const spans: { start: number; end: number; slot: NluSlot }[] = [];
  for (const slot of expression.slots) {
    const sample = slot.value.toLowerCase();
    if (sample === '') continue;
    let from = 0;
    for (;;) {
      const at = lower.indexOf(sample, from);
      if (at < 0) break;
      const end = at + sample.length;
      // The same sample written twice ("from paris to paris") fills two slots, one occurrence each.
      if (spans.every((s) => end <= s.start || at >= s.end)) {
        spans.push({ start: at, end, slot });
        break;
      }
      from = at + 1;
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push({ literal: text.slice(at, span.start) });
    parts.push({ slot: span.slot });
    at = span.end;
  }
  if (at < text.length) parts.push({ literal: text.slice(at) });
  return parts;
}

/** The keyword a slot references, or null for a slot of another type. */
export function slotKeyword(slot: NluSlot): string | null {
  return slot.type.startsWith('keyword:') ? slot.type.slice('keyword:'.length) : null;
}
