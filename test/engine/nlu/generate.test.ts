// generate: true expansion of expressions with keyword values, and slot filling from a message.
import { describe, expect, it } from 'vitest';
import { expandExpression } from '../../../src/engine/nlu/generate.js';
import { KeywordMatcher } from '../../../src/engine/nlu/keywords.js';
import { tokenize } from '../../../src/engine/nlu/normalize.js';
import { fillSlots, slotTemplate, type SlotTemplate } from '../../../src/engine/nlu/slots.js';
import type { NluExpression, NluKeyword } from '../../../src/engine/nlu/types.js';

const size: NluKeyword = {
  name: 'size',
  values: [
    { value: 'small', expressions: ['little'] },
    { value: 'large', expressions: ['big'] },
  ],
};
const keywords = new Map([[size.name, size.values]]);
const order: NluExpression = {
  text: 'I want a large pizza',
  generate: true,
  slots: [{ name: 'size', type: 'keyword:size', value: 'large' }],
  excludeContext: null,
};

describe('generate expansion', () => {
  it('expands a keyword slot with every value and synonym, filling the slot with the canonical value', () => {
    expect(expandExpression(order, keywords)).toEqual([
      { text: 'I want a large pizza', slots: { size: 'large' } },
      { text: 'I want a small pizza', slots: { size: 'small' } },
      { text: 'I want a little pizza', slots: { size: 'small' } },
      { text: 'I want a big pizza', slots: { size: 'large' } },
    ]);
  });

  it('keeps the text as written when generate is false', () => {
    expect(expandExpression({ ...order, generate: false }, keywords)).toEqual([{ text: 'I want a large pizza', slots: { size: 'large' } }]);
  });

  it('leaves slots of other types and unknown keywords as their sample', () => {
    const booking: NluExpression = {
      text: 'a table for Alice, large room',
      generate: true,
      slots: [
        { name: 'guest', type: 'text', value: 'Alice' },
        { name: 'room', type: 'keyword:roomSize', value: 'large' },
      ],
      excludeContext: null,
    };
    expect(expandExpression(booking, keywords)).toEqual([{ text: 'a table for Alice, large room', slots: { guest: 'Alice', room: 'large' } }]);
  });

  it('combines several slots and caps the number of variants with an even spread', () => {
    const two: NluExpression = {
      text: 'swap small for large',
      generate: true,
      slots: [
        { name: 'from', type: 'keyword:size', value: 'small' },
        { name: 'to', type: 'keyword:size', value: 'large' },
      ],
      excludeContext: null,
    };
    const all = expandExpression(two, keywords);
    expect(all).toHaveLength(16);
    expect(all).toContainEqual({ text: 'swap little for big', slots: { from: 'small', to: 'large' } });
    const capped = expandExpression(two, keywords, 5);
    expect(capped).toHaveLength(5);
    expect(capped[0]).toEqual({ text: 'swap small for large', slots: { from: 'small', to: 'large' } });
  });
});

describe('slot filling', () => {
  const matcher = new KeywordMatcher([size]);
  const templates = (expressions: NluExpression[]): SlotTemplate[] => expressions.map(slotTemplate).filter((t): t is SlotTemplate => t !== null);
  const fill = (text: string, expressions: NluExpression[]) => fillSlots(text, tokenize(text), templates(expressions), matcher);

  it('fills keyword slots anywhere in the message, typos included', () => {
    expect(fill('Could I get a BIG one', [order])).toEqual({ size: 'large' });
    expect(fill('one smal pizza', [order])).toEqual({ size: 'small' });
    expect(fill('one pizza', [order])).toEqual({});
  });

  it('gives several slots of one keyword the hits in message order', () => {
    const swap: NluExpression = {
      text: 'swap small for large',
      generate: true,
      slots: [
        { name: 'from', type: 'keyword:size', value: 'small' },
        { name: 'to', type: 'keyword:size', value: 'large' },
      ],
      excludeContext: null,
    };
    expect(fill('change big to little', [swap])).toEqual({ from: 'large', to: 'small' });
  });

  it('captures free slots from the original text where the message aligns with an expression', () => {
    const book: NluExpression = { text: 'book a table for Alice tonight', generate: true, slots: [{ name: 'guest', type: 'text', value: 'Alice' }], excludeContext: null };
    expect(fill('Book a tabel for Chloé Dupont tonight', [book])).toEqual({ guest: 'Chloé Dupont' });
  });

  it('falls back to the words around the slot when the rest of the message differs', () => {
    const book: NluExpression = { text: 'book a table for Alice', generate: true, slots: [{ name: 'guest', type: 'text', value: 'Alice' }], excludeContext: null };
    expect(fill('could you reserve a table for Maria Lopez', [book])).toEqual({ guest: 'Maria Lopez' });
    expect(fill('reserve something', [book])).toEqual({});
  });
});
