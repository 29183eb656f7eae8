// The worked examples of docs/bot-language.md §14, run as written there, with the conversations the reference describes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messagesOf, Talk } from './harness.js';

const reference = readFileSync(new URL('../../../docs/bot-language.md', import.meta.url), 'utf8');
const section = reference.slice(reference.indexOf('## 14. How a conversation runs'));
const examples = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
/** The first example of §14 that defines a bot with this name. */
const bot = (name: string) => {
  const found = examples.find((e) => e.name === name && (e.interactions || e.workflows));
  if (found === undefined) throw new Error(`no example bot "${name}" in §14`);
  return found;
};
const wrap = (interaction: Record<string, unknown>, ...others: Record<string, unknown>[]) => ({ name: 'wrapped', interactions: [interaction, ...others] });
const saying = (name: string, text: string) => ({ name, actions: [{ send: { message: { text } } }] });

describe('docs/bot-language.md §14 examples', () => {
  it('what a message triggers', async () => {
    const t = new Talk(bot('pizza'));
    expect(await t.texts('when are you open')).toEqual(['Hi! Hungry?']);
    expect(await t.texts('i want a big pizza')).toEqual(['A large pizza it is.']);
    expect(t.attr('size')).toBe('large');
    expect(await t.texts('qwerty')).toEqual(['Sorry, "qwerty"?']);
  });

  it('execute and goto', async () => {
    const t = new Talk(bot('flow'));
    expect(await t.texts('go')).toEqual(['1', '2', '3: how old are you?', '4', '3: how old are you?']);
    expect(t.state.suspended?.kind).toBe('wait');
  });

  it('interaction validation', async () => {
    expect(await new Talk(bot('bar'), { attributes: { human: { age: '16' } } }).texts('a drink please')).toEqual(['Juice or soda?']);
    expect(await new Talk(bot('bar'), { attributes: { human: { age: '30' } } }).texts('a drink please')).toEqual(['Beer or wine?']);
  });

  it('waits', async () => {
    const t = new Talk(bot('quantity'));
    await t.say('order');
    expect(await t.texts('a few')).toEqual(['A number, please.', 'How many pizzas?']);
    expect(await t.texts('0')).toEqual(['A number, please.', 'How many pizzas?']);
    expect(await t.texts('3')).toEqual(['3 pizzas, coming up.']);
    await t.say('order');
    expect(await t.wait(10 * 60_000)).toEqual(['Still there? Say "order" to start again.']);
  });

  it('holds', async () => {
    expect(await new Talk(bot('story')).texts('tell me a story')).toEqual(['Once upon a time…', '…there was a pizza.', 'The end.']);
  });

  it('dialogs', async () => {
    const order = examples.find((e) => e.name === 'order' && Array.isArray(e.actions))!;
    const definition = wrap(order, saying('cancelled', 'Cancelled.'), saying('paused', 'Paused.'),
      { name: 'hours', intents: [{ name: 'hours', expressions: ['when are you open'] }], actions: [{ send: { message: { text: 'At 11.' } } }] });
    const t = new Talk(definition);
    expect(await t.texts('order')).toEqual(['Size?']);
    await t.say('large');
    expect(await t.texts('start over')).toEqual(['Size?']);
    expect(await t.texts('cancel')).toEqual(['Cancelled.']);
    await t.say('order');
    await t.say('large');
    expect(await t.texts('when are you open')).toEqual(['Paused.', 'At 11.']);
  });

  it('forms on a text channel', async () => {
    const form = examples.find((e) => 'dataCapture' in e)!;
    const t = new Talk(wrap({ name: 'f', intents: [{ name: 'f', expressions: ['form'] }], actions: [form] }, saying('thanks', 'Thanks {sys:firstName}, {size}.'), saying('later', 'Later.')), { channelType: 'dlc' });
    expect(await t.texts('form')).toEqual(['Name\nReply "Not now" to stop.']);
    expect(await t.texts('Ann')).toEqual(['Size\n1. Small\n2. Large\nReply "skip" to leave it empty.\nReply "Not now" to stop.']);
    expect(await t.texts('2')).toEqual(['Thanks Ann, Large.']);
  });

  it('populate', async () => {
    const send = examples.find((e) => (e.send as Record<string, unknown> | undefined)?.populate !== undefined)!;
    const menu = JSON.stringify([{ sku: 'm', name: 'Margherita', price: 9 }, { sku: 'd', name: 'Diavola', price: 11 }]);
    const t = new Talk(wrap({ name: 'p', intents: [{ name: 'p', expressions: ['menu'] }], actions: [send] }), { attributes: { human: { menu } } });
    const [message] = messagesOf(await t.say('menu'));
    expect(message!.quickReplies.map((q) => [q.title, q.payload])).toEqual([['Margherita (9 €)', 'ADD_m'], ['Diavola (11 €)', 'ADD_d']]);
  });

  it('bounds', async () => {
    const loop = examples.find((e) => e.name === 'loop')!;
    const t = new Talk(wrap(loop));
    await t.say('loop');
    expect(t.issues()).toEqual(['More than 1000 actions ran for one event; the chain was stopped as a loop.']);
  });
});
