// A whole bot conversation over RCS through the fake RBM: welcome, suggestion taps running their targets, a rich card, a carousel, a location, receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/server.js';
import { eventually, nth } from '../support/eventually.js';
import { rcsWorld, type RcsWorld } from './rcs-world.js';

const FEATURES = ['RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_DIAL', 'ACTION_OPEN_URL', 'ACTION_SHARE_LOCATION'];

const bot = {
  name: 'rcs shop',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Welcome! rcs={sys:rcsEnabled} features={sys:rcsFeatures}', quickReplies: [
        { type: 'postback', title: 'See the special', payload: 'SPECIAL', execute: 'special' }, { type: 'text', title: 'Help' },
      ] } } }],
    },
    {
      name: 'special',
      actions: [{ send: { message: {
        title: 'Daily special', text: 'Fresh pasta', media: 'https://cdn.example/pasta.jpg', mediaType: 'image', richCard: { cardOrientation: 'VERTICAL', mediaHeight: 'MEDIUM' },
        buttons: [
          { type: 'postback', title: 'Choose a colour', payload: 'COLOURS', execute: 'colours' },
          { type: 'weburl', title: 'Website', payload: 'https://example.com/', webviewViewMode: 'HALF' },
          { type: 'call', title: 'Call us', payload: '+12025550123' },
        ],
      } } }],
    },
    {
      name: 'colours',
      actions: [{ send: { message: { text: 'Pick a colour', carousel: [
        { title: 'Red', description: 'Warm', media: 'https://cdn.example/red.jpg', mediaType: 'image', buttons: [{ type: 'postback', title: 'Red', payload: 'RED', execute: 'deliver' }] },
        { title: 'Blue', description: 'Cool', media: 'https://cdn.example/blue.jpg', mediaType: 'image', buttons: [{ type: 'postback', title: 'Blue', payload: 'BLUE', execute: 'deliver' }] },
      ] } } }],
    },
    {
      name: 'deliver',
      actions: [
        { send: { message: { text: 'Where should we deliver {sys:payload}?', quickReplies: [{ type: 'location', title: 'Send location' }] } } },
        { waitFor: { data: ['coordinates'], content: 'spot' } },
        { send: { message: { text: 'Delivering to {spot}' } } },
      ],
    },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('an RCS conversation on %s', (kind) => {
  let w: RcsWorld;
  const phone = '+12025550142';

  beforeAll(async () => {
    w = await rcsWorld(kind, bot);
    w.fake.setNumber(phone, { kind: 'enabled', features: FEATURES });
  });
  afterAll(async () => w?.close());

  /** The next agent message RBM accepted for the phone, once it arrives. */
  const nextSent = (count: number) => nth(() => w.fake.sent.filter((s) => s.phoneNumber === phone), count);

  it('runs the bot from the first message to a delivery address, rendering every step for RBM', async () => {
    expect((await w.hook.text(phone, 'hi there')).status).toBe(200);
    const welcome = await nextSent(1);
    expect(welcome.agentId).toBe(w.agentId);
    // The message came over RCS, so the very first run knows the sender has it; RBM is asked for the features only
    // after the webhook is answered, and they are stored on the human for the runs that follow.
    expect(String(welcome.contentMessage.text)).toMatch(/^Welcome! rcs=true features=/);
    await eventually(async () => {
      const humans = (await w.api('GET', `/v1/humans?phone=${encodeURIComponent(phone)}`)).body.humans as { id: number }[];
      const exported = await w.api('GET', `/v1/humans/${humans[0]!.id}/export`);
      expect(exported.body.human).toMatchObject({ rcsEnabled: true, rcsFeatures: FEATURES });
    });
    expect(welcome.contentMessage.suggestions).toEqual([
      { reply: { text: 'See the special', postbackData: 'SPECIAL' } }, { reply: { text: 'Help', postbackData: 'Help' } },
    ]);

    await w.hook.suggestion(phone, { text: 'See the special', postbackData: 'SPECIAL' });
    const special = await nextSent(2);
    expect(special.contentMessage.richCard).toEqual({
      standaloneCard: {
        cardOrientation: 'VERTICAL',
        cardContent: {
          title: 'Daily special', description: 'Fresh pasta', media: { height: 'MEDIUM', contentInfo: { fileUrl: 'https://cdn.example/pasta.jpg' } },
          suggestions: [
            { reply: { text: 'Choose a colour', postbackData: 'COLOURS' } },
            { action: { text: 'Website', postbackData: 'https://example.com/', openUrlAction: { url: 'https://example.com/', application: 'WEBVIEW', webviewViewMode: 'HALF' } } },
            { action: { text: 'Call us', postbackData: '+12025550123', dialAction: { phoneNumber: '+12025550123' } } },
          ],
        },
      },
    });

    // A tap on the link is reported by RBM, but it is no choice of the bot's: nothing runs.
    await w.hook.suggestion(phone, { text: 'Website', postbackData: 'https://example.com/', type: 'ACTION' });
    await w.hook.suggestion(phone, { text: 'Choose a colour', postbackData: 'COLOURS' });
    const intro = await nextSent(3);
    expect(intro.contentMessage).toEqual({ text: 'Pick a colour' });
    const carousel = await nextSent(4);
    const cards = (carousel.contentMessage.richCard as { carouselCard: { cardWidth: string; cardContents: { title: string }[] } }).carouselCard;
    expect(cards.cardWidth).toBe('MEDIUM');
    expect(cards.cardContents.map((c) => c.title)).toEqual(['Red', 'Blue']);

    await w.hook.suggestion(phone, { text: 'Blue', postbackData: 'BLUE' });
    const ask = await nextSent(5);
    expect(ask.contentMessage).toEqual({ text: 'Where should we deliver BLUE?', suggestions: [{ action: { text: 'Send location', postbackData: 'Send location', shareLocationAction: {} } }] });

    await w.hook.location(phone, 40.7128, -74.006);
    const done = await nextSent(6);
    expect(String(done.contentMessage.text)).toMatch(/^Delivering to .*40\.7128.*-74\.006/);
    await w.server.services.runtime.settled();
    expect(w.fake.sent.filter((s) => s.phoneNumber === phone)).toHaveLength(6);
    // One capability lookup for the whole conversation: the answer stored on the human is reused.
    expect(w.fake.capabilityCalls.filter((c) => c.phoneNumber === phone)).toHaveLength(1);
  });

  it('moves messages to delivered and read on RBM\'s DELIVERED and READ events, never back', async () => {
    const conversationId = await w.conversationOf(phone);
    const last = (await w.outbound(conversationId)).at(-1)!;
    expect(last.status).toBe('sent');
    const rbmId = w.fake.sent.filter((s) => s.phoneNumber === phone).at(-1)!.messageId;

    expect((await w.hook.event(phone, 'IS_TYPING')).status).toBe(200);
    expect((await w.hook.event(phone, 'DELIVERED', rbmId)).status).toBe(200);
    await eventually(async () => expect((await w.outbound(conversationId)).at(-1)!.status).toBe('delivered'));
    await w.hook.event(phone, 'READ', rbmId);
    await eventually(async () => expect((await w.outbound(conversationId)).at(-1)!.status).toBe('read'));
    await w.hook.event(phone, 'DELIVERED', rbmId);
    expect((await w.outbound(conversationId)).at(-1)!.status).toBe('read');
  });

  it('stores a user message RBM pushes twice once, and a file with its URI, type, name and size', async () => {
    const conversationId = await w.conversationOf(phone);
    const before = (await w.outbound(conversationId)).length;
    await w.hook.text(phone, 'same thing twice', { messageId: 'MxSameIdTwice' });
    await w.hook.text(phone, 'same thing twice', { messageId: 'MxSameIdTwice' });
    await w.hook.file(phone, { mimeType: 'image/jpeg', fileSizeBytes: 52_817, fileUri: 'https://rcs-user-content.example/abc', fileName: 'photo.jpg' });
    await w.server.services.runtime.settled();
    const history = await w.api('GET', `/v1/conversations/${conversationId}/messages?limit=500`);
    const inbound = (history.body.messages as { direction: string; content: { text: string | null; media: unknown[] } }[]).filter((m) => m.direction === 'in');
    expect(inbound.filter((m) => m.content.text === 'same thing twice')).toHaveLength(1);
    expect(inbound.at(-1)!.content.media).toEqual([{ url: 'https://rcs-user-content.example/abc', mimeType: 'image/jpeg', name: 'photo.jpg', size: 52_817 }]);
    await eventually(async () => expect((await w.outbound(conversationId)).length).toBeGreaterThan(before));
  });
});
