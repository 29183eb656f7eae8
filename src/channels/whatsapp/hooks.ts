// The WhatsApp webhook at /hooks/wha/{channelId}: the hub.challenge handshake (GET), then signed messages, statuses and preferences (POST).
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import { equalSecrets } from '../../security/index.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { MediaPort } from '../ports.js';
import type { ProviderRecords } from '../records.js';
import { signatureMatches } from '../shared/hub-signature.js';
import { optOutWord } from '../shared/opt-out-words.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import { inboundMessage } from './inbound.js';
import type { MessagesApi } from './messages-api.js';
import { type SecretDefaults, webhookSecrets, whatsappSettings, WhatsAppSetupProblem } from './settings.js';
import { readWebhookBody, type Sender, type WhatsAppEvent } from './webhook-events.js';

const RECEIVED: HookReply = { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'EVENT_RECEIVED' };

export interface WhatsAppHooksParts {
  records: Pick<ProviderRecords, 'channels'>;
  defaults: SecretDefaults;
  media: MediaPort;
  messages: MessagesApi;
}

interface RequestState {
  req: HookRequest;
  ctx: HookContext;
  signature: string;
  /** Channels of other numbers found for this request, by phone-number id (null: none takes it). */
  routed: Map<string, ChannelRecord | null>;
  /** What is done once WhatsApp has its answer: files read and kept, messages marked read. */
  after: (() => Promise<unknown>)[];
}

/** A person's address on the channel: the business-scoped user id, stable across usernames, else the phone number. */
function addressOf(sender: Sender): string {
  return sender.userId ?? sender.phone!;
}

function profileOf(sender: Sender): InboundEnvelope['profile'] {
  const name = sender.name ?? '';
  const space = name.indexOf(' ');
  return {
    firstName: name === '' ? null : space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? null : name.slice(space + 1).trim() || null,
    phone: sender.phone,
  };
}

export class WhatsAppHooks implements ProviderHooks {
  readonly type = 'wha';

  constructor(private readonly parts: WhatsAppHooksParts) {}

