// send.note: a note for staff, kept with the conversation or texted to a phone; executeOnError when it cannot be delivered.
import { describe, expect, it } from 'vitest';
import { bothFormats, notesOf, say, Talk, textsOf } from './harness.js';

const notes = {
  name: 'notes',
  interactions: [
    { name: 'refund', intents: [{ name: 'refund', expressions: ['i want a refund'] }], actions: [
      { send: { note: { text: '{sys:firstName} asks for a refund of order {order}' } } },
      { send: { note: { text: 'Call {sys:firstName}', channelId: 12, recipientPhone: '{bot:manager}', priority: 'kept as an extra' } } },
      say('A person will call you back.'),
    ] },
    { name: 'badPhone', intents: [{ name: 'badPhone', expressions: ['bad phone'] }], actions: [
      { send: { note: { text: 'Call back', channelId: 12, recipientPhone: '{typo}', executeOnError: 'noteFailed' } } },
      say('never sent'),
    ] },
    { name: 'noChannel', intents: [{ name: 'noChannel', expressions: ['no channel'] }], actions: [
      { send: { note: { text: 'Call back', recipientPhone: '+15550100', executeOnError: ['noteFailed', 'apology'] } } },
    ] },
    { name: 'quietFailure', intents: [{ name: 'quietFailure', expressions: ['quiet failure'] }], actions: [
      { send: { note: { text: 'Call back', channelId: 12, recipientPhone: '{typo}' } } },
      say('went on'),
    ] },
    { name: 'noteFailed', intents: [], actions: [say('We could not reach the team.')] },
    { name: 'apology', intents: [], actions: [say('Sorry.')] },
  ],
};

describe.each(bothFormats(notes))('send.note (%s)', (_format, definition) => {
  const talk = (canText = true) => new Talk(definition, {
    human: { firstName: 'Ann' }, attributes: { human: { order: '42', typo: 'call me' }, bot: { manager: '+1 (555) 010-0199' } },
  });

  it('keeps a note in the conversation, or texts it to a phone through an SMS channel (the phone normalized)', async () => {
    const items = await talk().say('i want a refund');
    expect(notesOf(items)).toEqual([
      { kind: 'note', text: 'Ann asks for a refund of order 42', channelId: null, recipientPhone: null },
      { kind: 'note', text: 'Call Ann', channelId: 12, recipientPhone: '+15550100199' },
    ]);
    expect(textsOf(items)).toEqual(['A person will call you back.']);
  });

  it('a phone that is not one runs executeOnError in place of the chain', async () => {
    const t = talk();
    expect(await t.texts('bad phone')).toEqual(['We could not reach the team.']);
    expect(t.issues()).toEqual(['The note was not sent: "callme" is not a phone number a note can be texted to.']);
  });

  it('a phone without a channel to text through fails too; several targets run in order', async () => {
    const t = talk();
    expect(await t.texts('no channel')).toEqual(['We could not reach the team.', 'Sorry.']);
  });

  it('without executeOnError the failure is an issue and the chain goes on', async () => {
    const t = talk();
    const items = await t.say('quiet failure');
    expect(notesOf(items)).toEqual([]);
    expect(textsOf(items)).toEqual(['went on']);
    expect(t.issues()).toHaveLength(1);
  });
});
