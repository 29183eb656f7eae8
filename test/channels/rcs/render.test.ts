// Every kind of bot message rendered as RBM agent messages, each checked against the fake RBM's reading of the reference.
import { describe, expect, it } from 'vitest';
import { renderAgentMessages, splitText, type RenderOptions } from '../../../src/channels/rcs/render.js';
import { clip } from '../../../src/channels/rcs/suggestions.js';
import { emptyMessage, type OutboundMessage, type RenderedButton, type RenderedCard } from '../../../src/engine/outbound.js';
import { agentMessageProblem } from '../../fakes/rbm-agent-message.js';

const options: RenderOptions = { carouselCardWidth: 'MEDIUM', country: 'US' };

function button(type: string, fields: Partial<RenderedButton> = {}): RenderedButton {
  return {
    type, title: null, payload: null, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {}, ...fields,
  };
}

function card(fields: Partial<RenderedCard>): RenderedCard {
  return { cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null, title: null, description: null, media: null, mediaType: null, buttons: [], ...fields };
}

function render(fields: Partial<OutboundMessage>, opts: RenderOptions = options) {
  const result = renderAgentMessages({ ...emptyMessage(), ...fields }, opts);
  if (!result.ok) throw new Error(result.reason);
  for (const part of result.value) expect(agentMessageProblem(part)).toBeNull();
  return result.value.map((p) => p.contentMessage);
}

