// Reading the platform's messaging events: messages, attachments, locations, quick-reply taps, postbacks, receipts, and what is ignored.
import { describe, expect, it } from 'vitest';
import { inboundMessage } from '../../../src/channels/messenger/inbound.js';
import { readEvent, readWebhookBody, type MessagingEvent } from '../../../src/channels/messenger/webhook-events.js';

const from = (extra: object) => ({ sender: { id: '555' }, recipient: { id: '1' }, timestamp: 1_700_000_000_000, ...extra });

function read(extra: object) {
  const e = readEvent(from(extra));
  if (e.kind !== 'message' && e.kind !== 'postback') throw new Error(`not a message: ${JSON.stringify(e)}`);
  return inboundMessage(e);
}

describe('messenger inbound events', () => {
  it('reads text, a quick-reply tap and a postback, with their payloads', () => {
    expect(read({ message: { mid: 'm_1', text: 'hi' } })).toEqual({ providerMessageId: 'm_1', event: { kind: 'message', text: 'hi', payload: null, media: [], location: null } });
    expect(read({ message: { mid: 'm_2', text: 'Red', quick_reply: { payload: 'RED' } } })?.event).toMatchObject({ text: 'Red', payload: 'RED' });
    expect(read({ postback: { mid: 'm_3', title: 'Buy', payload: 'BUY' } })).toEqual({ providerMessageId: 'm_3', event: { kind: 'message', text: 'Buy', payload: 'BUY', media: [], location: null } });
  });

  it('gives back the full title of a button whose label the platform showed cut, so the runner matches it', () => {
    expect(read({ postback: { mid: 'm_4', title: 'A title far longer…', payload: 'A title far longer than twenty' } })?.event)
      .toMatchObject({ text: 'A title far longer than twenty', payload: 'A title far longer than twenty' });
    // A label that merely ends with an ellipsis is left as shown.
    expect(read({ postback: { mid: 'm_5', title: 'Wait…', payload: 'WAIT' } })?.event).toMatchObject({ text: 'Wait…' });
  });

  it('names a postback of an older client without mid by its sender and time', () => {
    expect(read({ postback: { title: 'Get Started', payload: 'GET_STARTED' } })?.providerMessageId).toBe('postback:555:1700000000000');
  });

  it('reads attachments as media, a shared location as a location, and a shared link as text', () => {
    const event = read({ message: { mid: 'm_6', attachments: [
      { type: 'image', payload: { url: 'https://scontent.example/a.jpg', sticker_id: 369239263222822 } },
      { type: 'file', title: 'cv.pdf', payload: { url: 'https://cdn.example/cv.pdf' } },
      { type: 'location', title: 'Home', payload: { coordinates: { lat: 51.5, long: -0.12 } } },
    ] } })?.event;
    // An image carrying a sticker id is a sticker (the older form); this one is the thumbs-up, read as 👍 too.
    expect(event).toEqual({
      kind: 'message', text: '👍', payload: null, location: { latitude: 51.5, longitude: -0.12, label: 'Home' },
      media: [{ url: 'https://scontent.example/a.jpg', mimeType: null, name: 'sticker 369239263222822', size: null }, { url: 'https://cdn.example/cv.pdf', mimeType: null, name: 'cv.pdf', size: null }],
    });
    // The current form: type "sticker".
    expect(read({ message: { mid: 'm_9', attachments: [{ type: 'sticker', payload: { url: 'https://scontent.example/s.png', sticker_id: 1234 } }] } })?.event)
      .toMatchObject({ text: null, media: [{ url: 'https://scontent.example/s.png', mimeType: null, name: 'sticker 1234', size: null }] });
    expect(read({ message: { mid: 'm_7', attachments: [{ type: 'fallback', payload: { url: 'https://news.example/story' } }] } })?.event.text).toBe('https://news.example/story');
    expect(read({ message: { mid: 'm_8', attachments: [{ type: 'fallback', payload: null }] } })).toBeNull();
  });

  it('reads receipts, with times written as numbers or strings', () => {
    expect(readEvent(from({ delivery: { mids: ['m_a'], watermark: 1_700_000_000_500 } }))).toEqual({ kind: 'delivery', sender: '555', mids: ['m_a'], watermark: 1_700_000_000_500 });
    expect(readEvent(from({ read: { watermark: '1700000000900' } }))).toEqual({ kind: 'read', sender: '555', watermark: 1_700_000_000_900 });
  });

  it('ignores echoes, senders without an id, and kinds it does not act on', () => {
    const ignored = (raw: object): boolean => readEvent(raw).kind === 'ignored';
    expect(ignored(from({ message: { mid: 'm_e', is_echo: true, text: 'ours' } }))).toBe(true);
    expect(ignored({ sender: { user_ref: 'x' }, recipient: { id: '1' }, message: { mid: 'm', text: 'hi' } })).toBe(true);
    expect(readEvent(from({ reaction: { mid: 'm', action: 'react' } }))).toEqual({ kind: 'ignored', why: 'a reaction event' } satisfies MessagingEvent);
    expect(ignored(from({ message: { text: 'no mid' } }))).toBe(true);
  });

  it('reads the webhook body: page entries, other objects, and what is not a webhook event', () => {
    expect(readWebhookBody({ object: 'page', entry: [{ id: 42, time: 1, messaging: [from({ read: { watermark: 1 } })] }] }))
      .toEqual({ kind: 'page', entries: [{ pageId: '42', events: [{ kind: 'read', sender: '555', watermark: 1 }] }] });
    expect(readWebhookBody({ object: 'page', entry: [{ id: '42', standby: [] }] })).toEqual({ kind: 'page', entries: [{ pageId: '42', events: [] }] });
    expect(readWebhookBody({ object: 'instagram', entry: [] })).toEqual({ kind: 'other', object: 'instagram' });
    expect(readWebhookBody({ entry: [] })).toEqual({ kind: 'unknown' });
  });
});
