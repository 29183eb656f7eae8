// Property tests: the recognizer answers (a result or null, never an exception) for any text, and trains on odd definitions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nluDefinitionFrom, trainRecognizer, type Recognizer, type RecognizerResult } from '../../../src/engine/nlu/index.js';
import { pizzaBot } from './fixture.js';

const pizza = trainRecognizer(nluDefinitionFrom(pizzaBot), { classifier: { minUpdates: 2_000 } });
const flights = trainRecognizer(
  nluDefinitionFrom({
    interactions: [
      {
        name: 'fly',
        intents: [
          {
            name: 'fly',
            expressions: [
              { text: 'fly from Paris to Rome please', slots: [{ name: 'from', type: 'text', value: 'Paris' }, { name: 'to', type: 'text', value: 'Rome' }] },
              { text: 'a flight to Rome', slots: [{ name: 'to', type: 'keyword:city', value: 'Rome' }] },
              'book a flight',
            ],
          },
        ],
        keywords: [{ name: 'city', values: [{ value: 'Rome', expressions: ['roma'] }, { value: 'Paris', expressions: [] }] }],
        actions: [],
      },
    ],
  }),
  { classifier: { minUpdates: 2_000 } },
);

/** A well-formed answer: a known interaction, a confidence in 0–1, string slots. */
function expectWellFormed(result: RecognizerResult | null, interactions: number): void {
  if (result === null) return;
  expect(result.interaction).toBeGreaterThanOrEqual(0);
  expect(result.interaction).toBeLessThan(interactions);
  expect(result.confidence).toBeGreaterThanOrEqual(0);
  expect(result.confidence).toBeLessThanOrEqual(1);
  for (const value of Object.values(result.slots)) expect(typeof value).toBe('string');
}

// Pieces that reach the keyword, slot and classifier paths, mixed with arbitrary code points.
const pieces = ['book', 'a', 'table', 'for', 'to', 'from', 'fly', 'rome', 'roma', 'large', 'lagre', 'pizza', 'airprot', 'help', ' ', '  ', '!', "'", '’', 'é', '\u0301', 'ﬁ', '🍕', '\ud800', '\u0000', '\n'];
const pieceText = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((p) => p.join(' '));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 100 }), pieceText);
const anyContext = fc.option(fc.constantFrom('ordering', 'night', '', 'x'), { nil: null });

describe('the recognizer never throws', () => {
  it('on any text, in any context', () => {
    fc.assert(
      fc.property(anyText, anyContext, (text, context) => {
        expectWellFormed(pizza.recognize(text, { context }), pizzaBot.interactions.length);
        expectWellFormed(flights.recognize(text, { context }), 1);
        const special = flights.recognizeSpecial(text, { context });
        if (special !== null) expect(special.intent).toMatch(/^sys:(start|help|menu|cancel|startOver|breakOut)$/);
      }),
      { numRuns: 1_500 },
    );
  });

  it('on empty, blank and very long text', () => {
    const randomWord = (n: number, seed: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7919 + seed) % 26))).join('');
    const texts = [
      '',
      '   \n\t ',
      '?!…',
      '🍕',
      randomWord(5_000, 1),
      Array.from({ length: 5_000 }, (_, i) => randomWord(9, i)).join(' '),
      `book ${'to '.repeat(5_000)}`,
      `fly from ${'x '.repeat(3_000)}to ${'y '.repeat(3_000)}please`,
      'large '.repeat(10_000),
    ];
    for (const text of texts) {
      expect(() => pizza.recognizeSpecial(text)).not.toThrow();
      expectWellFormed(pizza.recognize(text, {}), pizzaBot.interactions.length);
      expectWellFormed(flights.recognize(text, {}), 1);
    }
  });

  it('when called without a context or with values an untyped caller may pass', () => {
    expect(pizza.recognize('track my order')?.intent).toBe('trackOrder');
    expect((pizza as unknown as { recognize(t: unknown, c?: unknown): unknown }).recognize(null, { context: 3 })).toBeNull();
    expect((pizza as unknown as { recognize(t: unknown, c?: unknown): unknown }).recognize('track my order', null)).toMatchObject({ intent: 'trackOrder' });
  });
});

describe('odd definitions train and answer', () => {
  const oddDefinitions: [string, unknown][] = [
    ['no interactions', { interactions: [] }],
    ['intents without expressions', { interactions: [{ name: 'a', intents: ['orderPizza', { name: 'b' }], actions: [] }] }],
    ['only sys:text', { interactions: [{ intents: [{ name: 'sys:text', expressions: ['anything', 'hello'] }], actions: [] }] }],
    [
      'duplicate intents across interactions',
      {
        interactions: [
          { name: 'one', intents: [{ name: 'greet', expressions: ['hello there', 'good morning'] }], actions: [] },
          { name: 'two', intents: ['greet', { name: 'greet', expressions: ['hi', 'hey there'] }], actions: [] },
        ],
      },
    ],
    [
      'empty keyword values and synonyms',
      {
        interactions: [
          { name: 'k', keywords: [{ name: 'empty', values: [] }, { name: 'blank', values: [{ value: '', expressions: ['', '  ', '!!'] }] }], actions: [] },
          { name: 'e', intents: [{ name: 'x', expressions: [{ text: 'a blank one', slots: [{ name: 's', type: 'keyword:blank', value: '' }] }] }], actions: [] },
        ],
      },
    ],
    [
      'slots that do not fit their expression',
      {
        interactions: [
          {
            name: 's',
            intents: [
              {
                name: 'x',
                expressions: [
                  { text: 'order a pizza', slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] },
                  { text: 'order pizza pizza', slots: [{ name: 'a', type: 'keyword:', value: 'pizza' }, { name: 'b', type: 'keyword:nope', value: 'pizza' }] },
                ],
              },
            ],
            actions: [],
          },
        ],
      },
    ],
    ['punctuation-only and emoji expressions', { interactions: [{ name: 'p', intents: [{ name: 'thumbs', expressions: ['👍', '?!'] }], actions: [] }] }],
    ['special intents only, both menu spellings', { interactions: [{ name: 'm', intents: ['sys:menu', 'sys::menu', 'sys:help', 'sys:text'], actions: [] }] }],
  ];

  it.each(oddDefinitions)('%s', (_, raw) => {
    const def = nluDefinitionFrom(raw);
    let recognizer: Recognizer | undefined;
    expect(() => {
      recognizer = trainRecognizer(def, { classifier: { minUpdates: 500 } });
    }).not.toThrow();
    fc.assert(
      fc.property(fc.oneof(anyText, fc.constantFrom('hello there', 'hi', 'menu', 'help', '👍', '🍕', '!!', 'a blank one', 'order pizza pizza')), (text) => {
        expectWellFormed(recognizer!.recognize(text, {}), def.interactions.length);
      }),
      { numRuns: 200 },
    );
  });
});
