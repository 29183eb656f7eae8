// waitFor: every data kind and what it stores, keywords, executeOnError, executeOnTimeout, timeouts, validation after the answer.
import { describe, expect, it } from 'vitest';
import type { InboundLocation, InboundMedia } from '../../../src/engine/events.js';
import { bothFormats, say, Talk } from './harness.js';

const KINDS = ['message', 'text', 'number', 'money', 'distance', 'coordinates', 'datetime', 'file', 'quick reply', 'multi select'] as const;
const slug = (kind: string) => kind.replace(' ', '_');

const sizes = [{ type: 'text', title: 'Small', payload: 'S' }, { type: 'text', title: 'Medium' }, { type: 'postback', title: 'Large', payload: 'L' }];

const waits = {
  name: 'waits',
  interactions: [
    ...KINDS.map((kind) => ({
      name: `ask_${slug(kind)}`,
      intents: [{ name: `ask_${slug(kind)}`, expressions: [`ask ${kind}`] }],
      actions: [
        { send: { message: { text: `Give me a ${kind}`, ...(kind.endsWith('reply') || kind.startsWith('multi') ? { quickReplies: sizes } : {}) } } },
        { waitFor: { data: kind, content: 'answer', executeOnError: 'wrong' } },
        say('got {answer}'),
      ],
    })),
    { name: 'wrong', intents: [], actions: [say('wrong')] },
    { name: 'either', intents: [{ name: 'either', expressions: ['number or text'] }], actions: [
      { waitFor: { data: ['number', 'text'], content: 'answer' } }, say('got {answer}'),
    ] },
    { name: 'patient', intents: [{ name: 'patient', expressions: ['be patient'] }], keywords: [{ name: 'size', values: [{ value: 'large', expressions: ['big', 'XL'] }, { value: 'small', expressions: ['tiny'] }] }],
      actions: [
        say('How many, and which size?'),
        { waitFor: { data: 'number', content: 'qty', keywords: [{ name: 'size', attribute: 'size' }], timeout: '10m', executeOnTimeout: 'stillThere' } },
        say('qty [{qty}] size [{size}]'),
      ] },
    { name: 'stillThere', intents: [], actions: [say('Still there?')] },
    { name: 'silentTimeout', intents: [{ name: 'silentTimeout', expressions: ['quick question'] }], actions: [
      say('Yes or no?'), { waitFor: { data: 'text', content: 'yn', timeout: '30s' } }, say('noted {yn}'),
    ] },
    { name: 'defaultTimeout', intents: [{ name: 'defaultTimeout', expressions: ['slow question'] }], actions: [
      { waitFor: { data: 'text', content: 'slow', executeOnTimeout: 'stillThere' } },
    ] },
    { name: 'validated', intents: [{ name: 'validated', expressions: ['how old'] }], actions: [
      say('Your age?'),
      { name: 'ageWait', waitFor: { data: 'number', content: 'age' },
        validation: { conditions: [{ attribute: 'age', greaterThanOrEqual: 18 }], executeOnError: 'tooYoung' } },
      say('welcome, {age}'),
    ] },
    { name: 'tooYoung', intents: [], actions: [say('Too young; your age again?'), { goto: 'ageWait' }] },
    { name: 'clickable', intents: [{ name: 'clickable', expressions: ['pick a plan'] }], actions: [
      { send: { message: { text: 'Plan?', quickReplies: [{ type: 'postback', title: 'Pro', payload: 'PRO', execute: 'pro' }, { type: 'text', title: 'Free' }] } } },
      { waitFor: { data: 'quick reply', content: 'plan' } },
      say('plan {plan}'),
    ] },
    { name: 'yesno', intents: [{ name: 'yesno', expressions: ['yes or no'] }], actions: [
      { send: { message: { text: 'Sure?', quickReplies: [{ type: 'text', title: 'Yes', payload: 'Y' }, { type: 'text', title: 'No', payload: 'N' }] } } },
      { waitFor: { data: 'text', content: 'sure' } }, say('sure: {sure} ({sys:payload})'),
    ] },
    { name: 'pro', intents: [], actions: [say('Pro it is ({plan}, {sys:payload}).')] },
    { name: 'greeting', intents: [{ name: 'greeting', expressions: ['hello there'] }], actions: [say('Hi!')] },
  ],
};

const photo: InboundMedia = { url: 'https://files.example/p.jpg', mimeType: 'image/jpeg', name: 'p.jpg', size: 1200 };
const here: InboundLocation = { latitude: 45.76, longitude: 4.84, label: null };

