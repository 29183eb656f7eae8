// The inbox's reading of a channel view: texts, options and a note for each kind; null for kinds it does not know.
import { describe, expect, it } from 'vitest';
import { viewLines } from '../../web/console/src/pages/channel-view.js';

describe('a channel view as the inbox shows it', () => {
  it('reads SMS, messenger, RCS, DM, voice and Telegram views', () => {
    expect(viewLines({ kind: 'sms', text: 'Pick one\n1. Yes\n2. No', segments: 1, encoding: 'GSM-7' }))
      .toEqual({ texts: ['Pick one\n1. Yes\n2. No'], chips: [], note: '1 SMS segment · GSM-7' });
    expect(viewLines({ kind: 'messenger', messages: [
      { text: 'Hello' },
      { attachment: { type: 'template', payload: { template_type: 'button', text: 'Menu?', buttons: [{ type: 'postback', title: 'Pizza' }] } }, quick_replies: [{ title: 'Later' }] },
    ] })).toEqual({ texts: ['Hello', 'Menu?'], chips: ['Pizza', 'Later'], note: 'Messenger · 2 messages' });
    expect(viewLines({ kind: 'rcs', messages: [{ contentMessage: { text: 'Hi', suggestions: [{ reply: { text: 'Yes', postbackData: 'y' } }, { action: { text: 'Call', dialAction: {} } }] } }] }))
      .toEqual({ texts: ['Hi'], chips: ['Yes', 'Call'], note: 'RCS' });
    expect(viewLines({ kind: 'dm', messages: [{ text: 'Hey', quick_reply: { type: 'options', options: [{ label: 'A' }] } }], media: null }))
      .toEqual({ texts: ['Hey'], chips: ['A'], note: 'Direct message' });
    expect(viewLines({ kind: 'voice', speech: { type: 'PlainText', text: 'Hello there.' }, card: null }))
      .toEqual({ texts: ['Hello there.'], chips: [], note: 'Spoken' });
    expect(viewLines({ kind: 'telegram', calls: [
      { method: 'sendPhoto', params: { photo: 'https://cdn.example/a.jpg' } },
      { method: 'sendMessage', params: { text: 'Menu?', reply_markup: { inline_keyboard: [[{ text: 'Pizza', callback_data: 'P' }, { text: 'Site', url: 'https://x.example' }]] } } },
    ] })).toEqual({ texts: ['[photo]', 'Menu?'], chips: ['Pizza', 'Site'], note: 'Telegram · 2 messages' });
  });

  it('gives null for an unknown kind, so the message is shown as written', () => {
    expect(viewLines({ kind: 'fax' })).toBeNull();
    expect(viewLines(null)).toBeNull();
  });
});
