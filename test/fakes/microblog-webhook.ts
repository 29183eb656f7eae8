// The network's side of an Account Activity webhook: the CRC challenge (GET) and signed activity posts (x-twitter-webhooks-signature over the body as sent).
import crypto from 'node:crypto';
import { postSigned, type HookAnswer, type PostOptions } from './webhook-post.js';

export interface FakeUser {
  id: string;
  name: string;
  screenName: string;
}

/** JSON as the network writes it: forward slashes escaped as "\/" (the signature covers these exact bytes). */
export function networkJson(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

export function webhookSignature(consumerSecret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', consumerSecret).update(body).digest('base64')}`;
}

const EPOCH = 1288834974657n;
let sequence = 0n;
/** A snowflake-like id: milliseconds since the network's epoch, then a sequence; ids grow with time, as read markers rely on. */
export function snowflake(): string {
  sequence = (sequence + 1n) % 4096n;
  return String(((BigInt(Date.now()) - EPOCH) << 22n) | (1n << 12n) | sequence);
}

function tco(): string {
  return `https://t.co/${crypto.randomBytes(5).toString('base64url')}`;
}

export interface DmOptions {
  id?: string;
  quickReplyMetadata?: string;
  /** A photo (or video, animated_gif) attached; the network appends its t.co link to the text. */
  media?: { type: 'photo' | 'video' | 'animated_gif'; url: string };
  /** Links in the text, shortened to t.co as the network does: the text holds the t.co form. */
  links?: string[];
  senderName?: string;
}

export class MicroblogWebhook {
  constructor(
    readonly url: string,
    /** The subscribed account whose activity this webhook receives. */
    readonly forUserId: string,
    private readonly consumerSecret: string,
    private readonly users: (id: string) => FakeUser,
  ) {}

  /** The challenge-response check the network makes at registration and about hourly. */
  async crc(crcToken = crypto.randomBytes(16).toString('base64url')): Promise<{ status: number; body: unknown; crcToken: string; expected: string }> {
    const url = new URL(this.url);
    url.searchParams.set('crc_token', crcToken);
    const res = await fetch(url);
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* left as text */ }
    const expected = `sha256=${crypto.createHmac('sha256', this.consumerSecret).update(crcToken).digest('base64')}`;
    return { status: res.status, body, crcToken, expected };
  }

  async post(payload: unknown, options: PostOptions = {}): Promise<HookAnswer> {
    const body = networkJson(payload);
    return postSigned({
      url: this.url, body, headers: { 'content-type': 'application/json; charset=utf-8' },
      signatureHeader: 'x-twitter-webhooks-signature', sign: (secret) => webhookSignature(secret, body), secret: this.consumerSecret,
    }, options);
  }

  private userObjects(ids: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const id of ids) {
      const u = this.users(id);
      out[id] = { id, created_timestamp: '1476091912921', name: u.name, screen_name: u.screenName, protected: false, verified: false, followers_count: 3, friends_count: 4, statuses_count: 5 };
    }
    return out;
  }

  /** A message_create event as the network writes it. */
  static messageCreate(senderId: string, recipientId: string, text: string, options: DmOptions = {}): Record<string, unknown> {
    const urls = (options.links ?? []).map((expanded) => ({ short: tco(), expanded }));
    let body = text;
    for (const u of urls) body = body.split(u.expanded).join(u.short);
    const entities = {
      hashtags: [], symbols: [], user_mentions: [],
      urls: urls.map((u) => ({ url: u.short, expanded_url: u.expanded, display_url: u.expanded.replace(/^https?:\/\//, ''), indices: [body.indexOf(u.short), body.indexOf(u.short) + u.short.length] })),
    };
    const messageData: Record<string, unknown> = { text: body, entities };
    if (options.quickReplyMetadata !== undefined) messageData.quick_reply_response = { type: 'options', metadata: options.quickReplyMetadata };
    if (options.media !== undefined) {
      const link = tco();
      messageData.text = body === '' ? link : `${body} ${link}`;
      const id = snowflake();
      const media: Record<string, unknown> = {
        id: Number(id), id_str: id, indices: [0, 0], media_url: options.media.url.replace(/^https:/, 'http:'), media_url_https: options.media.url,
        url: link, display_url: 'pic.twitter.com/abc', expanded_url: `https://twitter.com/messages/media/${id}`, type: options.media.type, sizes: {},
      };
      if (options.media.type !== 'photo') {
        media.media_url_https = `https://pbs.twimg.com/dm_video_preview/${id}/img/preview.jpg`;
        media.video_info = { aspect_ratio: [16, 9], variants: [
          { bitrate: 256000, content_type: 'video/mp4', url: options.media.url.replace(/\.mp4$/, '-low.mp4') },
          { content_type: 'application/x-mpegURL', url: options.media.url.replace(/\.mp4$/, '.m3u8') },
          { bitrate: 2176000, content_type: 'video/mp4', url: options.media.url },
        ] };
      }
      messageData.attachment = { type: 'media', media };
    }
    return {
      type: 'message_create', id: options.id ?? snowflake(), created_timestamp: String(Date.now()),
      message_create: { target: { recipient_id: recipientId }, sender_id: senderId, message_data: messageData },
    };
  }

  /** Activity of this webhook's account: DM events (and the users they name). */
  async dmEvents(events: Record<string, unknown>[], options: PostOptions & { forUserId?: string } = {}): Promise<HookAnswer> {
    const ids = new Set<string>();
    for (const e of events) {
      const m = e.message_create as { sender_id: string; target: { recipient_id: string } };
      ids.add(m.sender_id);
      ids.add(m.target.recipient_id);
    }
    return this.post({
      for_user_id: options.forUserId ?? this.forUserId,
      direct_message_events: events,
      apps: { 268278: { id: '268278', name: 'Twitter Web Client', url: 'http://twitter.com' } },
      users: this.userObjects([...ids]),
    }, options);
  }

  /** A person's DM to the account. */
  async dm(senderId: string, text: string, options: DmOptions & PostOptions = {}): Promise<HookAnswer> {
    return this.dmEvents([MicroblogWebhook.messageCreate(senderId, this.forUserId, text, options)], options);
  }

  /** A tap on a quick-reply option: its label as the text, its metadata beside it. */
  async quickReply(senderId: string, label: string, metadata?: string): Promise<HookAnswer> {
    return this.dm(senderId, label, metadata === undefined ? {} : { quickReplyMetadata: metadata });
  }

  async typing(senderId: string): Promise<HookAnswer> {
    return this.post({
      for_user_id: this.forUserId,
      direct_message_indicate_typing_events: [{ created_timestamp: String(Date.now()), sender_id: senderId, target: { recipient_id: this.forUserId } }],
      users: this.userObjects([senderId, this.forUserId]),
    });
  }

  /** The person read the conversation up to one of the account's DMs. */
  async read(readerId: string, lastReadEventId: string, recipientId = this.forUserId): Promise<HookAnswer> {
    return this.post({
      for_user_id: this.forUserId,
      direct_message_mark_read_events: [{ created_timestamp: String(Date.now()), sender_id: readerId, target: { recipient_id: recipientId }, last_read_event_id: lastReadEventId }],
      users: this.userObjects([readerId, recipientId]),
    });
  }
}
