// A whole bot conversation through the fake messenger platform: first contact with the profile, quick replies and postbacks running their targets, a carousel, media, a location, receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/server.js';
import { eventually, nth } from '../support/eventually.js';
import { messengerWorld, type MessengerWorld } from './messenger-world.js';

const bot = {
  name: 'messenger shop',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Welcome {sys:firstName}!', quickReplies: [
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
        { send: { message: { text: 'Where should we deliver {sys:payload}?', media: 'https://cdn.example/map.png' } } },
        { waitFor: { data: ['coordinates'], content: 'spot' } },
        { send: { message: { text: 'Delivering to {spot}. A photo of your door, please?' } } },
        { waitFor: { data: ['file'], content: 'door' } },
        { send: { message: { text: 'Thanks, got it.' } } },
      ],
    },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('a messenger conversation on %s', (kind) => {
  let w: MessengerWorld;
  const psid = '24800112233445566';

  beforeAll(async () => {
    w = await messengerWorld(kind, bot);
    w.fake.person(w.page.pageId, psid, { firstName: 'Grace', lastName: 'Hopper' });
  });
  afterAll(async () => w?.close());

  /** The `count`-th message the platform accepted for the person, once it arrives. */
  const nextSent = (count: number) => nth(() => w.fake.sentTo(psid), count);

  it('runs the bot from the first message to a photo of the door, rendering every step for the platform', async () => {
    const first = await w.hook.text(psid, 'hi there');
    expect(first).toEqual({ status: 200, text: 'EVENT_RECEIVED' });
    const welcome = await nextSent(1);
    // The profile is asked once the webhook is answered: the very first run may or may not know the name yet.
    expect(welcome).toMatchObject({ pageId: w.page.pageId, messagingType: 'RESPONSE', tag: null });
    expect(welcome.message).toEqual({
      text: expect.stringMatching(/^Welcome (Grace)?!$/),
      quick_replies: [
        { content_type: 'text', title: 'See the special', payload: 'SPECIAL' },
        { content_type: 'text', title: 'Help', payload: 'Help' },
      ],
    });
    const humanId = (await w.server.services.runtime.repos.identities.humanOf(w.channelId, psid))!;
    await eventually(async () => expect((await w.api('GET', `/v1/humans/${humanId}`)).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' }));

    await w.hook.quickReply(psid, 'See the special', 'SPECIAL');
    const special = await nextSent(2);
    expect(special.message).toEqual({ attachment: { type: 'template', payload: { template_type: 'generic', elements: [{
      title: 'Daily special', subtitle: 'Fresh pasta', image_url: 'https://cdn.example/pasta.jpg',
      buttons: [
        { type: 'postback', title: 'Choose a colour', payload: 'COLOURS' },
        { type: 'web_url', title: 'Website', url: 'https://example.com/', webview_height_ratio: 'compact' },
        { type: 'phone_number', title: 'Call us', payload: '+12025550123' },
      ],
    }] } } });

    await w.hook.postback(psid, 'Choose a colour', 'COLOURS');
    expect((await nextSent(3)).message).toEqual({ text: 'Pick a colour' });
    const carousel = await nextSent(4);
    expect(carousel.message).toEqual({ attachment: { type: 'template', payload: { template_type: 'generic', elements: [
      { title: 'Red', subtitle: 'Warm', image_url: 'https://cdn.example/red.jpg', buttons: [{ type: 'postback', title: 'Red', payload: 'RED' }] },
      { title: 'Blue', subtitle: 'Cool', image_url: 'https://cdn.example/blue.jpg', buttons: [{ type: 'postback', title: 'Blue', payload: 'BLUE' }] },
    ] } } });

    // A tap on a card's postback button: the payload selects the choice and runs its target.
    await w.hook.postback(psid, 'Blue', 'BLUE');
    expect((await nextSent(5)).message).toEqual({ attachment: { type: 'image', payload: { url: 'https://cdn.example/map.png' } } });
    expect((await nextSent(6)).message).toEqual({ text: 'Where should we deliver BLUE?' });

    await w.hook.location(psid, 40.7128, -74.006);
    expect(String((await nextSent(7)).message.text)).toMatch(/^Delivering to .*40\.7128.*-74\.006.*door/);

    await w.hook.attachments(psid, [{ type: 'image', payload: { url: 'https://scontent.example/door.jpg' } }]);
    expect((await nextSent(8)).message).toEqual({ text: 'Thanks, got it.' });
    await w.server.services.runtime.settled();
    expect(w.fake.sentTo(psid)).toHaveLength(8);
    expect(w.fake.sentTo(psid).every((s) => s.messagingType === 'RESPONSE')).toBe(true);
    // One profile lookup: the name is stored with the human on first contact.
    expect(w.fake.profileCalls.filter((c) => c.psid === psid)).toHaveLength(1);

    const conversationId = await w.conversationOf(psid);
    const history = await w.api('GET', `/v1/conversations/${conversationId}/messages?limit=500`);
    const inbound = (history.body.messages as { direction: string; content: Record<string, unknown> }[]).filter((m) => m.direction === 'in').map((m) => m.content);
    expect(inbound[1]).toMatchObject({ text: 'See the special', payload: 'SPECIAL' });
    expect(inbound[2]).toMatchObject({ text: 'Choose a colour', payload: 'COLOURS' });
    expect(inbound[4]).toMatchObject({ location: { latitude: 40.7128, longitude: -74.006, label: 'Pinned Location' } });
    expect(inbound[5]).toMatchObject({ media: [{ url: 'https://scontent.example/door.jpg', mimeType: null, name: null, size: null }] });
  });

  it('moves messages to delivered and read by the receipts\' mids and watermarks, never back', async () => {
    const conversationId = await w.conversationOf(psid);
    const sent = w.fake.sentTo(psid);
    const before = await w.outbound(conversationId);
    expect(before.every((m) => m.status === 'sent')).toBe(true);

    // Delivered by mid: only the message the platform names.
    expect((await w.hook.delivery(psid, sent[0]!.timestamp - 60_000, [sent[0]!.messageId])).status).toBe(200);
    await eventually(async () => expect((await w.outbound(conversationId))[0]!.status).toBe('delivered'));
    expect((await w.outbound(conversationId)).slice(1).every((m) => m.status === 'sent')).toBe(true);

    // Read up to the sixth message's time: every message sent before it, none after.
    await w.hook.read(psid, sent[5]!.timestamp);
    await eventually(async () => {
      const rows = await w.outbound(conversationId);
      // Six messages in eight sends: "Pick a colour" and its carousel are one message, so are the picture and the question.
      expect(rows.map((r) => r.status)).toEqual(['read', 'read', 'read', 'read', 'sent', 'sent']);
    });
    // A late delivery receipt does not move anything back.
    await w.hook.delivery(psid, sent.at(-1)!.timestamp);
    await eventually(async () => expect((await w.outbound(conversationId)).map((r) => r.status)).toEqual(['read', 'read', 'read', 'read', 'delivered', 'delivered']));
  });

  it('stores a message the platform sends twice once, and ignores echoes of the page\'s own messages', async () => {
    const conversationId = await w.conversationOf(psid);
    await w.hook.text(psid, 'same thing twice', { mid: 'm_same_id_twice' });
    await w.hook.text(psid, 'same thing twice', { mid: 'm_same_id_twice' });
    expect((await w.hook.echo(psid, 'an echo')).status).toBe(200);
    await w.server.services.runtime.settled();
    const history = await w.api('GET', `/v1/conversations/${conversationId}/messages?limit=500`);
    const inbound = (history.body.messages as { direction: string; content: { text: string | null } }[]).filter((m) => m.direction === 'in');
    expect(inbound.filter((m) => m.content.text === 'same thing twice')).toHaveLength(1);
    expect(inbound.filter((m) => m.content.text === 'an echo')).toHaveLength(0);
    await eventually(() => expect(w.fake.sentTo(psid).at(-1)!.message).toEqual({ text: 'You said: same thing twice' }));
  });
});
