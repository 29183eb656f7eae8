// What starts what: sys:start on the first message, the welcome event, intents and slots, sys:text, include, buttons and quick replies.
import { describe, expect, it } from 'vitest';
import { asExperience, bothFormats, say, Talk } from './harness.js';

const pizza = {
  name: 'pizza',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [
      { send: { message: { text: 'Hi! What would you like?', quickReplies: [
        { type: 'text', title: 'Menu', payload: 'MENU', execute: 'menu' },
        { type: 'postback', title: 'Order', payload: 'ORDER' },
        { type: 'text', title: 'Hours' },
      ] } } },
    ] },
    { name: 'menu', intents: [{ name: 'menu', expressions: ['show the menu'] }], actions: [
      { send: { message: { text: 'Menu (text [{sys:text}], payload [{sys:payload}])', buttons: [
        { type: 'postback', title: 'Margherita', payload: 'PIZZA_MARG', execute: 'picked' },
        { type: 'weburl', title: 'Photos', payload: 'https://pizza.example/photos' },
      ] } } },
    ] },
    { name: 'picked', intents: [], actions: [say('Picked {sys:payload} ({sys:text})')] },
    { name: 'order', intents: [{ name: 'order', expressions: [
      'order', 'i want a pizza', { text: 'i want a large pizza', slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] },
    ] }], keywords: [{ name: 'size', values: [{ value: 'large', expressions: ['big'] }, { value: 'small', expressions: ['tiny'] }] }],
    actions: [say('Order: size [{size}], payload [{sys:payload}]')] },
    { name: 'hours', intents: [{ name: 'hours', expressions: ['hours', 'when are you open'] }], actions: [say('We open at 11.')] },
    { name: 'fallback', intents: [{ name: 'sys:text', expressions: ['blah blah'] }], actions: [say('Sorry, I did not get "{sys:text}".')] },
  ],
};

describe.each(bothFormats(pizza))('triggers (%s)', (_format, definition) => {
  it('runs sys:start on the first message whatever it says, and recognizes later ones', async () => {
    const t = new Talk(definition);
    expect(await t.texts('when are you open')).toEqual(['Hi! What would you like?']);
    expect(await t.texts('when are you open')).toEqual(['We open at 11.']);
    expect(await t.texts('qwerty zxcv')).toEqual(['Sorry, I did not get "qwerty zxcv".']);
    expect(await t.texts('blah blah')).toEqual(['Sorry, I did not get "blah blah".']);
  });

  it('a welcome event starts the conversation (sys:start) without a message; the first message is then recognized', async () => {
    const t = new Talk(definition);
    expect(await t.event({ kind: 'welcome' })).toHaveLength(1);
    expect(await t.event({ kind: 'welcome' })).toEqual([]);
    expect(await t.texts('when are you open')).toEqual(['We open at 11.']);
  });

  it('a quick reply with execute runs its target in place of the chain, with sys:payload and sys:text; typed titles select too', async () => {
    const t = new Talk(definition);
    await t.say('hi');
    expect(await t.click('MENU')).toEqual(['Menu (text [Menu], payload [MENU])']);
    const again = new Talk(definition);
    await again.say('hi');
    expect(await again.texts('menu')).toEqual(['Menu (text [menu], payload [MENU])']);
  });

  it('a choice without execute is handled as its text, with its payload', async () => {
    const t = new Talk(definition);
    await t.say('hi');
    expect(await t.click('ORDER')).toEqual(['Order: size [], payload [ORDER]']);
    await t.say('hi');
    await t.say('start');
    expect(await t.texts('Hours')).toEqual(['We open at 11.']);
  });

  it('a postback button of an older message still runs its target; a link button is no choice', async () => {
    const t = new Talk(definition);
    await t.say('hi');
    await t.click('MENU');
    await t.say('when are you open');
    expect(await t.click('PIZZA_MARG')).toEqual(['Picked PIZZA_MARG (Margherita)']);
    expect(t.state.postbacks?.map((c) => c.payload)).toEqual(['MENU', 'ORDER', 'PIZZA_MARG']);
  });

  it('on a text channel the options are numbered: the number selects', async () => {
    const t = new Talk(definition, { channelType: 'dlc' });
    await t.say('hi');
    expect(await t.texts('1')).toEqual(['Menu (text [1], payload [MENU])']);
  });

  it('stores an intent’s slots as human attributes', async () => {
    const t = new Talk(definition);
    await t.say('hi');
    expect(await t.texts('i want a big pizza')).toEqual(['Order: size [large], payload []']);
    expect(t.attr('size')).toBe('large');
  });
});

describe('without sys:start or sys:text', () => {
  const plain = { name: 'plain', interactions: [{ name: 'hours', intents: [{ name: 'hours', expressions: ['when are you open'] }], actions: [say('At 11.')] }] };

  it('the first message is recognized like any other; what nothing takes gets no answer', async () => {
    const t = new Talk(plain);
    expect(await t.texts('when are you open')).toEqual(['At 11.']);
    expect(await t.texts('qwerty zxcv')).toEqual([]);
  });
});

describe('welcomeMessageExecute (experience format)', () => {
  const rcs = asExperience({
    name: 'rcs',
    interactions: [
      { name: 'start', intents: ['sys:start'], actions: [say('started')] },
      { name: 'welcome', intents: [], actions: [say('Welcome to our RCS agent')] },
      { name: 'hours', intents: [{ name: 'hours', expressions: ['when are you open'] }], actions: [say('At 11.')] },
    ],
  }, 'welcome');

  it('runs its workflow on the welcome event; the first message after it is recognized', async () => {
    const t = new Talk(rcs, { channelType: 'rcs' });
    expect(await t.event({ kind: 'welcome' }).then((items) => items.map((m) => (m.kind === 'message' ? m.text : '')))).toEqual(['Welcome to our RCS agent']);
    expect(await t.texts('when are you open')).toEqual(['At 11.']);
  });
});

const faq = {
  name: 'faq',
  interactions: [
    { name: 'hours', intents: [{ name: 'hours', expressions: ['when are you open'] }], actions: [say('FAQ: at 11.')] },
    { name: 'delivery', intents: [{ name: 'delivery', expressions: ['do you deliver'] }], actions: [say('FAQ: yes, we deliver.')] },
    { name: 'legal', intents: [], actions: [say('FAQ: legal text.')] },
  ],
};

const withFaq = {
  name: 'shop',
  interactions: [
    { name: 'start', intents: ['sys:start'], include: 'faq', actions: [say('Hi!'), { execute: 'legal' }] },
    { name: 'hours', intents: [{ name: 'shopHours', expressions: ['opening hours'] }], actions: [say('Shop: at 10.')] },
  ],
};

describe('include (bot format)', () => {
  it('makes another bot’s interactions targets and triggers; the bot’s own names win', async () => {
    const t = new Talk(withFaq, { included: { faq } });
    expect(await t.texts('hello')).toEqual(['Hi!', 'FAQ: legal text.']);
    expect(await t.texts('do you deliver')).toEqual(['FAQ: yes, we deliver.']);
    expect(await t.texts('opening hours')).toEqual(['Shop: at 10.']);
    expect(t.conversation.issues).toEqual([]);
  });
});