  async verify(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const query = new URL(req.url, 'http://hook.invalid').searchParams;
    const mode = query.get('hub.mode');
    const token = query.get('hub.verify_token');
    const challenge = query.get('hub.challenge');
    if (mode === null || token === null || challenge === null) throw new BadRequestError('The webhook verification request carries hub.mode, hub.verify_token and hub.challenge.');
    if (mode !== 'subscribe') throw new BadRequestError(`hub.mode must be "subscribe", got "${mode.slice(0, 40)}".`);
    // The challenge is echoed as the whole answer: only the short token Meta sends is taken.
    if (!/^[A-Za-z0-9._~-]{1,512}$/.test(challenge)) throw new BadRequestError('hub.challenge must be 1-512 letters, digits, ".", "_", "~" or "-".');
    const ours = webhookSecrets(ctx.channel, this.parts.defaults).verifyToken;
    if (ours === null) throw new ForbiddenError(`wha channel ${ctx.channel.id} has no verify token to check the handshake with: add "verifyToken" to its token JSON, or set WHATSAPP_VERIFY_TOKEN (docs/channels/whatsapp.md).`);
    if (!equalSecrets(ours, token)) throw new ForbiddenError('hub.verify_token is not this channel\'s verify token.');
    return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: challenge };
  }

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const appSecret = webhookSecrets(ctx.channel, this.parts.defaults).appSecret;
    if (appSecret === null) throw new ForbiddenError(`wha channel ${ctx.channel.id} has no app secret to verify events with: add "appSecret" to its token JSON, or set WHATSAPP_APP_SECRET (docs/channels/whatsapp.md).`);
    const signature = req.headers['x-hub-signature-256'];
    if (signature === undefined || signature === '') throw new UnauthorizedError('WhatsApp webhook events carry an X-Hub-Signature-256 header; this one has none.');
    if (!signatureMatches(appSecret, req.rawBody, signature)) throw new ForbiddenError('X-Hub-Signature-256 does not match the body signed with this channel\'s app secret.');
    let json: unknown;
    try {
      json = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new BadRequestError('A WhatsApp webhook event is a JSON document.');
    }
    const body = readWebhookBody(json);
    if (body.kind === 'unknown') throw new BadRequestError('This is not a WhatsApp webhook event ({"object": "whatsapp_business_account", "entry": […]}).');
    if (body.kind === 'other') {
      ctx.log.warn({ channelId: ctx.channel.id, object: body.object.slice(0, 40) }, 'whatsapp webhook: events of another object; ignored');
      return RECEIVED;
    }
    const state: RequestState = { req, ctx, signature, routed: new Map(), after: [] };
    for (const event of body.events) await this.apply(event, state);
    // Meta waits for the answer and sends the events again when it comes late: slow work goes after it.
    if (state.after.length > 0) {
      setImmediate(() => {
        void (async () => {
          for (const task of state.after) await task().catch((err: unknown) => ctx.log.warn({ err, channelId: ctx.channel.id }, 'whatsapp webhook: work after the answer failed'));
        })();
      });
    }
    return RECEIVED;
  }

  /**
   * The channel a number's events belong to. Meta calls one webhook per app, so an app serving several numbers
   * sends all their events to the URL of one channel: an event for another number goes to the wha channel of that
   * number whose app secret verifies this very request (the lowest id when several do).
   */
  private async channelFor(phoneNumberId: string, state: RequestState): Promise<ChannelRecord | null> {
    if (phoneNumberId === (state.ctx.channel.user ?? '').trim()) return state.ctx.channel;
    if (state.routed.has(phoneNumberId)) return state.routed.get(phoneNumberId)!;
    let found: ChannelRecord | null = null;
    for (const channel of await this.parts.records.channels.withUser('wha', phoneNumberId)) {
      const secret = webhookSecrets(channel, this.parts.defaults).appSecret;
      if (secret !== null && signatureMatches(secret, state.req.rawBody, state.signature)) {
        found = channel;
        break;
      }
    }
    state.routed.set(phoneNumberId, found);
    return found;
  }

  private async apply(event: WhatsAppEvent, state: RequestState): Promise<void> {
    const { ctx } = state;
    if (event.kind === 'ignored') {
      ctx.log.debug({ channelId: ctx.channel.id, why: event.why }, 'whatsapp webhook: nothing to do');
      return;
    }
    const channel = await this.channelFor(event.phoneNumberId, state);
    if (channel === null) {
      ctx.log.warn({ channelId: ctx.channel.id, phoneNumberId: event.phoneNumberId.slice(0, 40) }, 'whatsapp webhook: events for a number no wha channel with this app secret serves; ignored');
      return;
    }
    switch (event.kind) {
      case 'status':
        await ctx.report({ channel, providerMessageId: event.id, status: event.status, reason: event.reason });
        return;
      case 'preference':
        await ctx.subscription(addressOf(event.sender), event.subscribed);
        return;
      case 'message':
        await this.message(channel, event, state);
    }
  }

  private async message(channel: ChannelRecord, event: Extract<WhatsAppEvent, { kind: 'message' }>, state: RequestState): Promise<void> {
    const { media, messages } = this.parts;
    const inbound = inboundMessage(event.message, (id) => media.urlOf(channel.id, id));
    if (inbound === null) {
      state.ctx.log.debug({ channelId: channel.id, type: event.message.type.slice(0, 40) }, 'whatsapp webhook: a message without anything to read; ignored');
      return;
    }
    const envelope: InboundEnvelope = {
      channel, address: addressOf(event.sender), providerMessageId: event.message.id, event: inbound.event,
      profile: profileOf(event.sender), device: { type: 'app', platform: 'whatsapp' },
    };
    // The opt-out words people use on SMS work here too: the consent Parley keeps is one for every channel.
    const keyword = event.message.type === 'text' ? optOutWord(inbound.event.text) : null;
    if (keyword === 'stop' || keyword === 'start') envelope.keyword = { channelId: channel.id, subscribed: keyword === 'start', reply: null };
    const ingested = await state.ctx.ingest(envelope);
    if (ingested.eventId === null) return;
    for (const id of inbound.mediaIds) state.after.push(async () => media.keep(channel, id, ingested.humanId));
    let settings;
    try {
      settings = whatsappSettings(channel, this.parts.defaults);
    } catch (err) {
      if (err instanceof WhatsAppSetupProblem) return;
      throw err;
    }
    if (settings.markAsRead) state.after.push(() => messages.markRead(settings.phoneNumberId, settings.accessToken, event.message.id));
  }
}
