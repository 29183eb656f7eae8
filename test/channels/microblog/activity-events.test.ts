// Reading the Account Activity payload: DMs with their links, quick-reply metadata and media; read markers; typing and unknown kinds acknowledged.
import { describe, expect, it } from 'vitest';
import { readActivityBody } from '../../../src/channels/microblog/activity-events.js';
import { inboundMessage } from '../../../src/channels/microblog/inbound.js';
import { MicroblogWebhook } from '../../fakes/microblog-webhook.js';

const account = '4337869213';
const person = '3805104374';

function only(body: unknown) {
  const read = readActivityBody(body);
  if (read === null) throw new Error('not read');
  return read;
}

describe('Account Activity payloads', () => {
  it('reads a DM\'s text with its links put back, and the sender\'s display name', () => {
    const event = MicroblogWebhook.messageCreate(person, account, 'See https://example.com/a?b=1 please', { links: ['https://example.com/a?b=1'] });
    expect(JSON.stringify(event)).toContain('https://t.co/');
    const body = only({ for_user_id: account, direct_message_events: [event], users: { [person]: { id: person, name: 'Ada', screen_name: 'ada' } } });
    expect(body.names.get(person)).toBe('Ada');
    const [activity] = body.activities;
    expect(activity!.kind).toBe('message');
    expect(inboundMessage(activity as Extract<typeof activity, { kind: 'message' }>)).toEqual({ kind: 'message', text: 'See https://example.com/a?b=1 please', payload: null, media: [], location: null });
  });

  it('takes a quick-reply tap\'s metadata as the payload and its label as the text', () => {
    const [activity] = only({ for_user_id: account, direct_message_events: [MicroblogWebhook.messageCreate(person, account, 'Blue Bird', { quickReplyMetadata: 'external_id_2' })] }).activities;
    expect(inboundMessage(activity as never)).toMatchObject({ text: 'Blue Bird', payload: 'external_id_2' });
  });

  it('reads a photo and the best MP4 of a video, dropping the media link the network appends to the text', () => {
    const photo = MicroblogWebhook.messageCreate(person, account, 'my door', { media: { type: 'photo', url: 'https://ton.twitter.com/1.1/ton/data/dm/1/2/door.png' } });
    const video = MicroblogWebhook.messageCreate(person, account, '', { media: { type: 'video', url: 'https://video.twimg.com/dm_video/1/vid/1280x720/clip.mp4' } });
    const [p, v] = only({ for_user_id: account, direct_message_events: [photo, video] }).activities;
    expect(inboundMessage(p as never)).toMatchObject({ text: 'my door', media: [{ url: 'https://ton.twitter.com/1.1/ton/data/dm/1/2/door.png', mimeType: 'image/png' }] });
    expect(inboundMessage(v as never)).toMatchObject({ text: null, media: [{ url: 'https://video.twimg.com/dm_video/1/vid/1280x720/clip.mp4', mimeType: 'video/mp4' }] });
  });

  it('reads read markers, and acknowledges typing indicators and DM events of other types', () => {
    const body = only({
      for_user_id: account,
      direct_message_mark_read_events: [{ created_timestamp: '1288834974657', sender_id: person, target: { recipient_id: account }, last_read_event_id: '877260925346103299' }],
      direct_message_indicate_typing_events: [{ created_timestamp: '1288834974657', sender_id: person, target: { recipient_id: account } }],
      direct_message_events: [{ type: 'welcome_message', id: '1' }, { type: 'message_create', id: 'not a number' }],
    });
    expect(body.activities).toEqual([
      { kind: 'ignored', why: 'a DM event of type welcome_message this server does not read' },
      { kind: 'ignored', why: 'a DM event of type message_create this server does not read' },
      { kind: 'read', reader: person, other: account, lastReadEventId: '877260925346103299', createdAt: 1288834974657 },
      { kind: 'ignored', why: 'a typing indicator' },
    ]);
    // Tweets, follows and other activity carry no DMs: nothing to do, but an Account Activity payload all the same.
    expect(only({ for_user_id: account, tweet_create_events: [{}] }).activities).toEqual([]);
    expect(readActivityBody({ direct_message_events: [] })).toBeNull();
    expect(readActivityBody({ for_user_id: account, direct_message_events: 'x' })).toBeNull();
  });
});
