// What a bot message becomes on WhatsApp, and that whatever the bot language allows goes within the Cloud API's limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderCloudMessages, type Part } from '../../../src/channels/whatsapp/render.js';
import { emptyMessage, type OutboundMessage, type RenderedButton, type RenderedCard } from '../../../src/engine/index.js';
import { cloudMessageProblem } from '../../fakes/whatsapp-message.js';

function button(type: string, title: string | null, payload: string | null = null): RenderedButton {
  return {
    type, title, payload, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {},
  };
}

function card(title: string, media: string | null, buttons: RenderedButton[]): RenderedCard {
  return { title, description: null, media, mediaType: media === null ? null : 'image', buttons, cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null };
}

const message = (parts: Partial<OutboundMessage>): OutboundMessage => ({ ...emptyMessage(), ...parts });

function parts(m: OutboundMessage): Part[] {
  const rendered = renderCloudMessages(m);
  if (!rendered.ok) throw new Error(rendered.reason);
  return rendered.parts;
}

describe('a bot message on WhatsApp', () => {
  it('sends text, with a link preview when it has a link, split past 4,096 characters', () => {
    expect(parts(message({ text: 'See https://example.com' }))).toEqual([{ type: 'text', text: { body: 'See https://example.com', preview_url: true } }]);
    const long = parts(message({ text: `${'word '.repeat(1000)}end` }));
    expect(long).toHaveLength(2);
    expect(long.every((p) => cloudMessageProblem(p as Record<string, unknown>) === null)).toBe(true);
  });

  it('sends media by link with its caption, an uploaded media id by id, and audio before its words', () => {
    expect(parts(message({ text: 'Our shop', media: 'https://cdn.example/shop.jpg', mediaType: 'image' }))).toEqual([
      { type: 'image', image: { link: 'https://cdn.example/shop.jpg', caption: 'Our shop' } },
    ]);
    expect(parts(message({ media: '1234567890', mediaType: 'file' }))).toEqual([{ type: 'document', document: { id: '1234567890' } }]);
    expect(parts(message({ text: 'Listen', media: 'https://cdn.example/a.mp3' }))).toEqual([
      { type: 'audio', audio: { link: 'https://cdn.example/a.mp3' } }, { type: 'text', text: { body: 'Listen', preview_url: false } },
    ]);
  });

  it('makes up to three answers reply buttons, cutting titles to 20 characters while the id keeps the payload', () => {
    const [part] = parts(message({ text: 'Pick', title: 'Menu', quickReplies: [button('postback', 'A very long option title indeed', 'LONG'), button('text', 'Short')] }));
    expect(part).toEqual({ type: 'interactive', interactive: {
      type: 'button', header: { type: 'text', text: 'Menu' }, body: { text: 'Pick' },
      action: { buttons: [{ type: 'reply', reply: { id: 'LONG', title: 'A very long option…' } }, { type: 'reply', reply: { id: 'Short', title: 'Short' } }] },
    } });
  });

  it('makes four to ten answers a list, and names the answers past ten in the body', () => {
    const many = Array.from({ length: 12 }, (_, i) => button('postback', `Option ${i + 1}`, `O${i + 1}`));
    const [part] = parts(message({ text: 'Choose one', quickReplies: many.slice(0, 11), buttons: [many[11]!] }));
    const list = (part as { interactive: { type: string; body: { text: string }; action: { sections: { rows: unknown[] }[] } } }).interactive;
    expect(list.type).toBe('list');
    expect(list.action.sections[0]!.rows).toHaveLength(10);
    // Buttons come before quick replies: option 12 (a button) is a row, options 10 and 11 are named.
    expect(list.body.text).toBe('Choose one\n\nOption 10, Option 11');
  });

  it('makes a lone link a call-to-action button, and writes links and numbers out beside reply buttons', () => {
    expect(parts(message({ text: 'Our site', buttons: [button('weburl', 'Open', 'https://example.com/')] }))).toEqual([{ type: 'interactive', interactive: {
      type: 'cta_url', body: { text: 'Our site' }, action: { name: 'cta_url', parameters: { display_text: 'Open', url: 'https://example.com/' } },
    } }]);
    const [mixed] = parts(message({ text: 'Help', buttons: [button('postback', 'Agent', 'AGENT'), button('weburl', 'FAQ', 'https://example.com/faq'), button('call', 'Call', '+12025550123')] }));
    expect((mixed as { interactive: { body: { text: string } } }).interactive.body.text).toBe('Help\n\nCall: +12025550123\nFAQ: https://example.com/faq');
  });

  it('sends each card of a carousel as a message of its own, its image as the header', () => {
    const out = parts(message({ text: 'Our specials', carousel: [card('Red', 'https://cdn.example/r.jpg', [button('postback', 'Red', 'RED')]), card('Blue', null, [])] }));
    expect(out).toEqual([
      { type: 'text', text: { body: 'Our specials', preview_url: false } },
      { type: 'interactive', interactive: { type: 'button', header: { type: 'image', image: { link: 'https://cdn.example/r.jpg' } }, body: { text: '*Red*' }, action: { buttons: [{ type: 'reply', reply: { id: 'RED', title: 'Red' } }] } } },
      { type: 'text', text: { body: '*Blue*', preview_url: false } },
    ]);
  });

  it('sends a template, and custom JSON as the Cloud API message it is', () => {
    expect(renderCloudMessages(message({ template: { name: 'hello', language: 'en_US', components: [] } }))).toEqual({
      ok: true, template: true, parts: [{ type: 'template', template: { name: 'hello', language: { code: 'en_US' } } }],
    });
    expect(parts(message({ json: { type: 'reaction', reaction: { message_id: 'wamid.1', emoji: '👍' } } }))).toEqual([{ type: 'reaction', reaction: { message_id: 'wamid.1', emoji: '👍' } }]);
    expect(renderCloudMessages(message({ json: { text: 'no type' } })).ok).toBe(false);
    expect(renderCloudMessages(message({})).ok).toBe(false);
  });
});

