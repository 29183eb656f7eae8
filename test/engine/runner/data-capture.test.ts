// dataCapture (bot format): forms on web chat (popup and message mode, submit, dismiss, checks), asked field by field elsewhere.
import { describe, expect, it } from 'vitest';
import { formOf, say, Talk } from './harness.js';

const forms = {
  name: 'forms',
  interactions: [
    { name: 'signup', intents: [{ name: 'signup', expressions: ['sign me up'] }], actions: [
      { dataCapture: {
        displayMode: 'popup', submitButton: 'Send', dismissButton: 'Not now', executeOnSubmit: 'thanks', executeOnDismiss: 'later',
        fields: [
          { type: 'text', attribute: 'sys:firstName', title: 'Name', required: true },
          { type: 'email', attribute: 'contactEmail', title: 'E-mail', placeholder: 'you@example.com', required: true },
          { type: 'select', attribute: 'size', title: 'Size', options: ['Small', 'Large'] },
          { type: 'checkbox', attribute: 'toppings', title: 'Toppings', options: ['Ham', 'Olives', 'Basil'] },
          { type: 'switch', attribute: 'newsletter', title: 'Newsletter' },
          { type: 'date', attribute: 'day', title: 'Day' },
          { type: 'phone', attribute: 'bot:lastPhone' },
        ] } },
      say('Done: {sys:firstName} | {contactEmail} | {size} | {toppings} | {newsletter} | {day} | {bot:lastPhone}'),
    ] },
    { name: 'thanks', intents: [], actions: [say('Thanks {sys:firstName}!')] },
    { name: 'later', intents: [], actions: [say('Maybe later.')] },
    { name: 'feedback', intents: [{ name: 'feedback', expressions: ['leave feedback'] }], actions: [
      { dataCapture: { displayMode: 'message', submitButton: 'Send', executeOnSubmit: 'gotFeedback',
        fields: [{ type: 'radio', attribute: 'mood', title: 'How was it?', options: ['Good', 'Bad'], required: true }],
        populate: { from: 'extraFields' } } },
      say('Carrying on.'),
    ] },
    { name: 'gotFeedback', intents: [], actions: [say('Feedback: {mood} {remark}')] },
    { name: 'hours', intents: [{ name: 'hours', expressions: ['opening hours'] }], actions: [say('We open at 11.')] },
  ],
};

const extraFields = JSON.stringify([{ type: 'text', attribute: 'remark', title: 'Anything else?' }, { type: 'bogus', attribute: 'x' }]);
const valid = { 'sys:firstName': 'Ann', contactEmail: 'ann@example.com', size: 'large', toppings: ['Ham', 'Basil'], newsletter: true, day: '2025-03-10', 'bot:lastPhone': '+1 555 010 0100' };

