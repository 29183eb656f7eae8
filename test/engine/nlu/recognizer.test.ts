// The recognizer on a small fixed definition: exact, normalized, classifier and keyword matches, contexts, thresholds, special intents.
import { describe, expect, it } from 'vitest';
import { nluDefinitionFrom, trainRecognizer, type RecognizerResult } from '../../../src/engine/nlu/index.js';
import { pizzaBot } from './fixture.js';

const definition = nluDefinitionFrom(pizzaBot);
const recognizer = trainRecognizer(definition);
const recognize = (text: string, context: string | null = null) => recognizer.recognize(text, { context });
const brief = (r: RecognizerResult | null) => (r === null ? null : { intent: r.intent, interaction: r.interactionName, match: r.match, slots: r.slots });

describe('a small fixed definition', () => {
  it.each([
    ['I want a large pizza', 'orderPizza', 'exact', { size: 'large' }],
    ['i want a SMALL pizza!', 'orderPizza', 'normalized', { size: 'small' }],
    ['I want a tiny pizza', 'orderPizza', 'exact', { size: 'small' }],
    ['i want a lagre pizza please', 'orderPizza', 'classifier', { size: 'large' }],
    ['family size pizza please', 'orderPizza', 'classifier', { size: 'large' }],
    ["where's my order", 'trackOrder', 'classifier', {}],
    ['where is my pizza', 'trackOrder', 'classifier', {}],
    ['are you open tomorrow?', 'openingHours', 'classifier', {}],
    ['book a table for Charlie Brown', 'bookTable', 'classifier', { guest: 'Charlie Brown' }],
    ['could you reserve a table for Maria', 'bookTable', 'classifier', { guest: 'Maria' }],
    ['show me the pizza list', 'sys:menu', 'classifier', {}],
  ] as const)('%s → %s (%s)', (text, intent, match, slots) => {
    const result = recognize(text);
    expect(brief(result)).toEqual({ intent, interaction: expect.any(String), match, slots });
    expect(result!.confidence).toBeGreaterThan(0.3);
    expect(result!.confidence).toBeLessThanOrEqual(1);
  });

  it('names the interaction the intent triggers', () => {
    expect(recognize('track my order')).toMatchObject({ intent: 'trackOrder', interaction: 4, interactionName: 'track', confidence: 1 });
  });

  it('yields nothing for the sys:text samples and for text that fits no intent', () => {
    expect(recognize('tell me a joke')).toBeNull();
    expect(recognize('Tell me a joke!')).toBeNull();
    expect(recognize("what's the capital of peru")).toBeNull();
    expect(recognize('asdf')).toBeNull();
    expect(recognize('')).toBeNull();
  });

  it('triggers an interaction by its keywords, typos included, when no intent matches', () => {
    expect(brief(recognize('downtown'))).toEqual({ intent: null, interaction: 'stores', match: 'keyword', slots: { store: 'downtown' } });
    const typo = recognize('is the airprot one open');
    expect(brief(typo)).toEqual({ intent: null, interaction: 'stores', match: 'keyword', slots: { store: 'airport' } });
    expect(typo!.confidence).toBeLessThan(recognize('downtown')!.confidence);
  });
});

describe('contexts', () => {
  it('skips an intent whose excludeContext is the current sys:context', () => {
    expect(recognize('when are you open')?.intent).toBe('openingHours');
    expect(recognize('when are you open', 'ordering')).toBeNull();
    expect(recognize('are you open tomorrow?', 'ordering')?.intent).not.toBe('openingHours');
    expect(recognize('when are you open', 'somewhere else')?.intent).toBe('openingHours');
  });

  it('skips a single expression whose excludeContext is the current sys:context', () => {
    const raw = {
      interactions: [
        {
          name: 'greet',
          intents: [{ name: 'greet', expressions: ['hello there', { text: 'good morning', slots: [], excludeContext: 'night' }] }],
          actions: [],
        },
        { name: 'bye', intents: [{ name: 'bye', expressions: ['good night', 'bye bye', 'see you later'] }], actions: [] },
      ],
    };
    const r = trainRecognizer(nluDefinitionFrom(raw));
    expect(r.recognize('good morning', {})?.intent).toBe('greet');
    expect(r.recognize('good morning', { context: 'night' })?.match).not.toBe('exact');
    expect(r.recognize('hello there', { context: 'night' })?.intent).toBe('greet');
  });

  it('sends an intent listed by several interactions to the first one its context does not skip', () => {
    const raw = {
      interactions: [
        { name: 'checkout', intents: [{ name: 'pay', excludeContext: 'paying', expressions: ['i want to pay', 'checkout please'] }], actions: [] },
        { name: 'payAgain', intents: [{ name: 'pay', expressions: ['pay again', 'let me pay once more'] }], actions: [] },
        { name: 'other', intents: [{ name: 'weather', expressions: ['will it rain', 'is it sunny'] }], actions: [] },
      ],
    };
    const r = trainRecognizer(nluDefinitionFrom(raw));
    expect(r.recognize('pay again', {})).toMatchObject({ intent: 'pay', interactionName: 'checkout' });
    expect(r.recognize('pay again', { context: 'somewhere' })).toMatchObject({ intent: 'pay', interactionName: 'checkout' });
    // In "paying" the first interaction's intent is skipped: the second listing takes the message.
    expect(r.recognize('pay again', { context: 'paying' })).toMatchObject({ intent: 'pay', interactionName: 'payAgain', match: 'exact' });
    expect(r.recognize('i want to pay', { context: 'paying' })?.match).not.toBe('exact');
  });
});

