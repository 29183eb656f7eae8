// Meta's side of a WhatsApp webhook: signed change posts (X-Hub-Signature-256 over the body as sent) and the hub.challenge handshake.
import crypto from 'node:crypto';
import { hubSignature256, platformJson } from './messenger-webhook.js';
import { postSigned, type HookAnswer, type PostOptions } from './webhook-post.js';
import type { FakeNumber } from './whatsapp.js';

let wamidCounter = 0;
export function newWamid(): string {
  wamidCounter += 1;
  return `wamid.${crypto.randomBytes(18).toString('base64url')}${wamidCounter}`;
}

/** A person on WhatsApp: the business-scoped user id always, the phone number unless a username hides it. */
export interface FakeUser {
  userId: string;
  /** Digits, no plus; null for someone whose username hides the number. */
  waId: string | null;
  name: string;
}

export function fakeUser(name = 'Ada Lovelace', waId: string | null = `1415${crypto.randomInt(1_000_000, 9_999_999)}`): FakeUser {
  return { userId: `US.${crypto.randomInt(2 ** 47, 2 ** 48 - 1)}${crypto.randomInt(100, 999)}`, waId, name };
}

export class WhatsAppWebhook {
  constructor(
    readonly url: string,
    private readonly number: FakeNumber,
    private readonly clock: () => number,
    /** Told when a person writes (the 24-hour window starts again). */
    private readonly onWrote: (ids: string[], at: number) => void,
  ) {}

  private metadata() {
    return { display_phone_number: this.number.displayNumber, phone_number_id: this.number.phoneNumberId };
  }

  /** One change of the business account, as one signed POST. */
  async change(value: object, options: PostOptions = {}): Promise<HookAnswer> {
    return this.post({ object: 'whatsapp_business_account', entry: [{ id: this.number.businessAccountId, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: this.metadata(), ...value } }] }] }, options);
  }

  async post(payload: unknown, options: PostOptions = {}): Promise<HookAnswer> {
    const body = platformJson(payload);
    return postSigned({
      url: this.url, body, headers: { 'content-type': 'application/json' },
      signatureHeader: 'x-hub-signature-256', sign: (secret) => hubSignature256(secret, body), secret: this.number.appSecret,
    }, options);
  }

  /** A message from a person: its contact entry and the message with `from` (when the number is shared) and `from_user_id`. */
  async message(user: FakeUser, message: object, options: { id?: string } & PostOptions = {}): Promise<HookAnswer & { id: string }> {
    const id = options.id ?? newWamid();
    this.onWrote([user.userId, ...(user.waId === null ? [] : [user.waId])], this.clock());
    const answer = await this.change({
      contacts: [{ profile: { name: user.name }, ...(user.waId === null ? {} : { wa_id: user.waId }), user_id: user.userId }],
      messages: [{ ...(user.waId === null ? {} : { from: user.waId }), from_user_id: user.userId, id, timestamp: String(Math.floor(this.clock() / 1000)), ...message }],
    }, options);
    return { ...answer, id };
  }

  async text(user: FakeUser, body: string, options: { id?: string } & PostOptions = {}): Promise<HookAnswer & { id: string }> {
    return this.message(user, { type: 'text', text: { body } }, options);
  }

  /** A tap on a reply button. */
  async buttonReply(user: FakeUser, id: string, title: string): Promise<HookAnswer & { id: string }> {
    return this.message(user, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id, title } } });
  }

  /** A row chosen from a list. */
  async listReply(user: FakeUser, id: string, title: string): Promise<HookAnswer & { id: string }> {
    return this.message(user, { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id, title } } });
  }

  async image(user: FakeUser, mediaId: string, caption?: string): Promise<HookAnswer & { id: string }> {
    return this.message(user, { type: 'image', image: { id: mediaId, mime_type: 'image/jpeg', sha256: 'x', ...(caption === undefined ? {} : { caption }) } });
  }

  /** A status of a message the business sent. */
  async status(user: FakeUser, id: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: { code: number; title: string; details?: string }): Promise<HookAnswer> {
    return this.change({
      statuses: [{
        id, status, timestamp: String(Math.floor(this.clock() / 1000)), ...(user.waId === null ? {} : { recipient_id: user.waId }), recipient_user_id: user.userId,
        ...(error === undefined ? {} : { errors: [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details ?? error.title } }] }),
      }],
    });
  }

  /** The verification request Meta makes when the callback URL is saved. */
  async handshake(verifyToken: string, challenge = String(crypto.randomInt(1, 2 ** 31))): Promise<HookAnswer & { challenge: string }> {
    const url = new URL(this.url);
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.verify_token', verifyToken);
    const res = await fetch(url);
    return { status: res.status, text: await res.text(), challenge };
  }
}