describe('whatever the bot language allows', () => {
  const title = fc.string({ minLength: 1, maxLength: 25 });
  const payload = fc.option(fc.string({ minLength: 1, maxLength: 1000 }), { nil: null });
  const types = fc.constantFrom('postback', 'text', 'weburl', 'call', 'viewLocation', 'calendar', 'location');
  const anyButton = fc.record({ type: types, title, payload }).map(({ type, title: t, payload: p }) => button(type, t, type === 'weburl' ? 'https://example.com/x' : p));
  const media = fc.option(fc.constantFrom('https://cdn.example/a.jpg', 'https://cdn.example/b.mp4', 'https://cdn.example/c.mp3', 'https://cdn.example/d.pdf', '987654321'), { nil: null });
  const text = fc.option(fc.string({ maxLength: 3072 }), { nil: null });
  const cards = fc.array(fc.record({ title: fc.string({ maxLength: 200 }), media, buttons: fc.array(anyButton, { maxLength: 4 }) }), { maxLength: 10 });

  it('goes as messages the Cloud API takes: never a failed send for a limit the renderer could respect', () => {
    fc.assert(fc.property(text, fc.option(fc.string({ maxLength: 200 }), { nil: null }), media, fc.array(anyButton, { maxLength: 4 }), fc.array(anyButton, { maxLength: 11 }), cards,
      (t, heading, file, buttons, quickReplies, carousel) => {
        const m = message({
          text: t, title: heading, media: file, buttons, quickReplies,
          carousel: carousel.length < 2 ? [] : carousel.map((c) => card(c.title === '' ? 'x' : c.title, c.media, c.buttons)),
        });
        const rendered = renderCloudMessages(m);
        if (!rendered.ok) return;
        for (const part of rendered.parts) expect(cloudMessageProblem(part as Record<string, unknown>)).toBeNull();
      }), { numRuns: 400 });
  });
});