type Input = string | { text?: string; media?: InboundMedia[]; location?: InboundLocation };
/** [kind, what the human sends, what is stored (null: a wrong answer)]. */
const cases: [string, Input, string | null][] = [
  ['message', 'hello', 'hello'],
  ['message', { media: [photo] }, JSON.stringify(photo)],
  ['message', { location: here }, JSON.stringify(here)],
  ['text', '  spaced  ', 'spaced'],
  ['text', { media: [photo] }, null],
  ['number', '1,234.50', '1234.5'],
  ['number', '-3', '-3'],
  ['number', 'twelve', '12'],
  ['number', '1,5', null],
  ['number', 'a few', null],
  ['money', '$12.5', '{"amount":"12.50","currency":"USD"}'],
  ['money', '20 euros', '{"amount":"20.00","currency":"EUR"}'],
  ['money', '€1,000', '{"amount":"1000.00","currency":"EUR"}'],
  ['money', 'EUR 20', '{"amount":"20.00","currency":"EUR"}'],
  ['money', '7', '{"amount":"7.00","currency":null}'],
  ['money', '12 bananas', null],
  ['distance', '5 km', '{"value":5,"unit":"km","meters":5000}'],
  ['distance', '3.5 miles', '{"value":3.5,"unit":"mi","meters":5632.704}'],
  ['distance', 'far away', null],
  ['coordinates', '45.76, 4.84', '{"latitude":45.76,"longitude":4.84}'],
  ['coordinates', { location: here }, '{"latitude":45.76,"longitude":4.84}'],
  ['coordinates', '100, 5', null],
  ['datetime', 'tomorrow at 3pm', '2025-03-06T15:00:00'],
  ['datetime', '2025-03-10 14:30', '2025-03-10T14:30:00'],
  ['datetime', 'next friday', '2025-03-14T00:00:00'],
  ['datetime', 'my pizza never came', null],
  ['file', { media: [photo] }, JSON.stringify(photo)],
  ['file', 'a file', null],
  ['quick reply', 'small', 'S'],
  ['quick reply', 'Medium', 'Medium'],
  ['quick reply', 'huge', null],
  ['multi select', 'Small, Large', '["S","L"]'],
  ['multi select', 'medium and small', '["Medium","S"]'],
  ['multi select', 'Large', '["L"]'],
  ['multi select', 'small, huge', null],
];

describe.each(bothFormats(waits))('waitFor (%s)', (_format, definition) => {
  const talk = (channelType = 'web') => new Talk(definition, { channelType });

  it.each(cases)('%s: %j stores %s', async (kind, input, stored) => {
    const t = talk();
    expect(await t.texts(`ask ${kind}`)).toEqual([`Give me a ${kind}`]);
    const replies = typeof input === 'string' ? await t.texts(input) : await t.send(input);
    if (stored === null) {
      expect(replies).toEqual(['wrong']);
      expect(t.attr('answer')).toBeUndefined();
    } else {
      expect(t.attr('answer')).toBe(stored);
      expect(replies).toEqual([`got ${stored}`]);
    }
  });

  it('a click on a quick reply answers with its payload; on a text channel, its number does', async () => {
    const t = talk();
    await t.say('ask quick reply');
    expect(await t.click('L')).toEqual(['got L']);
    const sms = talk('dlc');
    await sms.say('ask multi select');
    expect(await sms.texts('1, 3')).toEqual(['got ["S","L"]']);
  });

  it('a click answers a text wait with the title of what was clicked', async () => {
    const t = talk();
    await t.say('yes or no');
    expect(await t.click('N')).toEqual(['sure: No (N)']);
  });

  it('takes the first of several data kinds the message satisfies', async () => {
    const t = talk();
    await t.say('number or text');
    expect(await t.texts('42')).toEqual(['got 42']);
    await t.say('number or text');
    expect(await t.texts('many')).toEqual(['got many']);
  });

  it('stores the wait’s keywords found in the answer, with or without the content', async () => {
    const t = talk();
    await t.say('be patient');
    expect(await t.texts('a big one')).toEqual(['qty [] size [large]']);
    await t.say('be patient');
    expect(await t.texts('3')).toEqual(['qty [3] size [large]']);
  });

  it('without executeOnError a wrong answer is ignored and the wait keeps holding (its quick replies still answer)', async () => {
    const t = talk();
    await t.say('pick a plan');
    expect(await t.texts('hello there')).toEqual([]);
    expect(t.state.suspended?.kind).toBe('wait');
    expect(await t.texts('free')).toEqual(['plan Free']);
  });

  it('a click on a quick reply with execute stores the answer and its target replaces the chain', async () => {
    const t = talk();
    await t.say('pick a plan');
    expect(await t.click('PRO')).toEqual(['Pro it is (PRO, PRO).']);
    expect(t.attr('plan')).toBe('PRO');
    expect(t.state.suspended).toBeNull();
  });

  it('executeOnTimeout replaces the chain when the timeout passes; an answer before it cancels the timer', async () => {
    const t = talk();
    await t.say('be patient');
    expect(await t.wait(9 * 60_000)).toEqual([]);
    expect(await t.wait(60_000)).toEqual(['Still there?']);
    expect(t.state.suspended).toBeNull();
    await t.say('be patient');
    await t.say('2');
    expect(await t.wait(11 * 60_000)).toEqual([]);
  });

  it('without executeOnTimeout a timed-out wait ends silently and the next message is recognized afresh', async () => {
    const t = talk();
    await t.say('quick question');
    expect(await t.wait(30_000)).toEqual([]);
    expect(t.state.suspended).toBeNull();
    expect(await t.texts('hello there')).toEqual(['Hi!']);
    expect(t.attr('yn')).toBeUndefined();
  });

  it('the default timeout is 24 hours', async () => {
    const t = talk();
    await t.say('slow question');
    expect(await t.wait(24 * 3_600_000 - 1)).toEqual([]);
    expect(await t.wait(1)).toEqual(['Still there?']);
  });

  it('the action’s validation runs after the answer is stored; its executeOnError can ask again', async () => {
    const t = talk();
    await t.say('how old');
    expect(await t.texts('15')).toEqual(['Too young; your age again?']);
    expect(t.state.suspended?.kind).toBe('wait');
    expect(await t.texts('21')).toEqual(['welcome, 21']);
  });
});

describe('answers read in the bot’s time zone', () => {
  it('reads "tomorrow at 9am" in BOT_TIME_ZONE', async () => {
    const t = new Talk(waits, { timeZone: 'America/New_York', now: new Date('2025-03-06T03:00:00Z') });
    await t.say('ask datetime');
    // 03:00 UTC is still 5 March in New York.
    expect(await t.texts('tomorrow at 9am')).toEqual(['got 2025-03-06T09:00:00']);
  });
});
