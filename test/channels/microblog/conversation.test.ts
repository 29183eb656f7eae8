// A whole bot conversation through the fake network: first contact with the display name, quick replies running their targets, an uploaded picture, a photo back, read markers, echoes ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/server.js';
import { eventually, nth } from '../support/eventually.js';
import { microblogWorld, PNG, type MicroblogWorld } from './microblog-world.js';

function bot(pictureUrl: string) {
  return {
    name: 'microblog shop',
    interactions: [
      {
        name: 'welcome', intents: ['sys:start'],
        actions: [{ send: { message: {
          text: 'Hi {sys:firstName}! What can I do?',
          buttons: [{ type: 'weburl', title: 'Website', payload: 'https://example.com/' }],
          quickReplies: [{ type: 'postback', title: 'See the menu', payload: 'MENU', execute: 'menu' }, { type: 'text', title: 'Talk to a human' }],
        } } }],
      },
      {
        name: 'menu',
        actions: [{ send: { message: {
          title: 'Today', text: 'Fresh pasta', media: pictureUrl, mediaType: 'image',
          quickReplies: [{ type: 'postback', title: 'Order pasta', payload: 'PASTA', description: 'With basil', execute: 'order' }],
        } } }],
      },
      {
        name: 'order',
        actions: [
          { send: { message: { text: 'Ordered {sys:payload}. A photo of your door, please?' } } },
          { waitFor: { data: ['file'], content: 'door' } },
          { send: { message: { text: 'Thanks, got it.' } } },
        ],
      },
      { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
    ],
  };
}

describe.each(DATABASES)('a microblog DM conversation on %s', (kind) => {
  let w: MicroblogWorld;
  const person = '1380000000000000001';

  beforeAll(async () => {
    w = await microblogWorld(kind, (mediaUrl) => bot(`${mediaUrl}/pasta.png`));
    w.media.put('/pasta.png', 'image/png', PNG);
    w.fake.person(person, { name: 'Ada Lovelace', screenName: 'ada' });
  });
  afterAll(async () => w?.close());

  const nextSent = (count: number) => nth(() => w.fake.sentTo(person), count);

  it('runs the bot from the first DM to a photo of the door, rendering every step as DMs', async () => {
    expect(await w.hook.dm(person, 'hello')).toEqual({ status: 200, text: '' });
    const welcome = await nextSent(1);
    expect(welcome.senderId).toBe(w.account.userId);
    // The display name came with the event, so the very first run knows it; the link button is a line of text.
    expect(welcome.messageData).toEqual({
      text: 'Hi Ada Lovelace! What can I do?\nWebsite: https://example.com/',
      quick_reply: { type: 'options', options: [{ label: 'See the menu', metadata: 'MENU' }, { label: 'Talk to a human', metadata: 'Talk to a human' }] },
    });

    // A tap: the label comes back as the text, the metadata selects the choice and runs its target.
    await w.hook.quickReply(person, 'See the menu', 'MENU');
    const menu = await nextSent(2);
    expect(menu.messageData).toMatchObject({
      text: 'Today\nFresh pasta',
      attachment: { type: 'media', media: { id: expect.stringMatching(/^\d+$/) } },
      quick_reply: { type: 'options', options: [{ label: 'Order pasta', description: 'With basil', metadata: 'PASTA' }] },
    });
    // The picture was fetched and uploaded byte for byte, as a DM image.
    expect(menu.media).toMatchObject({ type: 'image/png', category: 'dm_image' });
    expect(menu.media!.bytes.equals(PNG)).toBe(true);

    await w.hook.quickReply(person, 'Order pasta', 'PASTA');
    expect((await nextSent(3)).messageData).toEqual({ text: 'Ordered PASTA. A photo of your door, please?' });

    await w.hook.dm(person, '', { media: { type: 'photo', url: 'https://ton.twitter.com/1.1/ton/data/dm/138/139/door.jpg' } });
    expect((await nextSent(4)).messageData).toEqual({ text: 'Thanks, got it.' });
    await w.server.services.runtime.settled();
    expect(w.fake.sentTo(person)).toHaveLength(4);

    const conversationId = await w.conversationOf(person);
    const inbound = await w.inbound(conversationId);
    // Four messages from the person; the account's own DMs, echoed by the network, are not among them.
    expect(inbound).toHaveLength(4);
    expect(inbound[1]).toMatchObject({ text: 'See the menu', payload: 'MENU' });
    expect(inbound[3]).toMatchObject({ text: null, media: [{ url: 'https://ton.twitter.com/1.1/ton/data/dm/138/139/door.jpg', mimeType: 'image/jpeg', name: null, size: null }] });
    const human = await w.api('GET', `/v1/humans/${(await w.humanOf(person))!}`);
    expect(human.body).toMatchObject({ firstName: 'Ada Lovelace' });
  });

  it('moves DMs to read by the person\'s read marker: the one it names and every earlier one', async () => {
    const conversationId = await w.conversationOf(person);
    const sent = w.fake.sentTo(person);
    expect((await w.outbound(conversationId)).every((m) => m.status === 'sent')).toBe(true);
    expect((await w.hook.read(person, sent[2]!.eventId)).status).toBe(200);
    await eventually(async () => expect((await w.outbound(conversationId)).map((m) => m.status)).toEqual(['read', 'read', 'read', 'sent']));
    // The account's own marker (someone at the shop read the person's DMs) moves nothing.
    await w.hook.read(w.account.userId, sent[3]!.eventId, person);
    await w.server.services.runtime.settled();
    expect((await w.outbound(conversationId)).at(-1)!.status).toBe('sent');
  });

  it('stores a DM the network delivers twice once, and ignores typing indicators', async () => {
    const conversationId = await w.conversationOf(person);
    await w.hook.dm(person, 'same thing twice', { id: '1390000000000000001' });
    await w.hook.dm(person, 'same thing twice', { id: '1390000000000000001' });
    expect((await w.hook.typing(person)).status).toBe(200);
    await eventually(() => expect(w.fake.sentTo(person).at(-1)!.messageData).toEqual({ text: 'You said: same thing twice' }));
    await w.server.services.runtime.settled();
    const inbound = await w.inbound(conversationId);
    expect(inbound.filter((m) => m.text === 'same thing twice')).toHaveLength(1);
    expect(w.fake.sentTo(person).filter((s) => s.messageData.text === 'You said: same thing twice')).toHaveLength(1);
  });
});
