// RBM's side of an agent webhook: the console's verification request, and user messages and events pushed as signed Pub/Sub messages.
import crypto from 'node:crypto';

export interface WebhookReply { status: number; text: string }

export interface PushOptions {
  /** Sign with this client token instead of the webhook's (a forger who does not know it). */
  signWith?: string;
  /** Send no X-Goog-Signature at all. */
  unsigned?: boolean;
}

let counter = 0;
const id = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1).toString(36)}${crypto.randomBytes(6).toString('hex')}`;

export class RbmWebhook {
  /** Every push that answered, in order. */
  readonly pushes: { payload: Record<string, unknown>; status: number }[] = [];

  constructor(readonly url: string, readonly clientToken: string, readonly agentId: string) {}

  /** The console's check when the webhook is configured: it expects the secret back, as plain text. */
  async verify(clientToken = this.clientToken, secret = String(crypto.randomInt(1e9, 1e10))): Promise<WebhookReply & { secret: string }> {
    const res = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientToken, secret }) });
    return { status: res.status, text: await res.text(), secret };
  }

  /**
   * Pushes one user message or event the way RBM does: the JSON is the base64 `data` of a Pub/Sub push
   * message, and X-Goog-Signature is the base64 HMAC-SHA512 of that JSON keyed with the client token.
   */
  async push(payload: Record<string, unknown>, options: PushOptions = {}): Promise<WebhookReply> {
    // Webhooks name the agent as `<agentId>@rbm.goog` (the API takes the bare id), as captured RBM payloads show.
    const data = Buffer.from(JSON.stringify({ ...payload, agentId: `${this.agentId}@rbm.goog` }), 'utf8');
    const messageId = String(crypto.randomInt(1e12, 1e13));
    const publishTime = new Date().toISOString();
    const envelope = {
      message: { attributes: {}, data: data.toString('base64'), messageId, message_id: messageId, publishTime, publish_time: publishTime },
      subscription: `projects/rbm-${this.agentId}/subscriptions/rbm-agent-subscription`,
    };
    const signature = crypto.createHmac('sha512', options.signWith ?? this.clientToken).update(data).digest('base64');
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.unsigned ? {} : { 'x-goog-signature': signature }) },
      body: JSON.stringify(envelope),
    });
    const reply = { status: res.status, text: await res.text() };
    this.pushes.push({ payload, status: reply.status });
    return reply;
  }

  private message(phone: string, content: Record<string, unknown>, messageId = id('Mx')): Record<string, unknown> {
    return { senderPhoneNumber: phone, messageId, sendTime: new Date().toISOString(), ...content };
  }

  text(phone: string, text: string, options?: PushOptions & { messageId?: string }): Promise<WebhookReply> {
    return this.push(this.message(phone, { text }, options?.messageId), options);
  }

  suggestion(phone: string, tapped: { text: string; postbackData: string; type?: 'REPLY' | 'ACTION' }): Promise<WebhookReply> {
    return this.push(this.message(phone, { suggestionResponse: { type: 'REPLY', ...tapped } }));
  }

  location(phone: string, latitude: number, longitude: number): Promise<WebhookReply> {
    return this.push(this.message(phone, { location: { latitude, longitude } }));
  }

  file(phone: string, file: { mimeType: string; fileSizeBytes: number; fileUri: string; fileName: string }): Promise<WebhookReply> {
    return this.push(this.message(phone, { userFile: { payload: file } }));
  }

  /**
   * The human tapped Unsubscribe (or Subscribe) in Google Messages: RBM sends the user event, then a text with the
   * localized keyword (STOP/START by default, BAJA/ALTA in Spain and Mexico) as though the human had typed it.
   */
  async subscription(phone: string, subscribed: boolean, keyword = subscribed ? 'START' : 'STOP'): Promise<[WebhookReply, WebhookReply]> {
    const event = await this.push({ senderPhoneNumber: phone, eventType: subscribed ? 'SUBSCRIBE' : 'UNSUBSCRIBE', eventId: id('Ex'), sendTime: new Date().toISOString() });
    return [event, await this.text(phone, keyword)];
  }

  /** DELIVERED and READ name the agent message; IS_TYPING names none. */
  event(phone: string, eventType: 'DELIVERED' | 'READ' | 'IS_TYPING', messageId?: string): Promise<WebhookReply> {
    return this.push({ senderPhoneNumber: phone, eventType, eventId: id('Ex'), sendTime: new Date().toISOString(), ...(messageId ? { messageId } : {}) });
  }
}
