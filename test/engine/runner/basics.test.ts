import { describe, expect, it } from 'vitest';
import { say, Talk } from './harness.js';

const pizza = {
  name: 'pizza',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [say('Hi! Want a pizza?')] },
    {
      name: 'order',
      intents: [{ name: 'orderPizza', expressions: ['i want a pizza', 'order a pizza', 'can i get a pizza please'] }],
      actions: [
        { send: { message: { text: 'Which size?', quickReplies: [{ type: 'text', title: 'Small' }, { type: 'text', title: 'Large' }] } } },
        { waitFor: { data: ['quick reply'], content: 'size', executeOnError: 'order' } },
        say('A {size} pizza, coming up.'),
      ],
    },
    { name: 'fallback', intents: ['sys:text'], actions: [say('Sorry, I only do pizza.')] },
  ],
};

describe('a conversation', () => {
  it('starts with sys:start, follows an intent, waits for a quick reply and goes on', async () => {
    const t = new Talk(pizza);
    expect(await t.texts('hello')).toEqual(['Hi! Want a pizza?']);
    expect(await t.texts('I want a pizza')).toEqual(['Which size?']);
    expect(await t.texts('large')).toEqual(['A Large pizza, coming up.']);
    expect(t.attr('size')).toBe('Large');
    expect(await t.texts('what is the weather')).toEqual(['Sorry, I only do pizza.']);
  });

  it('runs executeOnError on a wrong answer', async () => {
    const t = new Talk(pizza);
    await t.say('hi');
    await t.say('order a pizza');
    expect(await t.texts('medium')).toEqual(['Which size?']);
    expect(await t.texts('2', null)).toEqual(['Which size?']);
    expect(await t.texts('Small')).toEqual(['A Small pizza, coming up.']);
  });

  it('stops a looping bot after 1,000 actions with an issue', async () => {
    const t = new Talk({ name: 'loop', interactions: [{ name: 'a', intents: ['sys:start'], actions: [{ assignAttributes: { attributes: [{ attributePath: 'n', value: '1' }] } }, { goto: 'a' }] }] });
    await t.say('hi');
    expect(t.conversation.issues.some((i) => i.message.includes('1000 actions'))).toBe(true);
    expect(t.conversation.state.frames).toEqual([]);
  });
});

describe('numbered options', () => {
  const menu = {
    name: 'menu',
    interactions: [
      { name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: 'Size?', quickReplies: [{ type: 'text', title: 'Small', execute: 'small' }, { type: 'text', title: 'Large', execute: 'large' }] } } }] },
      { name: 'small', actions: [say('Small it is.')] },
      { name: 'large', actions: [say('Large it is.')] },
      { name: 'other', intents: ['sys:text'], actions: [say('Pardon?')] },
    ],
  };

  it.each([['2'], ['two'], ['the second'], ['option 2'], ['number two']])('on a numbered channel, "%s" selects the second option', async (answer) => {
    const t = new Talk(menu, { channelType: 'alx' });
    await t.say('hi');
    expect(await t.texts(answer)).toEqual(['Large it is.']);
  });

  it('on a channel with tappable options, a number is just text', async () => {
    const t = new Talk(menu, { channelType: 'web' });
    await t.say('hi');
    expect(await t.texts('two')).toEqual(['Pardon?']);
  });
});

describe('the in-memory host', () => {
  it('stops jumping past a delay that leads back to itself, with an issue, instead of hanging', async () => {
    const t = new Talk({ name: 'loop', workflows: [{ name: 'tick', intents: ['sys:start'], actions: [{ name: 'wait', delay: { seconds: 1, executeOnTimeout: 'wait' } }] }] });
    await t.say('hi');
    expect(t.conversation.issues.some((i) => i.message.includes('pauses or delays followed one another'))).toBe(true);
  });
});
