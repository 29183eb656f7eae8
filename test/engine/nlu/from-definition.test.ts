// Reading either definition format into the recognizer's input, and the per-revision cache of trained recognizers.
import { describe, expect, it } from 'vitest';
import { RecognizerCache, nluDefinitionFrom, trainRecognizer } from '../../../src/engine/nlu/index.js';

describe('nluDefinitionFrom', () => {
  it('reads the bot format: string and object intents, expressions, keywords, slots and contexts', () => {
    const def = nluDefinitionFrom({
      name: 'b',
      interactions: [
        { name: 'start', intents: ['sys:start', { name: 'sys::menu', excludeContext: 'x', expressions: ['menu please', { text: 'show menu', generate: false, slots: [] }] }] },
        {
          keywords: [{ name: 'size', values: [{ value: 'small', expressions: ['tiny'] }, { bad: true }] }],
          expressions: [{ text: 'a small one', slots: [{ name: 's', type: 'keyword:size', value: 'small' }], excludeContext: 'y' }, 42],
        },
      ],
    });
    expect(def.interactions).toEqual([
      { name: 'start', keywords: [], expressions: [] },
      {
        name: null,
        keywords: [{ name: 'size', values: [{ value: 'small', expressions: ['tiny'] }] }],
        expressions: [{ text: 'a small one', generate: true, slots: [{ name: 's', type: 'keyword:size', value: 'small' }], excludeContext: 'y' }],
      },
    ]);
    expect(def.intents).toEqual([
      { name: 'sys:start', interaction: 0, excludeContext: null, expressions: [] },
      {
        name: 'sys:menu',
        interaction: 0,
        excludeContext: 'x',
        expressions: [
          { text: 'menu please', generate: true, slots: [], excludeContext: null },
          { text: 'show menu', generate: false, slots: [], excludeContext: null },
        ],
      },
    ]);
  });

  it('reads the RCS experience format and recognizes its workflows', () => {
    const raw = {
      name: 'experience',
      workflows: [
        { name: 'greet', intents: [{ name: 'greeting', expressions: [{ text: 'hello there' }, { text: 'good morning' }] }], actions: [] },
        { name: 'deals', intents: [], expressions: ['show me the deals', 'any offers today'], actions: [] },
        { name: 'colors', intents: [], keywords: [{ name: 'color', values: [{ value: 'red', expressions: ['crimson'] }] }], actions: [] },
      ],
    };
    const r = trainRecognizer(nluDefinitionFrom(raw));
    expect(r.recognize('Hello there!', {})).toMatchObject({ intent: 'greeting', interaction: 0, interactionName: 'greet', match: 'normalized' });
    expect(r.recognize('show me the deals', {})).toMatchObject({ intent: null, interactionName: 'deals', match: 'exact' });
    expect(r.recognize('crimsn', {})).toMatchObject({ intent: null, interactionName: 'colors', match: 'keyword', slots: { color: 'red' } });
  });

  it('tolerates junk without throwing', () => {
    expect(nluDefinitionFrom(null)).toEqual({ language: null, interactions: [], intents: [] });
    expect(nluDefinitionFrom({ language: 7, interactions: [null, { intents: [1, null, ''] }] })).toEqual({
      language: null,
      interactions: [
        { name: null, keywords: [], expressions: [] },
        { name: null, keywords: [], expressions: [] },
      ],
      intents: [],
    });
  });
});

describe('RecognizerCache', () => {
  const def = nluDefinitionFrom({ interactions: [{ intents: [{ name: 'a', expressions: ['hello'] }] }] });

  it('trains once per (bot, revision) and drops older revisions of a bot', () => {
    const cache = new RecognizerCache();
    let trained = 0;
    const train = () => {
      trained++;
      return trainRecognizer(def, { classifier: { minUpdates: 100 } });
    };
    const first = cache.getOrTrain(1, 1, train);
    expect(cache.getOrTrain(1, 1, train)).toBe(first);
    expect(trained).toBe(1);
    cache.getOrTrain(2, 1, train);
    const second = cache.getOrTrain(1, 2, train);
    expect(second).not.toBe(first);
    expect(trained).toBe(3);
    expect(cache.get(1, 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.invalidate(1);
    expect(cache.get(1, 2)).toBeUndefined();
  });

  it('evicts the least recently used recognizer beyond its capacity', () => {
    const cache = new RecognizerCache({ maxEntries: 2 });
    const r = trainRecognizer(def, { classifier: { minUpdates: 100 } });
    cache.set('a', 1, r);
    cache.set('b', 1, r);
    cache.get('a', 1);
    cache.set('c', 1, r);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(r);
    expect(cache.get('c', 1)).toBe(r);
  });
});
