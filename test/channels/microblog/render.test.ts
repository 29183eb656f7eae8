// Bot messages as DMs: quick-reply options within the API's limits, links and calls as text, cards as text blocks, long text split, media attached or linked.
import { describe, expect, it } from 'vitest';
import { emptyMessage, type OutboundMessage, type RenderedButton, type RenderedCard } from '../../../src/engine/outbound.js';
import { assembleDms, NO_TEXT, renderDms } from '../../../src/channels/microblog/render.js';

function button(type: string, fields: Partial<RenderedButton> = {}): RenderedButton {
  return {
    type, title: null, payload: null, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {}, ...fields,
  };
}

function card(fields: Partial<RenderedCard>): RenderedCard {
  return { title: null, description: null, media: null, mediaType: null, buttons: [], cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null, ...fields };
}

function dms(m: Partial<OutboundMessage>, mediaId: string | null = null) {
  const r = renderDms({ ...emptyMessage(), ...m });
  if (r.kind !== 'dms') throw new Error(`rendered ${r.kind}`);
  return assembleDms(r, mediaId);
}

describe('rendering a bot message as DMs', () => {
  it('sends title and text as one DM, with quick replies as options whose metadata is the choice\'s payload', () => {
    expect(dms({
      title: 'Menu', text: 'Pick one',
      quickReplies: [
        button('postback', { title: 'Pasta', payload: 'PASTA', description: 'Fresh, with basil' }),
        button('text', { title: 'Help' }),
        button('postback', { title: 'Pizza', payload: 'P', postbackData: 'PIZZA-DATA' }),
      ],
    })).toEqual([{
      text: 'Menu\nPick one',
      quick_reply: { type: 'options', options: [
        { label: 'Pasta', description: 'Fresh, with basil', metadata: 'PASTA' },
        { label: 'Help', metadata: 'Help' },
        { label: 'Pizza', metadata: 'PIZZA-DATA' },
      ] },
    }]);
  });

  it('keeps labels to 36 characters, descriptions to 72 and metadata to 1000 (the title stands in for longer metadata)', () => {
    const long = 'x'.repeat(1001);
    const [dm] = dms({ text: 'Choose', buttons: [button('postback', { title: 'A label far longer than thirty-six characters', payload: long, description: 'd'.repeat(80) })] });
    const option = dm!.quick_reply!.options[0]!;
    expect(option.label.length).toBeLessThanOrEqual(36);
    expect(option.label.startsWith('A label far longer than thirty')).toBe(true);
    expect(option.label.endsWith('…')).toBe(true);
    expect(option.description).toHaveLength(72);
    expect(option.metadata).toBe('A label far longer than thirty-six characters');
  });

  it('degrades buttons: URLs, numbers, places and events as lines of text, postback buttons as options', () => {
    const [dm] = dms({
      text: 'Visit us',
      buttons: [
        button('weburl', { title: 'Website', payload: 'https://example.com/shop' }),
        button('call', { title: 'Call us', payload: 'tel:+12025550123' }),
        button('viewLocation', { title: 'Find us', latLong: { latitude: 48.85, longitude: 2.35 } }),
        button('calendar', { title: 'Opening', startTime: '2030-01-01T09:00:00Z', endTime: '2030-01-01T10:00:00Z' }),
        button('postback', { title: 'Book', payload: 'BOOK' }),
      ],
    });
    expect(dm!.text.split('\n')).toEqual([
      'Visit us',
      'Website: https://example.com/shop',
      'Call us: +12025550123',
      'Find us: https://www.google.com/maps/search/?api=1&query=48.85%2C2.35',
      expect.stringMatching(/^Opening: https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Opening&dates=20300101T090000Z%2F20300101T100000Z$/),
    ]);
    expect(dm!.quick_reply!.options).toEqual([{ label: 'Book', metadata: 'BOOK' }]);
  });

  it('shows a carousel as text blocks, its cards\' postback buttons as options', () => {
    const [dm] = dms({
      text: 'Pick a colour',
      carousel: [
        card({ title: 'Red', description: 'Warm', media: 'https://cdn.example/red.jpg', buttons: [button('postback', { title: 'Red', payload: 'RED' }), button('weburl', { title: 'More', payload: 'https://example.com/red' })] }),
        card({ title: 'Blue', description: 'Cool', buttons: [button('postback', { title: 'Blue', payload: 'BLUE' })] }),
      ],
    });
    expect(dm).toEqual({
      text: 'Pick a colour\n\nRed\nWarm\nhttps://cdn.example/red.jpg\nMore: https://example.com/red\n\nBlue\nCool',
      quick_reply: { type: 'options', options: [{ label: 'Red', metadata: 'RED' }, { label: 'Blue', metadata: 'BLUE' }] },
    });
  });

  it('offers at most 20 options and names the others in the text, where typing one selects it', () => {
    const [dm] = dms({ text: 'Pick', quickReplies: Array.from({ length: 22 }, (_, i) => button('postback', { title: `Option ${i + 1}`, payload: `O${i + 1}` })) });
    expect(dm!.quick_reply!.options).toHaveLength(20);
    expect(dm!.text).toBe('Pick\n\nOption 21\nOption 22');
  });

  it('splits text over 10,000 characters at a space, the options under the last DM', () => {
    const words = Array.from({ length: 2500 }, (_, i) => `w${String(i).padStart(4, '0')}`).join(' ');
    const parts = dms({ text: words, quickReplies: [button('text', { title: 'Ok' })] });
    expect(parts).toHaveLength(2);
    expect(parts[0]!.text.length).toBeLessThanOrEqual(10_000);
    expect(parts[0]!.quick_reply).toBeUndefined();
    expect(`${parts[0]!.text} ${parts[1]!.text}`).toBe(words);
    expect(parts[1]!.quick_reply!.options).toEqual([{ label: 'Ok', metadata: 'Ok' }]);
  });

  it('attaches uploaded media to the first DM, or shows its URL when it could not be uploaded', () => {
    const m = { text: 'Our menu', media: 'https://cdn.example/menu.png', mediaType: 'image' as const };
    expect(dms(m, '710511363345354753')).toEqual([{ text: 'Our menu', attachment: { type: 'media', media: { id: '710511363345354753' } } }]);
    expect(dms(m)).toEqual([{ text: 'https://cdn.example/menu.png\nOur menu' }]);
    expect(dms({ media: 'https://cdn.example/menu.png' }, '1')).toEqual([{ text: '', attachment: { type: 'media', media: { id: '1' } } }]);
    expect(dms({ quickReplies: [button('text', { title: 'Yes' })] })).toEqual([{ text: NO_TEXT, quick_reply: { type: 'options', options: [{ label: 'Yes', metadata: 'Yes' }] } }]);
  });

  it('sends custom JSON with message_data as written, and refuses a message with nothing to show', () => {
    const data = { text: 'raw', quick_reply: { type: 'options', options: [{ label: 'A' }] } };
    expect(renderDms({ ...emptyMessage(), json: { message_data: data } })).toEqual({ kind: 'custom', data });
    expect(renderDms(emptyMessage())).toMatchObject({ kind: 'empty' });
  });
});
