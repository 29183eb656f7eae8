// recognizeSpecial: the special conversation intent a message stands for, listed by an interaction or not.
import { describe, expect, it } from 'vitest';
import { nluDefinitionFrom, trainRecognizer } from '../../../src/engine/nlu/index.js';
import { pizzaBot } from './fixture.js';

const pizza = trainRecognizer(nluDefinitionFrom(pizzaBot));
// A bot that lists no special intent at all: a dialog inside it still needs cancel, start over and break out.
const bare = trainRecognizer(
  nluDefinitionFrom({ interactions: [{ name: 'order', intents: [{ name: 'order', expressions: ['i want a pizza', 'order a large pizza', 'can i get a pizza delivered'] }] }] }),
);

describe('recognizeSpecial', () => {
  it.each([
    ['never mind', 'sys:cancel'],
    ['Cancel!', 'sys:cancel'],
    ['forget about it', 'sys:cancel'],
    ['start over', 'sys:startOver'],
    ["let's start again", 'sys:startOver'],
    ['i want to quit', 'sys:breakOut'],
    ['get me out of here', 'sys:breakOut'],
    ['i need help', 'sys:help'],
    ['main menu', 'sys:menu'],
    ['get started', 'sys:start'],
  ])('finds %s → %s from the built-in phrases when no interaction lists it', (text, intent) => {
    expect(bare.recognizeSpecial(text)).toMatchObject({ intent, interaction: null, interactionName: null });
    // recognize() names interactions only: an unlisted special intent is not its answer.
    expect(bare.recognize(text)?.intent ?? null).not.toBe(intent);
  });

  it('finds nothing in a message that is no special intent', () => {
    for (const text of ['i want a pizza', 'large pizza please', 'what time do you open', 'tell me a joke', '', '🍕']) expect(bare.recognizeSpecial(text)).toBeNull();
  });

  it('names the interaction that lists the intent, and keeps to the definition’s own expressions when it gives them', () => {
    expect(pizza.recognizeSpecial('never mind')).toMatchObject({ intent: 'sys:cancel', interactionName: 'cancel', match: 'exact' });
    expect(pizza.recognizeSpecial('I need some help please')).toMatchObject({ intent: 'sys:help', interactionName: 'help' });
    // The pizza bot gives sys::menu its own expressions: those stand, the built-in "main menu" does not.
    expect(pizza.recognizeSpecial('which pizzas do you have')).toMatchObject({ intent: 'sys:menu', interactionName: 'menu' });
    expect(pizza.recognizeSpecial('main menu')).toBeNull();
    // sys:start is listed, sys:startOver is not: "start over" is still start over.
    expect(pizza.recognizeSpecial('start over')).toMatchObject({ intent: 'sys:startOver', interaction: null });
  });

  it('skips a special intent whose excludeContext is the current sys:context', () => {
    const raw = { interactions: [{ name: 'cancel', intents: [{ name: 'sys:cancel', excludeContext: 'paying' }] }, { name: 'x', intents: [{ name: 'x', expressions: ['pay now'] }] }] };
    const r = trainRecognizer(nluDefinitionFrom(raw));
    expect(r.recognizeSpecial('never mind', { context: 'browsing' })).toMatchObject({ intent: 'sys:cancel', interactionName: 'cancel' });
    expect(r.recognizeSpecial('never mind', { context: 'paying' })).toBeNull();
  });
});
