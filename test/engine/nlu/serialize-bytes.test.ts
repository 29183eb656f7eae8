// Recognizers as bytes for storage: encoded and decoded back, they answer as trained; foreign or damaged bytes are refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nluDefinitionFrom, RecognizerDataError, restoreRecognizer, serializeRecognizer, trainRecognizer } from '../../../src/engine/nlu/index.js';
import { decodeRecognizer, encodeRecognizer } from '../../../src/engine/nlu/serialize-bytes.js';
import { pizzaBot } from './fixture.js';

const odd = {
  interactions: [
    {
      name: 'odd',
      intents: [{ name: 'note', expressions: [{ text: 'note \ud800 "quoted" \\ and 🍕 for Zoë via toString', slots: [{ name: 'refs', type: 'text', value: 'Zoë' }, { name: 'data', type: 'keyword:__proto__', value: 'toString' }] }, 'write this down', 'take a note'] }],
      keywords: [{ name: '__proto__', values: [{ value: 'constructor', expressions: ['toString'] }] }],
      actions: [],
    },
  ],
};

describe.each([
  ['the pizza bot', pizzaBot],
  ['a bot of odd strings', odd],
])('%s, as bytes', (_, raw) => {
  const definition = nluDefinitionFrom(raw);
  const trained = trainRecognizer(definition, { classifier: { minUpdates: 2_000 } });
  const bytes = encodeRecognizer(serializeRecognizer(trained));

  it('restores to a recognizer that answers as the trained one', () => {
    const restored = restoreRecognizer(decodeRecognizer(bytes), definition);
    const text = fc.oneof(fc.string(), fc.constantFrom('I want a large pizza', 'note 🍕 for Zoë via constructor', 'take a note for Ann', 'tostring', 'track my order'));
    fc.assert(
      fc.property(text, (t) => {
        expect(restored.recognize(t, {})).toEqual(trained.recognize(t, {}));
      }),
      { numRuns: 200 },
    );
  });

  it('decodes from bytes at any offset (a copy where the arrays would be unaligned)', () => {
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    const restored = restoreRecognizer(decodeRecognizer(shifted.subarray(1)), definition);
    for (const t of ['i want a lagre pizza please', 'take a note for Ann', 'asdf']) expect(restored.recognize(t, {})).toEqual(trained.recognize(t, {}));
  });

  it('refuses bytes that are not a recognizer of this format, or cut short', () => {
    const other = bytes.slice();
    other[4] = 99;
    expect(() => decodeRecognizer(other)).toThrow(/format 99/);
    expect(() => decodeRecognizer(new TextEncoder().encode('{"format":1}'))).toThrow(RecognizerDataError);
    expect(() => decodeRecognizer(bytes.subarray(0, 10))).toThrow(RecognizerDataError);
    expect(() => decodeRecognizer(bytes.subarray(0, bytes.byteLength - 64))).toThrow(/past the end/);
  });
});
