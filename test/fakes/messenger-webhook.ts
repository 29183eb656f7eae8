// The platform's side of a page webhook: signed event posts (X-Hub-Signature-256 over the body as sent) and the hub.challenge handshake.
import crypto from 'node:crypto';
import { postSigned, type HookAnswer, type PostOptions } from './webhook-post.js';

/** JSON as the platform writes it: every character beyond ASCII escaped as \uXXXX with lowercase hex digits. */
export function platformJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function hubSignature256(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

let midCounter = 0;
export function newMid(): string {
  midCounter += 1;
  return `m_${crypto.randomBytes(12).toString('base64url')}${midCounter}`;
}

export class MessengerWebhook {
  constructor(
    readonly url: string,
    readonly pageId: string,
    private readonly appSecret: string,
    private readonly clock: () => number,
    /** Told when a person writes to a page (the platform's 24-hour window starts again). */
    private readonly onPersonWrote: (pageId: string, psid: string, at: number) => void,
  ) {}

  /** One entry of this page with these messaging events, as one signed POST. */
  async events(events: object[], options: PostOptions = {}, pageId = this.pageId): Promise<HookAnswer> {
    const time = this.clock();
    return this.post({ object: 'page', entry: [{ id: pageId, time, messaging: events }] }, options);
  }

  async post(payload: unknown, options: PostOptions = {}): Promise<HookAnswer> {
    this.notePeopleWriting(payload);
    const body = platformJson(payload);
    // The platform still sends the SHA-1 form beside it.
    const sha1 = `sha1=${crypto.createHmac('sha1', options.secret ?? this.appSecret).update(body).digest('hex')}`;
    return postSigned({
      url: this.url, body, headers: { 'content-type': 'application/json', 'x-hub-signature': sha1 },
      signatureHeader: 'x-hub-signature-256', sign: (secret) => hubSignature256(secret, body), secret: this.appSecret,
    }, options);
  }

  /** The platform knows who wrote to which page, whatever our server makes of the request. */
  private notePeopleWriting(payload: unknown): void {
    const entries = (payload as { entry?: unknown } | null)?.entry;
    if (!Array.isArray(entries)) return;
    for (const entry of entries as { id?: unknown; messaging?: unknown }[]) {
      if (!Array.isArray(entry?.messaging)) continue;
      for (const e of entry.messaging as { sender?: { id?: unknown }; message?: { is_echo?: boolean }; postback?: unknown }[]) {
        const wrote = (e.message !== undefined && e.message.is_echo !== true) || e.postback !== undefined;
        if (wrote && typeof e.sender?.id === 'string') this.onPersonWrote(String(entry.id), e.sender.id, this.clock());
      }
    }
  }

  private from(psid: string, extra: object): object {
    return { sender: { id: psid }, recipient: { id: this.pageId }, timestamp: this.clock(), ...extra };
  }

  async text(psid: string, text: string, options: { mid?: string } & PostOptions = {}): Promise<HookAnswer> {
    return this.events([this.from(psid, { message: { mid: options.mid ?? newMid(), text } })], options);
  }

  /** A tap on a quick reply: its title as the text, its payload beside it. */
  async quickReply(psid: string, title: string, payload: string): Promise<HookAnswer> {
    return this.events([this.from(psid, { message: { mid: newMid(), text: title, quick_reply: { payload } } })]);
  }

  /** A tap on a postback button. */
  async postback(psid: string, title: string, payload: string, options: { mid?: string | null } = {}): Promise<HookAnswer> {
    const mid = options.mid === undefined ? newMid() : options.mid;
    return this.events([this.from(psid, { postback: { ...(mid === null ? {} : { mid }), title, payload } })]);
  }

  /**
   * A sticker, in the form the platform sends since 2026-08-30 (type "sticker"; the thumbs-up button included):
   * its CDN URL and its numeric id in the payload.
   */
  async sticker(psid: string, stickerId: number, url = `https://scontent.xx.fbcdn.net/v/t39.1997-6/${stickerId}_n.png`): Promise<HookAnswer> {
    return this.attachments(psid, [{ type: 'sticker', payload: { url, sticker_id: stickerId } }]);
  }

  async attachments(psid: string, attachments: { type: string; payload?: object | null; title?: string }[], text?: string): Promise<HookAnswer> {
    return this.events([this.from(psid, { message: { mid: newMid(), ...(text === undefined ? {} : { text }), attachments } })]);
  }

  async location(psid: string, lat: number, long: number, title = 'Pinned Location'): Promise<HookAnswer> {
    return this.attachments(psid, [{ type: 'location', title, payload: { coordinates: { lat, long } } }]);
  }

  async delivery(psid: string, watermark: number, mids?: string[]): Promise<HookAnswer> {
    return this.events([this.from(psid, { delivery: { ...(mids === undefined ? {} : { mids }), watermark } })]);
  }

  async read(psid: string, watermark: number): Promise<HookAnswer> {
    return this.events([this.from(psid, { read: { watermark } })]);
  }

  /** The copy of the page's own message the platform sends to apps subscribed to message_echoes. */
  async echo(psid: string, text: string): Promise<HookAnswer> {
    return this.events([{ sender: { id: this.pageId }, recipient: { id: psid }, timestamp: this.clock(), message: { mid: newMid(), is_echo: true, app_id: 1517776481860111, text } }]);
  }

  /** The verification request the app dashboard makes when the callback URL is saved. */
  async handshake(verifyToken: string, challenge = String(crypto.randomInt(1, 2 ** 31)), mode = 'subscribe'): Promise<HookAnswer & { challenge: string }> {
    const url = new URL(this.url);
    url.searchParams.set('hub.mode', mode);
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.verify_token', verifyToken);
    const res = await fetch(url);
    return { status: res.status, text: await res.text(), challenge };
  }
}
