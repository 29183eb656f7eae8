// Expands an expression into the variants it stands for: one per combination of its keyword slots' values and synonyms.
import { normalizeText } from './normalize.js';
import { parseTemplate, slotKeyword } from './template.js';
import type { NluExpression, NluKeywordValue } from './types.js';

export interface Variant {
  text: string;
  /** Slot name to the value this variant fills it with (a keyword slot's canonical value). */
  slots: Record<string, string>;
}

/** Beyond this many combinations, an evenly spread selection is kept: a few slots of many values would otherwise explode. */
export const DEFAULT_VARIANT_LIMIT = 200;

interface Choice {
  text: string;
  value: string;
}

/** The canonical value of a keyword that `sample` names (by value or synonym), else the sample itself. */
function canonical(sample: string, values: readonly NluKeywordValue[] | undefined): string {
  if (values === undefined) return sample;
  const norm = normalizeText(sample);
  for (const v of values) {
    if (normalizeText(v.value) === norm || v.expressions.some((e) => normalizeText(e) === norm)) return v.value;
  }
  return sample;
}

export function expandExpression(
  expression: NluExpression,
  keywords: ReadonlyMap<string, readonly NluKeywordValue[]>,
  limit = DEFAULT_VARIANT_LIMIT,
): Variant[] {
  const parts = parseTemplate(expression);
  // Each part offers its choices: a literal offers itself, a keyword slot every synonym of every value.
  const options: { slot: string | null; choices: Choice[] }[] = parts.map((part) => {
    if ('literal' in part) return { slot: null, choices: [{ text: part.literal, value: '' }] };
    const keyword = slotKeyword(part.slot);
    const values = keyword === null ? undefined : keywords.get(keyword);
    const original: Choice = { text: part.slot.value, value: canonical(part.slot.value, values) };
    if (!expression.generate || values === undefined) return { slot: part.slot.name, choices: [original] };
    const choices: Choice[] = [original];
    const seen = new Set([normalizeText(original.text)]);
    for (const v of values) {
      for (const synonym of [v.value, ...v.expressions]) {
        const key = normalizeText(synonym);
        if (key === '' || seen.has(key)) continue;
        seen.add(key);
        choices.push({ text: synonym, value: v.value });
      }
    }
    return { slot: part.slot.name, choices };
  });
  const total = options.reduce((n, o) => n * o.choices.length, 1);
  const count = Math.min(total, limit);
  const variants: Variant[] = [];
  for (let i = 0; i < count; i++) {
    // Combination number i of `count`, spread over all `total` (mixed-radix digits); 0 is the original text.
    let code = Math.floor((i * total) / count);
    let text = '';
    const slots: Record<string, string> = {};
    for (let p = options.length - 1; p >= 0; p--) {
      const option = options[p]!;
      const choice = option.choices[code % option.choices.length]!;
      code = Math.floor(code / option.choices.length);
      text = choice.text + text;
      if (option.slot !== null) slots[option.slot] = choice.value;
    }
    variants.push({ text, slots });
  }
  return variants;
}