describe('rendering bot messages as RBM agent messages', () => {
  it('text, with the title on its first line', () => {
    expect(render({ text: 'Hello' })).toEqual([{ text: 'Hello' }]);
    expect(render({ title: 'Order 42', text: 'On its way' })).toEqual([{ text: 'Order 42\nOn its way' }]);
  });

  it('media as a file message (contentInfo.fileUrl) before the text', () => {
    expect(render({ media: 'https://cdn.example/a.jpg', mediaType: 'image', text: 'Look' })).toEqual([
      { contentInfo: { fileUrl: 'https://cdn.example/a.jpg' } }, { text: 'Look' },
    ]);
  });

  it('suggested replies carry the title and the postback data the runner remembers', () => {
    const [m] = render({
      text: 'Pick',
      quickReplies: [button('postback', { title: 'Yes', payload: 'YES' }), button('text', { title: 'Maybe' }), button('postback', { title: 'Later', payload: 'P', postbackData: 'LATER' })],
    });
    expect(m!.suggestions).toEqual([
      { reply: { text: 'Yes', postbackData: 'YES' } },
      { reply: { text: 'Maybe', postbackData: 'Maybe' } },
      { reply: { text: 'Later', postbackData: 'LATER' } },
    ]);
  });

  it('suggested actions: dial (E.164 in the human\'s country), open URL in a webview, view and share location, calendar event', () => {
    const [m] = render({
      text: 'Actions',
      buttons: [
        button('call', { title: 'Call us', payload: '(202) 555-0123' }),
        button('weburl', { title: 'Menu', payload: 'https://example.com/menu', webviewViewMode: 'HALF', description: 'Our menu' }),
        button('weburl', { title: 'Site', payload: 'https://example.com/' }),
      ],
      quickReplies: [
        button('viewLocation', { title: 'Find us', latLong: { latitude: 48.85, longitude: 2.35 }, label: 'Shop' }),
        button('viewLocation', { title: 'Search', query: 'pizza near me' }),
        button('location', { title: 'Send location' }),
        button('calendar', { title: 'Remind me', eventTitle: 'Pickup', startTime: '2030-05-01T10:00:00Z', endTime: '2030-05-01T10:30:00Z', description: 'Bring the receipt' }),
      ],
    });
    expect(m!.suggestions).toEqual([
      { action: { text: 'Call us', postbackData: '(202) 555-0123', dialAction: { phoneNumber: '+12025550123' } } },
      { action: { text: 'Menu', postbackData: 'https://example.com/menu', openUrlAction: { url: 'https://example.com/menu', application: 'WEBVIEW', webviewViewMode: 'HALF', description: 'Our menu' } } },
      { action: { text: 'Site', postbackData: 'https://example.com/', openUrlAction: { url: 'https://example.com/' } } },
      { action: { text: 'Find us', postbackData: 'Find us', viewLocationAction: { latLong: { latitude: 48.85, longitude: 2.35 }, label: 'Shop' } } },
      { action: { text: 'Search', postbackData: 'Search', viewLocationAction: { query: 'pizza near me' } } },
      { action: { text: 'Send location', postbackData: 'Send location', shareLocationAction: {} } },
      { action: { text: 'Remind me', postbackData: 'Remind me', createCalendarEventAction: { startTime: '2030-05-01T10:00:00.000Z', endTime: '2030-05-01T10:30:00.000Z', title: 'Pickup', description: 'Bring the receipt' } } },
    ]);
  });

  it('a standalone rich card: orientation, image alignment, media height, title, description, up to 4 suggestions; quick replies as chips', () => {
    const [m] = render({
      title: 'Daily special', text: 'Fresh pasta', media: 'https://cdn.example/pasta.jpg', mediaType: 'image',
      richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: 'RIGHT', mediaHeight: 'TALL', thumbnailUrl: 'https://cdn.example/t.jpg' },
      buttons: [1, 2, 3, 4, 5].map((i) => button('postback', { title: `B${i}`, payload: `b${i}` })),
      quickReplies: [button('text', { title: 'Back' })],
    });
    expect(m).toEqual({
      richCard: {
        standaloneCard: {
          cardOrientation: 'HORIZONTAL', thumbnailImageAlignment: 'RIGHT',
          cardContent: {
            title: 'Daily special', description: 'Fresh pasta',
            media: { height: 'TALL', contentInfo: { fileUrl: 'https://cdn.example/pasta.jpg', thumbnailUrl: 'https://cdn.example/t.jpg' } },
            suggestions: [1, 2, 3, 4].map((i) => ({ reply: { text: `B${i}`, postbackData: `b${i}` } })),
          },
        },
      },
      suggestions: [{ reply: { text: 'Back', postbackData: 'Back' } }],
    });
  });

  it('a horizontal card without media is drawn vertical', () => {
    const [m] = render({ title: 'T', text: 'x', richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: 'LEFT', mediaHeight: null, thumbnailUrl: null } });
    expect(m!.richCard!.standaloneCard).toEqual({ cardOrientation: 'VERTICAL', cardContent: { title: 'T', description: 'x' } });
  });

  it('a carousel: card width from the channel, each card\'s media height, contents and suggestions; the text before it; chips on it', () => {
    const cards = ['Red', 'Blue', 'Green'].map((c) => card({ title: c, description: `A ${c} one`, media: `https://cdn.example/${c}.jpg`, mediaHeight: 'TALL', buttons: [button('postback', { title: c, payload: c.toUpperCase() })] }));
    const parts = render({ text: 'Pick a colour', carousel: cards, quickReplies: [button('text', { title: 'None' })] }, { ...options, carouselCardWidth: 'SMALL' });
    expect(parts).toHaveLength(2);
    expect(parts[0]).toEqual({ text: 'Pick a colour' });
    expect(parts[1]!.richCard!.carouselCard!.cardWidth).toBe('SMALL');
    expect(parts[1]!.richCard!.carouselCard!.cardContents[0]).toEqual({
      title: 'Red', description: 'A Red one', media: { height: 'MEDIUM', contentInfo: { fileUrl: 'https://cdn.example/Red.jpg' } },
      suggestions: [{ reply: { text: 'Red', postbackData: 'RED' } }],
    });
    expect(parts[1]!.suggestions).toEqual([{ reply: { text: 'None', postbackData: 'None' } }]);
    const medium = render({ carousel: cards });
    expect(medium[0]!.richCard!.carouselCard!.cardContents[0]!.media!.height).toBe('TALL');
  });

  it('a carousel of one card is a standalone card; more than 10 cards are cut at 10', () => {
    expect(render({ carousel: [card({ title: 'Only' })] })[0]!.richCard).toEqual({ standaloneCard: { cardOrientation: 'VERTICAL', cardContent: { title: 'Only' } } });
    const many = render({ carousel: Array.from({ length: 12 }, (_, i) => card({ title: `C${i}` })) });
    expect(many[0]!.richCard!.carouselCard!.cardContents).toHaveLength(10);
  });

  it('respects RBM\'s limits: 11 chips, 25-character labels, 2048-character postback data, 200/2000 card text, 3072 text', () => {
    const [chips] = render({ text: 'x', quickReplies: Array.from({ length: 13 }, (_, i) => button('text', { title: `Option number ${i} with a long label` })) });
    expect(chips!.suggestions).toHaveLength(11);
    expect(chips!.suggestions![0]!.reply!.text).toBe(clip('Option number 0 with a long label', 25));
    expect(chips!.suggestions![0]!.reply!.text).toHaveLength(25);

    const [long] = render({ text: 'x', quickReplies: [button('postback', { title: 'Go', payload: 'p'.repeat(3000) })] });
    expect(long!.suggestions![0]!.reply!.postbackData).toBe('Go');

    const [cardMessage] = render({ title: 't'.repeat(250), text: 'd'.repeat(2500), richCard: { cardOrientation: 'VERTICAL', imageAlignment: null, mediaHeight: null, thumbnailUrl: null } });
    expect(cardMessage!.richCard!.standaloneCard!.cardContent.title).toHaveLength(200);
    expect(cardMessage!.richCard!.standaloneCard!.cardContent.description).toHaveLength(2000);

    const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
    const pieces = render({ text: words, quickReplies: [button('text', { title: 'OK' })] });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.text).join(' ')).toBe(words);
    expect(pieces.slice(0, -1).every((p) => p.suggestions === undefined)).toBe(true);
    expect(pieces.at(-1)!.suggestions).toHaveLength(1);
    expect(splitText('a'.repeat(7000)).map((p) => p.length)).toEqual([3072, 3072, 856]);
  });

  it('buttons alone still show, under a placeholder text; custom JSON with contentMessage goes as written', () => {
    expect(render({ quickReplies: [button('text', { title: 'Hi' })] })).toEqual([{ text: '…', suggestions: [{ reply: { text: 'Hi', postbackData: 'Hi' } }] }]);
    const json = { contentMessage: { text: 'raw', suggestions: [{ reply: { text: 'R', postbackData: 'r' } }] } };
    expect(render({ json })).toEqual([json.contentMessage]);
  });

  it('refuses what RBM cannot show, saying why', () => {
    const bad = (fields: Partial<OutboundMessage>) => {
      const r = renderAgentMessages({ ...emptyMessage(), ...fields }, options);
      return r.ok ? null : r.reason;
    };
    expect(bad({})).toMatch(/nothing RCS can show/);
    expect(bad({ text: 'x', buttons: [button('weburl', { title: 'Go', payload: 'javascript:alert(1)' })] })).toMatch(/weburl button "Go".*http\(s\) URL/);
    expect(bad({ text: 'x', buttons: [button('call', { title: 'Call', payload: 'soon' })] })).toMatch(/call button "Call".*phone number/);
    expect(bad({ text: 'x', buttons: [button('calendar', { title: 'Cal', startTime: 'tomorrow', endTime: null })] })).toMatch(/ISO date-times/);
    expect(bad({ carousel: [card({}), card({ title: 'b' })] })).toMatch(/carousel card 1: a rich card needs/);
  });
});