describe('dataCapture on web chat', () => {
  const talk = () => new Talk(forms, { attributes: { human: { extraFields } } });

  it('shows a popup form and holds; a valid submit stores every field (normalized) and runs executeOnSubmit, then the chain goes on', async () => {
    const t = talk();
    const form = formOf(await t.say('sign me up'));
    expect(form).toMatchObject({ displayMode: 'popup', submitButton: 'Send', dismissButton: 'Not now' });
    expect(form!.fields.map((f) => [f.type, f.name, f.title, f.required, f.options])).toEqual([
      ['text', 'sys:firstName', 'Name', true, []], ['email', 'contactEmail', 'E-mail', true, []], ['select', 'size', 'Size', false, ['Small', 'Large']],
      ['checkbox', 'toppings', 'Toppings', false, ['Ham', 'Olives', 'Basil']], ['switch', 'newsletter', 'Newsletter', false, []],
      ['date', 'day', 'Day', false, []], ['phone', 'bot:lastPhone', null, false, []],
    ]);
    expect(t.state.suspended?.kind).toBe('form');
    expect(await t.form(form!.token, 'submit', valid)).toEqual([
      'Thanks Ann!', 'Done: Ann | ann@example.com | Large | ["Ham","Basil"] | true | 2025-03-10 | +1 555 010 0100',
    ]);
    expect(t.conversation.human.firstName).toBe('Ann');
  });

  it('a submit with problems says them and shows the form again; the form still holds', async () => {
    const t = talk();
    const form = formOf(await t.say('sign me up'))!;
    const replies = await t.event({ kind: 'form', token: form.token, action: 'submit', values: { ...valid, 'sys:firstName': '', contactEmail: 'nope', size: 'Huge' } });
    expect(replies[0]).toMatchObject({ text: 'Name is required.\nE-mail: "nope" is not an e-mail address.\nSize: choose one of Small, Large.' });
    expect(formOf(replies)?.token).toBe(form.token);
    expect(t.attr('contactEmail')).toBeUndefined();
    expect(await t.form(form.token, 'submit', valid)).toHaveLength(2);
  });

  it('dismiss runs executeOnDismiss in place of the rest of the chain', async () => {
    const t = talk();
    const form = formOf(await t.say('sign me up'))!;
    expect(await t.form(form.token, 'dismiss')).toEqual(['Maybe later.']);
    expect(t.state.suspended).toBeNull();
    expect(await t.form(form.token, 'submit', valid)).toEqual([]);
    expect(t.issues()).toEqual(['A form came back that is no longer open; it was ignored.']);
  });

  it('a message while a popup is open shows the form again and is not taken for anything else', async () => {
    const t = talk();
    const form = formOf(await t.say('sign me up'))!;
    const replies = await t.say('opening hours');
    expect(formOf(replies)?.token).toBe(form.token);
    expect(replies).toHaveLength(1);
  });

  it('a message-mode form does not hold the chain; submitted later, it stores and runs executeOnSubmit; populate adds fields', async () => {
    const t = talk();
    const replies = await t.say('leave feedback');
    const form = formOf(replies)!;
    expect(form.fields.map((f) => f.name)).toEqual(['mood', 'remark']);
    expect(replies.map((m) => (m.kind === 'message' ? m.text : null))).toEqual([null, 'Carrying on.']);
    expect(await t.texts('opening hours')).toEqual(['We open at 11.']);
    expect(await t.form(form.token, 'submit', { mood: 'good', remark: 'Tasty' })).toEqual(['Feedback: Good Tasty']);
    expect(t.state.openForms).toEqual([]);
  });
});

describe('dataCapture on a text channel', () => {
  const talk = () => new Talk(forms, { channelType: 'dlc', attributes: { human: { extraFields } } });

  it('asks field by field: numbered options, skip for optional fields, a wrong answer explained and asked again', async () => {
    const t = talk();
    expect(await t.texts('sign me up')).toEqual(['Name\nReply "Not now" to stop.']);
    expect(await t.texts('Ann')).toEqual(['E-mail (you@example.com)\nReply "Not now" to stop.']);
    expect(await t.texts('ann at example')).toEqual([
      'E-mail: "ann at example" is not an e-mail address.', 'E-mail (you@example.com)\nReply "Not now" to stop.',
    ]);
    expect(await t.texts('ann@example.com')).toEqual(['Size\n1. Small\n2. Large\nReply "skip" to leave it empty.\nReply "Not now" to stop.']);
    expect(await t.texts('2')).toEqual(['Toppings\n1. Ham\n2. Olives\n3. Basil\nSeveral answers: separate them with commas.\nReply "skip" to leave it empty.\nReply "Not now" to stop.']);
    expect(await t.texts('1, basil')).toEqual(['Newsletter\nAnswer yes or no.\nReply "skip" to leave it empty.\nReply "Not now" to stop.']);
    expect(await t.texts('yes')).toEqual(['Day\nReply "skip" to leave it empty.\nReply "Not now" to stop.']);
    expect(await t.texts('skip')).toEqual(['bot:lastPhone\nReply "skip" to leave it empty.\nReply "Not now" to stop.']);
    expect(await t.texts('555 0100 22')).toEqual(['Thanks Ann!', 'Done: Ann | ann@example.com | Large | ["Ham","Basil"] | true |  | 555 0100 22']);
  });

  it('the dismiss button’s name stops the form and runs executeOnDismiss in place of the chain', async () => {
    const t = talk();
    await t.say('sign me up');
    expect(await t.texts('not now')).toEqual(['Maybe later.']);
    expect(t.state.suspended).toBeNull();
  });

  it('in message mode, an answer the field does not take leaves the form and is handled as any message', async () => {
    const t = talk();
    expect(await t.texts('leave feedback')).toEqual(['How was it?\n1. Good\n2. Bad']);
    expect(await t.texts('opening hours')).toEqual(['We open at 11.']);
    expect(t.state.suspended).toBeNull();
    expect(t.state.frames).toEqual([]);
  });
});