describe('thresholds', () => {
  it('drops a classifier answer below the confidence threshold', () => {
    const strict = trainRecognizer(definition, { threshold: 0.99999 });
    expect(strict.recognize('are you open tomorrow?', {})).toBeNull();
    // Exact and normalized matches do not depend on the threshold.
    expect(strict.recognize('When are you open?', {})?.intent).toBe('openingHours');
    const lenient = recognizer.withThresholds({ threshold: 0 });
    expect(lenient.recognize('are you open tomorrow?', {})?.intent).toBe('openingHours');
  });

  it('drops a classifier answer that does not beat the out-of-scope class by the margin', () => {
    expect(recognizer.withThresholds({ threshold: 0, margin: 0 }).recognize('are you open tomorrow?', {})?.intent).toBe('openingHours');
    // No probability beats another by a whole unit.
    expect(recognizer.withThresholds({ threshold: 0, margin: 1 }).recognize('are you open tomorrow?', {})).toBeNull();
    expect(recognizer.withThresholds({ margin: 1 }).recognize('When are you open?', {})?.intent).toBe('openingHours');
  });
});

describe('special intents', () => {
  it('uses built-in English phrases for a special intent the definition lists without expressions', () => {
    expect(recognize('help')).toMatchObject({ intent: 'sys:help', interactionName: 'help', match: 'exact' });
    expect(recognize('I need some help please')?.intent).toBe('sys:help');
    expect(recognize('Never mind!')).toMatchObject({ intent: 'sys:cancel', match: 'normalized' });
  });

  it("uses the definition's own expressions when it gives them, under either menu spelling", () => {
    expect(recognize('which pizzas do you have')).toMatchObject({ intent: 'sys:menu', interactionName: 'menu', match: 'exact' });
    // The built-in "menu" phrase is not added: the definition chose its own.
    expect(recognize('menu')?.match).not.toBe('exact');
  });

  it('does not recognise a special intent no interaction uses', () => {
    expect(recognize('start over')?.intent).not.toBe('sys:startOver');
    expect(recognize('restart')?.intent).not.toBe('sys:startOver');
  });
});

describe('training', () => {
  it('is deterministic', () => {
    const again = trainRecognizer(definition);
    for (const text of ['where is my pizza', 'book a table for Ann', 'what is on the menu today']) {
      expect(again.recognize(text, {})).toEqual(recognizer.recognize(text, {}));
    }
  });

  it('handles definitions with nothing to learn', () => {
    const empty = trainRecognizer(nluDefinitionFrom({ interactions: [] }));
    expect(empty.recognize('hello', {})).toBeNull();
    const onlyText = trainRecognizer(nluDefinitionFrom({ interactions: [{ intents: [{ name: 'sys:text', expressions: ['anything'] }] }] }));
    expect(onlyText.recognize('anything', {})).toBeNull();
    expect(onlyText.recognize('something', {})).toBeNull();
  });

  it('matches a punctuation-only or emoji expression exactly, not every message that normalizes to nothing', () => {
    const r = trainRecognizer(nluDefinitionFrom({ interactions: [{ name: 'ok', intents: [{ name: 'thumbsUp', expressions: ['👍', 'ok great', 'sounds good'] }] }] }));
    expect(r.recognize('👍', {})).toMatchObject({ intent: 'thumbsUp', match: 'exact' });
    expect(r.recognize('🍕', {})).toBeNull();
    expect(r.recognize('?!', {})).toBeNull();
  });

  it('does not teach a bot that its own subject is out of scope', () => {
    // "is it going to rain tomorrow" is one of the generic out-of-scope sentences; a weather bot must keep it.
    const weather = trainRecognizer(
      nluDefinitionFrom({ interactions: [{ name: 'forecast', intents: [{ name: 'forecast', expressions: ['will it rain today', 'what is the forecast', 'rain tomorrow?'] }] }] }),
    );
    expect(weather.recognize('is it going to rain tomorrow', {})?.intent).toBe('forecast');
    expect(weather.recognize('who wrote romeo and juliet', {})).toBeNull();
  });

  it('does not answer everything with the only intent of a one-intent bot', () => {
    const one = trainRecognizer(nluDefinitionFrom({ interactions: [{ name: 'hours', intents: [{ name: 'hours', expressions: ['when are you open', 'opening hours'] }] }] }));
    expect(one.recognize('what are your opening hours', {})?.intent).toBe('hours');
    expect(one.recognize('who is the president of brazil', {})).toBeNull();
  });
});