describe('the fake RBM refuses malformed agent messages as the reference does', () => {
  it('checks unions, unknown fields, enums and limits', () => {
    expect(agentMessageProblem({ contentMessage: { text: 'a', contentInfo: { fileUrl: 'https://x/y' } } })).toMatch(/only one of/);
    expect(agentMessageProblem({ contentMessage: {} })).toMatch(/must be set/);
    expect(agentMessageProblem({ contentMessage: { text: 'a', colour: 'red' } })).toMatch(/Unknown name "colour"/);
    expect(agentMessageProblem({ contentMessage: { text: 'x'.repeat(3073) } })).toMatch(/at most 3072/);
    expect(agentMessageProblem({ contentMessage: { text: 'a', suggestions: Array.from({ length: 12 }, () => ({ reply: { text: 'a', postbackData: 'a' } })) } })).toMatch(/at most 11/);
    expect(agentMessageProblem({ contentMessage: { text: 'a', suggestions: [{ reply: { text: 'x'.repeat(26) } }] } })).toMatch(/at most 25/);
    expect(agentMessageProblem({ contentMessage: { richCard: { carouselCard: { cardWidth: 'WIDE', cardContents: [] } } } })).toMatch(/card_width/);
    expect(agentMessageProblem({ contentMessage: { richCard: { carouselCard: { cardWidth: 'SMALL', cardContents: [{ title: 'a' }] } } } })).toMatch(/2 to 10/);
    expect(agentMessageProblem({ contentMessage: { richCard: { standaloneCard: { cardOrientation: 'VERTICAL', cardContent: { title: 'a', suggestions: Array.from({ length: 5 }, () => ({ reply: { text: 'a' } })) } } } } })).toMatch(/at most 4/);
    expect(agentMessageProblem({ contentMessage: { text: 'a', suggestions: [{ action: { text: 'Call', postbackData: 'c', dialAction: { phoneNumber: '555' } } }] } })).toMatch(/E\.164/);
  });
});
