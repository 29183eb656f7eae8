// Serialized recognizers: restored from plain data (as a worker thread sends it), they answer exactly as the trained ones.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nluDefinitionFrom,
  RECOGNIZER_FORMAT,
  recognizerTransferList,
  RecognizerDataError,
  restoreRecognizer,
  serializeRecognizer,
  trainRecognizer,
  type NluDefinition,
  type RecognizerOptions,
  type SerializedRecognizer,
  type TunableRecognizer,
} from '../../../src/engine/nlu/index.js';
import { pizzaBot } from './fixture.js';

const flightsBot = {
  interactions: [
    {
      name: 'fly',
      context: 'travel',
      intents: [
        {
          name: 'fly',
          expressions: [
            { text: 'fly from Paris to Rome please', slots: [{ name: 'from', type: 'text', value: 'Paris' }, { name: 'to', type: 'text', value: 'Rome' }] },
            { text: 'a flight to Rome', slots: [{ name: 'to', type: 'keyword:city', value: 'Rome' }] },
            { text: 'book a flight', excludeContext: 'travel' },
          ],
        },
        { name: 'hotel', excludeContext: 'night', expressions: ['find me a hotel', 'i need a room for tonight', 'book a hotel room'] },
      ],
      keywords: [{ name: 'city', values: [{ value: 'Rome', expressions: ['roma'] }, { value: 'Paris', expressions: ['ville lumiere'] }] }],
      expressions: ['travel desk'],
      actions: [],
    },
    { name: 'stop', intents: ['sys:cancel', 'sys:startOver'], actions: [] },
  ],
};

const quick: Partial<RecognizerOptions> = { classifier: { minUpdates: 2_000 } };
const cases: [string, unknown, Partial<RecognizerOptions>][] = [
  ['the pizza bot', pizzaBot, quick],
  ['a bot with contexts, keywords and special intents', flightsBot, quick],
  ['the pizza bot with the linear model', pizzaBot, { classifier: { model: 'linear', ensemble: 1, minUpdates: 2_000 } }],
  ['a bot with only keywords (no classifier)', { interactions: [{ name: 'k', keywords: [{ name: 'size', values: [{ value: 'large', expressions: ['big'] }] }], actions: [] }] }, {}],
  ['a bot of special intents only', { interactions: [{ name: 'm', intents: ['sys:menu', 'sys:help', 'sys:text'], actions: [] }] }, quick],
];

/** What the worker thread does: serialize, then send through postMessage's structured clone with the weights transferred. */
function throughAThread(recognizer: TunableRecognizer): SerializedRecognizer {
  const data = serializeRecognizer(recognizer);
  return structuredClone(data, { transfer: recognizerTransferList(data) });
}

/** The data with each typed array replaced by its type and a digest of its bytes: comparing megabytes element by element is slow. */
function digested(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}:${createHash('sha256').update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)).digest('hex')}`;
  if (Array.isArray(value)) return value.map(digested);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, digested(v)]));
  return value;
}

const pieces = ['book', 'a', 'flight', 'to', 'from', 'rome', 'roma', 'paris', 'hotel', 'large', 'lagre', 'pizza', 'big', 'order', 'track', 'my', 'table', 'for', 'cancel', 'start', 'over', 'menu', 'help', ' ', '!', "'", 'é', '🍕', '\ud800'];
const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 60 }), fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join(' ')));
const context = fc.option(fc.constantFrom('ordering', 'travel', 'night', ''), { nil: null });

describe.each(cases)('%s, serialized and restored', (_, raw, options) => {
  const definition: NluDefinition = nluDefinitionFrom(raw);
  const trained = trainRecognizer(definition, options);
  // Trained again (training is deterministic) and sent through a clone with transfer, as from a worker.
  const restored = restoreRecognizer(throughAThread(trainRecognizer(definition, options)), definition);

  it('answers every text exactly as the trained recognizer, in every context', () => {
    fc.assert(
      fc.property(text, context, (t, ctx) => {
        expect(restored.recognize(t, { context: ctx })).toEqual(trained.recognize(t, { context: ctx }));
        expect(restored.recognizeSpecial(t, { context: ctx })).toEqual(trained.recognizeSpecial(t, { context: ctx }));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps its thresholds tunable', () => {
    for (const t of ['i want a big pizza', 'fly to roma', 'where is my order', 'blah']) {
      expect(restored.withThresholds({ threshold: 0.7 }).recognize(t)).toEqual(trained.withThresholds({ threshold: 0.7 }).recognize(t));
      expect(restored.withThresholds({ margin: 0.5 }).recognize(t)).toEqual(trained.withThresholds({ margin: 0.5 }).recognize(t));
    }
  });

  it('serializes again to the same data', () => {
    expect(digested(serializeRecognizer(restored))).toEqual(digested(serializeRecognizer(trained)));
  });
});

describe('serialized data', () => {
  const definition = nluDefinitionFrom(pizzaBot);
  const trained = trainRecognizer(definition, quick);
  const fresh = () => structuredClone(serializeRecognizer(trained));

  it('is plain: typed arrays for the weights and vocabulary, a format version', () => {
    const data = fresh();
    expect(data.format).toBe(RECOGNIZER_FORMAT);
    expect(data).toMatchObject({ threshold: 0.2, margin: 0.15 });
    expect(data.classifier?.features.hashes).toBeInstanceOf(Uint32Array);
    expect(data.classifier?.models[0]).toMatchObject({ kind: 'mlp', w1: expect.any(Float32Array), w2: expect.any(Float32Array) });
    expect(data.exact.keys).toContain('I want a large pizza');
    expect(data.normalized.keys).toContain('i want a large pizza');
    expect(recognizerTransferList(data).length).toBeGreaterThanOrEqual(6);
  });

  it('shares the trained weights (transferring them leaves the source without them)', () => {
    const source = trainRecognizer(definition, quick);
    throughAThread(source);
    expect(() => source.recognize('i would like a pizza delivered')).toThrow(TypeError);
  });

  it('of another format version is refused', () => {
    const data = { ...fresh(), format: RECOGNIZER_FORMAT + 1 } as unknown as SerializedRecognizer;
    expect(() => restoreRecognizer(data, definition)).toThrow(RecognizerDataError);
  });

  it('of inconsistent sizes is refused', () => {
    const truncated = fresh();
    const model = truncated.classifier!.models[0]!;
    if (model.kind === 'mlp') model.w1 = model.w1.subarray(1);
    expect(() => restoreRecognizer(truncated, definition)).toThrow(/perceptron sizes/);

    const vocabulary = fresh();
    vocabulary.classifier!.features.hashes = vocabulary.classifier!.features.hashes.subarray(1);
    expect(() => restoreRecognizer(vocabulary, definition)).toThrow(RecognizerDataError);

    const entries = fresh();
    entries.exact.classes[0] = 10_000;
    expect(() => restoreRecognizer(entries, definition)).toThrow(/lookup entry out of range/);
  });

  it('for another definition (fewer interactions) is refused', () => {
    expect(() => restoreRecognizer(fresh(), { interactions: [], intents: [] })).toThrow(RecognizerDataError);
  });

  it('is only made of recognizers that were trained', () => {
    expect(() => serializeRecognizer({ recognize: () => null })).toThrow(TypeError);
  });
});
