// send.email: addresses rendered from tags and lists, invalid ones left out, subject and text rendered, sent with the run.
import { describe, expect, it } from 'vitest';
import { bothFormats, emailsOf, messagesOf, say, Talk } from './harness.js';

const mailer = {
  name: 'mailer',
  interactions: [
    { name: 'confirm', intents: [{ name: 'confirm', expressions: ['confirm my order'] }], actions: [
      { send: {
        message: { text: 'Confirmation sent to {sys:email}' },
        email: { to: '{sys:email}', cc: ['orders@pizza.example', '{bot:managers}'], bcc: '{audit}', subject: 'Order {order}', text: '<b>Thanks {sys:firstName}</b>', isHtml: true },
      } },
    ] },
    { name: 'plain', intents: [{ name: 'plain', expressions: ['plain mail'] }], actions: [
      { send: { email: { to: ['{sys:email}', '{typo}', 'ops@pizza.example'] } } },
      say('next'),
    ] },
    { name: 'nobody', intents: [{ name: 'nobody', expressions: ['mail nobody'] }], actions: [
      { send: { email: { to: '{missing}', subject: 'Lost' } } },
      say('still here'),
    ] },
  ],
};

describe.each(bothFormats(mailer))('send.email (%s)', (_format, definition) => {
  const options = {
    human: { firstName: 'Ann', email: 'ann@example.com' },
    attributes: { human: { order: '42', audit: 'audit@pizza.example', typo: 'not-an-address' }, bot: { managers: 'a@pizza.example; b@pizza.example' } },
  };

  it('renders recipients (one tag may hold several, split on , or ;), subject and text, with the message', async () => {
    const items = await new Talk(definition, options).say('confirm my order');
    expect(messagesOf(items).map((m) => m.text)).toEqual(['Confirmation sent to ann@example.com']);
    expect(emailsOf(items)).toEqual([{
      kind: 'email', to: ['ann@example.com'], cc: ['orders@pizza.example', 'a@pizza.example', 'b@pizza.example'], bcc: ['audit@pizza.example'],
      subject: 'Order 42', text: '<b>Thanks Ann</b>', isHtml: true,
    }]);
  });

  it('leaves out an address that is not one, with an issue; subject and text default to empty', async () => {
    const t = new Talk(definition, options);
    const items = await t.say('plain mail');
    expect(emailsOf(items)).toEqual([{ kind: 'email', to: ['ann@example.com', 'ops@pizza.example'], cc: [], bcc: [], subject: '', text: '', isHtml: false }]);
    expect(t.issues()).toEqual(['"not-an-address" is not an e-mail address; it was left out.']);
  });

  it('sends nothing when no recipient remains, and the chain goes on', async () => {
    const t = new Talk(definition, options);
    const items = await t.say('mail nobody');
    expect(emailsOf(items)).toEqual([]);
    expect(messagesOf(items).map((m) => m.text)).toEqual(['still here']);
    expect(t.issues()).toEqual(['The e-mail has no valid recipient; it was not sent.']);
  });
});
