// "Add as an expression" from the analytics page: the text joins the chosen interaction's intent and nothing else changes.
import { describe, expect, it } from 'vitest';
import { addExpression, namedInteractions } from '../../web/console/src/pages/add-expression.js';

const bot = {
  name: 'shop',
  interactions: [
    { name: 'welcome', intents: ['sys:welcome'], actions: [{ send: { message: { text: 'Hi' } } }] },
    { name: 'hours', intents: [{ expressions: ['when are you open', { text: 'opening hours' }] }], actions: [] },
    { intents: ['sys:text'], actions: [{ send: { message: { text: 'Sorry?' } } }] },
  ],
};

describe('adding a text a person wrote as an expression', () => {
  it('offers the named interactions only', () => {
    expect(namedInteractions(bot)).toEqual(['welcome', 'hours']);
    expect(namedInteractions({ name: 'empty' })).toEqual([]);
  });

  it('appends it to the interaction\'s intent object, leaving the rest of the definition as it was', () => {
    const { definition, added } = addExpression(bot, 'hours', 'what time do you close');
    expect(added).toBe(true);
    expect(definition.interactions[1]!.intents).toEqual([{ expressions: ['when are you open', { text: 'opening hours' }, 'what time do you close'] }]);
    expect({ ...definition, interactions: [definition.interactions[0], definition.interactions[2]] })
      .toEqual({ ...bot, interactions: [bot.interactions[0], bot.interactions[2]] });
    // The definition given is not changed.
    expect(bot.interactions[1]!.intents).toHaveLength(1);
    expect((bot.interactions[1]!.intents[0] as { expressions: unknown[] }).expressions).toHaveLength(2);
  });

  it('gives an interaction triggered by intent names an intent object of its own, keeping the names', () => {
    const { definition } = addExpression(bot, 'welcome', 'hello there');
    expect(definition.interactions[0]!.intents).toEqual(['sys:welcome', { expressions: ['hello there'] }]);
  });

  it('adds nothing when the intent has the text already, as analytics keep it (lower case, spaces collapsed)', () => {
    expect(addExpression(bot, 'hours', 'Opening   hours').added).toBe(false);
    expect(addExpression(bot, 'hours', 'when are you open').definition).toBe(bot);
  });

  it('refuses an interaction the bot does not have', () => {
    expect(() => addExpression(bot, 'prices', 'how much')).toThrow('no interaction is named prices');
  });
});
