// Rendering every kind of bot message as Send API messages, within the platform's limits, checked against the fake's rules.
import { describe, expect, it } from 'vitest';
import { emptyMessage, type OutboundMessage, type RenderedButton, type RenderedCard } from '../../../src/engine/outbound.js';
import { renderMessages } from '../../../src/channels/messenger/render.js';
import { sendMessageProblem } from '../../fakes/messenger-send-message.js';

function button(type: string, fields: Partial<RenderedButton> = {}): RenderedButton {
  return {
    type, title: null, payload: null, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {}, ...fields,
  };
}

function card(fields: Partial<RenderedCard>): RenderedCard {
  return { title: null, description: null, media: null, mediaType: null, buttons: [], cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null, ...fields };
}

/** The messages a bot message becomes; each one checked against the platform's rules as the fake knows them. */
function render(fields: Partial<OutboundMessage>): Record<string, unknown>[] {
  const result = renderMessages({ ...emptyMessage(), ...fields });
  if (!result.ok) throw new Error(result.reason);
  for (const part of result.parts) expect(sendMessageProblem(part.message)).toBeNull();
  return result.parts.map((p) => p.message as Record<string, unknown>);
}

const postback = (title: string, payload: string) => button('postback', { title, payload });

describe('messenger rendering', () => {
  it('sends text as is, and splits text beyond 2000 characters at a space', () => {
    expect(render({ title: 'Hello', text: 'world' })).toEqual([{ text: 'Hello\nworld' }]);
    const words = Array.from({ length: 700 }, (_, i) => `word${i}`).join(' ');
    const parts = render({ text: words });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => (p.text as string).length <= 2000)).toBe(true);
    expect(parts.map((p) => p.text).join(' ')).toBe(words);
  });

  it('sends media as an attachment of its type, guessing the type from the file name when the definition has none', () => {
    expect(render({ media: 'https://cdn.example/a.mp4', mediaType: 'video', text: 'Watch' })).toEqual([
      { attachment: { type: 'video', payload: { url: 'https://cdn.example/a.mp4' } } }, { text: 'Watch' },
    ]);
    expect(render({ media: 'https://cdn.example/pic.JPG' })).toEqual([{ attachment: { type: 'image', payload: { url: 'https://cdn.example/pic.JPG' } } }]);
    expect(render({ media: 'https://cdn.example/song.mp3' })[0]).toMatchObject({ attachment: { type: 'audio' } });
    expect(render({ media: 'https://cdn.example/terms.pdf' })[0]).toMatchObject({ attachment: { type: 'file' } });
    expect(renderMessages({ ...emptyMessage(), media: 'ftp://cdn.example/x.png' })).toMatchObject({ ok: false, reason: expect.stringMatching(/not an http\(s\) URL/) });
  });

  it('shows buttons as a button template: postback, URL with its webview height, call', () => {
    expect(render({ text: 'Choose', buttons: [
      postback('Yes', 'YES'),
      button('weburl', { title: 'Site', payload: 'https://example.com/a', webviewViewMode: 'TALL' }),
      button('call', { title: 'Call', payload: '+1 (202) 555-0123' }),
    ] })).toEqual([{ attachment: { type: 'template', payload: { template_type: 'button', text: 'Choose', buttons: [
      { type: 'postback', title: 'Yes', payload: 'YES' },
      { type: 'web_url', title: 'Site', url: 'https://example.com/a', webview_height_ratio: 'tall' },
      { type: 'phone_number', title: 'Call', payload: '+12025550123' },
    ] } } }]);
    expect(render({ text: 'x', buttons: [button('weburl', { title: 'A', payload: 'https://e.example/', webviewViewMode: 'FULL' }), button('weburl', { title: 'B', payload: 'https://e.example/', webviewViewMode: 'HALF' })] })[0])
      .toMatchObject({ attachment: { payload: { buttons: [{ webview_height_ratio: 'full' }, { webview_height_ratio: 'compact' }] } } });
  });

  it('splits more than three buttons into several templates, the text on the first', () => {
    const buttons = ['One', 'Two', 'Three', 'Four', 'Five'].map((t) => postback(t, t.toUpperCase()));
    const parts = render({ text: 'Pick', buttons });
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ attachment: { payload: { text: 'Pick', buttons: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }] } } });
    expect(parts[1]).toMatchObject({ attachment: { payload: { text: '…', buttons: [{ title: 'Four' }, { title: 'Five' }] } } });
  });

  it('cuts titles past 20 characters with an ellipsis and keeps the full title as the payload of a button without one', () => {
    const [part] = render({ text: 'Pick', buttons: [button('text', { title: 'A title far longer than twenty' })] });
    expect(part).toMatchObject({ attachment: { payload: { buttons: [{ type: 'postback', title: 'A title far longer…', payload: 'A title far longer than twenty' }] } } });
    // postbackData wins over payload; an over-long value gives way to the title.
    const [second] = render({ text: 'x', buttons: [button('postback', { title: 'T', payload: 'P', postbackData: 'D' }), button('postback', { title: 'Long', payload: 'x'.repeat(1001) })] });
    expect(second).toMatchObject({ attachment: { payload: { buttons: [{ payload: 'D' }, { payload: 'Long' }] } } });
  });

  it('sends long text before the button template, whose text stays within 640 characters', () => {
    const text = `${'a'.repeat(600)} ${'b'.repeat(600)}`;
    const parts = render({ text, buttons: [postback('Ok', 'OK')] });
    expect(parts).toEqual([{ text: 'a'.repeat(600) }, { attachment: { type: 'template', payload: { template_type: 'button', text: 'b'.repeat(600), buttons: [{ type: 'postback', title: 'Ok', payload: 'OK' }] } } }]);
    expect(render({ buttons: [postback('Ok', 'OK')] })[0]).toMatchObject({ attachment: { payload: { text: '…' } } });
  });

  it('degrades what the platform has no button for: maps and calendar links, pickers as postbacks, unusable links as text', () => {
    const [part, ...rest] = render({ text: 'Visit', buttons: [
      button('viewLocation', { title: 'Map', latLong: { latitude: 48.85, longitude: 2.35 } }),
      button('calendar', { title: 'Save', eventTitle: 'Launch', startTime: '2030-01-02T10:00:00Z', endTime: '2030-01-02T11:30:00Z', description: 'Big day' }),
      button('location', { title: 'Share location' }),
    ] });
    expect(rest).toEqual([]);
    const buttons = (part as { attachment: { payload: { buttons: { type: string; url?: string; payload?: string }[] } } }).attachment.payload.buttons;
    expect(buttons[0]).toEqual({ type: 'web_url', title: 'Map', url: 'https://www.google.com/maps/search/?api=1&query=48.85%2C2.35' });
    expect(buttons[1]!.type).toBe('web_url');
    const calendar = new URL(buttons[1]!.url!);
    expect(Object.fromEntries(calendar.searchParams)).toEqual({ action: 'TEMPLATE', text: 'Launch', dates: '20300102T100000Z/20300102T113000Z', details: 'Big day' });
    expect(buttons[2]).toEqual({ type: 'postback', title: 'Share location', payload: 'Share location' });

    // A national number cannot be dialled from the platform, nor can a link that is no URL be opened: they are written out.
    expect(render({ text: 'Reach us', buttons: [button('call', { title: 'Call', payload: '020 7946 0000' }), button('weburl', { title: 'Site', payload: 'example' })] }))
      .toEqual([{ text: 'Reach us\nCall: 020 7946 0000\nSite: example' }]);
  });

  it('shows quick replies on the last message, at most 13, with images; link-type ones become buttons', () => {
    const replies = Array.from({ length: 15 }, (_, i) => button('text', { title: `Option ${i + 1}` }));
    replies[0] = button('postback', { title: 'Red', payload: 'RED', imageUrl: 'https://cdn.example/red.png' });
    const parts = render({ text: 'Colour?', quickReplies: replies });
    expect(parts).toHaveLength(1);
    const quick = parts[0]!.quick_replies as Record<string, unknown>[];
    expect(quick).toHaveLength(13);
    expect(quick[0]).toEqual({ content_type: 'text', title: 'Red', payload: 'RED', image_url: 'https://cdn.example/red.png' });
    expect(quick[1]).toEqual({ content_type: 'text', title: 'Option 2', payload: 'Option 2' });

    expect(render({ text: 'Hi', quickReplies: [postback('Yes', 'Y'), button('weburl', { title: 'Docs', payload: 'https://docs.example/' })] })).toEqual([{
      attachment: { type: 'template', payload: { template_type: 'button', text: 'Hi', buttons: [{ type: 'web_url', title: 'Docs', url: 'https://docs.example/' }] } },
      quick_replies: [{ content_type: 'text', title: 'Yes', payload: 'Y' }],
    }]);
    // Quick replies alone still need a message to hang on.
    expect(render({ quickReplies: [postback('Yes', 'Y')] })).toEqual([{ text: '…', quick_replies: [{ content_type: 'text', title: 'Yes', payload: 'Y' }] }]);
  });

  it('shows a carousel as a generic template: titles and subtitles cut at 80, three buttons per card, more than ten cards in several', () => {
    const cards = Array.from({ length: 12 }, (_, i) => card({ title: `Card ${i + 1}`, description: 'd', media: `https://cdn.example/${i}.png`, buttons: [postback('Buy', `BUY${i}`)] }));
    cards[0] = card({
      title: 'T'.repeat(100), description: 'D'.repeat(100), media: 'https://cdn.example/clip.mp4', mediaType: 'video', thumbnailUrl: 'https://cdn.example/thumb.png',
      buttons: ['A', 'B', 'C', 'D'].map((t) => postback(t, t)),
    });
    const parts = render({ text: 'Our range', carousel: cards });
    expect(parts[0]).toEqual({ text: 'Our range' });
    const first = (parts[1] as { attachment: { payload: { elements: Record<string, unknown>[] } } }).attachment.payload.elements;
    expect(first).toHaveLength(10);
    expect(first[0]).toEqual({
      title: `${'T'.repeat(79)}…`, subtitle: `${'D'.repeat(79)}…`, image_url: 'https://cdn.example/thumb.png',
      default_action: { type: 'web_url', url: 'https://cdn.example/clip.mp4' },
      buttons: [{ type: 'postback', title: 'A', payload: 'A' }, { type: 'postback', title: 'B', payload: 'B' }, { type: 'postback', title: 'C', payload: 'C' }],
    });
    expect((parts[2] as { attachment: { payload: { elements: unknown[] } } }).attachment.payload.elements).toHaveLength(2);
    // The first card's fourth button follows the carousel, under the card's title.
    expect(parts[3]).toEqual({ attachment: { type: 'template', payload: { template_type: 'button', text: 'T'.repeat(100), buttons: [{ type: 'postback', title: 'D', payload: 'D' }] } } });
  });

  it('writes out a card with nothing but a title, which the platform cannot show as a card', () => {
    const parts = render({ carousel: [card({ title: 'Just a title' }), card({ title: 'Full', media: 'https://cdn.example/f.png' })] });
    expect(parts).toEqual([
      { attachment: { type: 'template', payload: { template_type: 'generic', elements: [{ title: 'Full', image_url: 'https://cdn.example/f.png' }] } } },
      { text: 'Just a title' },
    ]);
  });

  it('shows a standalone rich card as a one-element generic template, or as picture and text when its text is too long for a card', () => {
    const richCard = { cardOrientation: 'VERTICAL' as const, mediaHeight: 'MEDIUM' as const, imageAlignment: null, thumbnailUrl: null };
    expect(render({ richCard, title: 'Pasta', text: 'Fresh', media: 'https://cdn.example/p.jpg', buttons: [postback('Order', 'ORDER')], quickReplies: [postback('Later', 'LATER')] })).toEqual([{
      attachment: { type: 'template', payload: { template_type: 'generic', elements: [{ title: 'Pasta', subtitle: 'Fresh', image_url: 'https://cdn.example/p.jpg', buttons: [{ type: 'postback', title: 'Order', payload: 'ORDER' }] }] } },
      quick_replies: [{ content_type: 'text', title: 'Later', payload: 'LATER' }],
    }]);
    const long = 'x'.repeat(120);
    expect(render({ richCard, title: 'Pasta', text: long, media: 'https://cdn.example/p.jpg', buttons: [postback('Order', 'ORDER')] })).toEqual([
      { attachment: { type: 'image', payload: { url: 'https://cdn.example/p.jpg' } } },
      { attachment: { type: 'template', payload: { template_type: 'button', text: `Pasta\n${long}`, buttons: [{ type: 'postback', title: 'Order', payload: 'ORDER' }] } } },
    ]);
  });

  it('sends custom JSON carrying a Send API message as written, with its messaging type and tag', () => {
    const result = renderMessages({ ...emptyMessage(), text: 'ignored', json: { message: { text: 'Your e-mail?', quick_replies: [{ content_type: 'user_email' }] }, messaging_type: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' } });
    expect(result).toEqual({ ok: true, parts: [{ message: { text: 'Your e-mail?', quick_replies: [{ content_type: 'user_email' }] }, messagingType: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' }] });
  });

  it('refuses a message with nothing to show', () => {
    expect(renderMessages(emptyMessage())).toEqual({ ok: false, reason: 'the message has nothing the messenger platform can show' });
  });
});
