import { describe, expect, it } from 'vitest';
import { keywordOf, keywordReply, isKeywordReply } from '../../../src/channels/sms/keywords.js';
import { renderSms } from '../../../src/channels/sms/render.js';
import { splitBody } from '../../../src/channels/sms/carrier/transport.js';
import { emptyMessage, type RenderedButton, type RenderedCard } from '../../../src/engine/outbound.js';

function button(type: string, title: string | null, payload: string | null, more: Partial<RenderedButton> = {}): RenderedButton {
  return {
    type, title, payload, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null, startTime: null, endTime: null,
    query: null, latLong: null, label: null, imageUrl: null, extra: {}, ...more,
  };
}

function card(title: string, description: string | null, media: string | null, buttons: RenderedButton[]): RenderedCard {
  return { title, description, media, mediaType: media === null ? null : 'image', buttons, cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null };
}

describe('SMS rendering', () => {
  it('numbers choices across buttons, quick replies and carousel buttons, and writes links as lines', () => {
    const message = {
      ...emptyMessage(), title: 'Pizza Place', text: 'What would you like?',
      buttons: [button('postback', 'Talk to us', 'CONTACT'), button('weburl', 'Menu', 'https://example.com/menu'), button('call', 'Call', '+15550100')],
      quickReplies: [button('text', 'Small', null), button('location', 'Send location', null), button('postback', 'Large', 'L')],
      carousel: [
        card('Margherita', 'Tomato and mozzarella', 'https://example.com/m.jpg', [button('postback', 'Order', 'M'), button('weburl', 'Details', 'https://example.com/m')]),
        card('Diavola', null, null, [button('postback', 'Order', 'D'), button('viewLocation', null, null, { label: 'Shop', latLong: { latitude: 48.85, longitude: 2.35 } })]),
      ],
    };
    expect(renderSms(message, { mms: true }).text).toBe([
      'Pizza Place', 'What would you like?', '',
      '1. Talk to us', 'Menu: https://example.com/menu', 'Call: +15550100', '2. Small', '3. Large', '',
      'Margherita', 'Tomato and mozzarella', 'https://example.com/m.jpg', '4. Order', 'Details: https://example.com/m', '',
      'Diavola', '5. Order', 'Shop: https://maps.google.com/?q=48.85,2.35',
    ].join('\n'));
  });

  it('attaches the media as MMS when the transport can, and links it otherwise', () => {
    const message = { ...emptyMessage(), text: 'Our shop', media: 'https://example.com/shop.jpg', mediaType: 'image' as const };
    expect(renderSms(message, { mms: true })).toEqual({ text: 'Our shop', media: ['https://example.com/shop.jpg'] });
    expect(renderSms(message, { mms: false })).toEqual({ text: 'Our shop\nhttps://example.com/shop.jpg', media: [] });
    expect(renderSms({ ...emptyMessage(), json: { a: 1 } }, { mms: true })).toEqual({ text: '', media: [] });
  });

  it('cuts carrier bodies over 1,600 characters at a space or line break', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const pieces = splitBody(words);
    expect(pieces.length).toBe(2);
    expect(pieces.every((p) => p.length <= 1600)).toBe(true);
    expect(pieces.join(' ')).toBe(words);
    expect(splitBody('x'.repeat(3201)).map((p) => p.length)).toEqual([1600, 1600, 1]);
    expect(splitBody('')).toEqual(['']);
  });
});

describe('carrier keywords', () => {
  it('are the whole message, any case, spaces aside', () => {
    expect(['STOP', ' stop ', 'StopAll', 'unsubscribe', 'CANCEL', 'end', 'QUIT'].map(keywordOf)).toEqual(Array(7).fill('stop'));
    expect(['START', 'yes', 'Unstop'].map(keywordOf)).toEqual(['start', 'start', 'start']);
    expect(['HELP', 'info'].map(keywordOf)).toEqual(['help', 'help']);
    expect(['stop it', 'please stop', 'STOP!', null, 'helpful'].map(keywordOf)).toEqual([null, null, null, null, null]);
  });

  it('confirm in the carriers\' words, marked so delivery recognises them', () => {
    const reply = keywordReply('help', 'Pizza Place');
    expect(reply.text).toBe('Pizza Place: Reply STOP to unsubscribe. Msg&Data Rates May Apply.');
    expect(isKeywordReply(reply)).toBe(true);
    expect(isKeywordReply({ ...emptyMessage(), text: reply.text })).toBe(false);
  });
});
