// The page webhook at /hooks/fb/{channelId}: the hub.challenge handshake (GET), then signed messaging events (POST).
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import type { ProviderRecords } from '../records.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import { isoNow, systemClock, type Clock } from '../../time.js';
import { inboundMessage } from './inbound.js';
import type { Profiles } from './profiles.js';
import { receiptReports } from './receipts.js';
import { messengerSettings, MessengerSetupProblem, webhookSecrets, type SecretDefaults } from './settings.js';
import { readWebhookBody, type MessagingEvent } from './webhook-events.js';
import { equalSecrets } from '../../security/index.js';
import { signatureMatches } from '../shared/hub-signature.js';

const RECEIVED: HookReply = { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'EVENT_RECEIVED' };

/** Profiles asked per webhook request, at most: the platform waits for our answer. */
const MAX_PROFILES_PER_REQUEST = 10;

export interface MessengerHooksParts {
  records: Pick<ProviderRecords, 'channels' | 'conversations' | 'humans' | 'identities' | 'messages'>;
  clock?: Clock;
  defaults: SecretDefaults;
  /** null: new humans are stored without names (MESSENGER_FETCH_PROFILES=false). */
  profiles: Profiles | null;
}

interface RequestState {
  req: HookRequest;
  ctx: HookContext;
  signature: string;
  /** Channels of other pages found for this request, by page id (null: none takes it). */
  routed: Map<string, ChannelRecord | null>;
  /** People writing for the first time, whose names are asked once the request is answered. */
  newcomers: { channel: ChannelRecord; psid: string }[];
}

export class MessengerHooks implements ProviderHooks {
  readonly type = 'fb';

  constructor(private readonly parts: MessengerHooksParts) {}

  async verify(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const query = new URL(req.url, 'http://hook.invalid').searchParams;
    const mode = query.get('hub.mode');
    const token = query.get('hub.verify_token');
    const challenge = query.get('hub.challenge');
    if (mode === null || token === null || challenge === null) throw new BadRequestError('The webhook verification request carries hub.mode, hub.verify_token and hub.challenge.');
    if (mode !== 'subscribe') throw new BadRequestError(`hub.mode must be "subscribe", got "${mode.slice(0, 40)}".`);
    // The challenge is echoed as the whole answer: only the short token the platform sends is taken.
    if (!/^[A-Za-z0-9._~-]{1,512}$/.test(challenge)) throw new BadRequestError('hub.challenge must be 1-512 letters, digits, ".", "_", "~" or "-".');
    const ours = webhookSecrets(ctx.channel, this.parts.defaults).verifyToken;
    if (ours === null) throw new ForbiddenError(`fb channel ${ctx.channel.id} has no verify token to check the handshake with: add "verifyToken" to its token JSON, or set MESSENGER_VERIFY_TOKEN (docs/channels/messenger.md).`);
    if (!equalSecrets(ours, token)) throw new ForbiddenError('hub.verify_token is not this channel\'s verify token.');
    return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: challenge };
  }

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const appSecret = webhookSecrets(ctx.channel, this.parts.defaults).appSecret;
    if (appSecret === null) throw new ForbiddenError(`fb channel ${ctx.channel.id} has no app secret to verify events with: add "appSecret" to its token JSON, or set MESSENGER_APP_SECRET (docs/channels/messenger.md).`);
    const signature = req.headers['x-hub-signature-256'];
    if (signature === undefined || signature === '') throw new UnauthorizedError('Messenger webhook events carry an X-Hub-Signature-256 header; this one has none.');
    if (!signatureMatches(appSecret, req.rawBody, signature)) throw new ForbiddenError('X-Hub-Signature-256 does not match the body signed with this channel\'s app secret.');

    let json: unknown;
    try {
      json = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new BadRequestError('A messenger webhook event is a JSON document.');
    }
    const body = readWebhookBody(json);
    if (body.kind === 'unknown') throw new BadRequestError('This is not a webhook event of the messenger platform ({"object", "entry": […]}).');
    if (body.kind === 'other') {
      // Signed by our app but for another product (instagram, a user object): acknowledged, or the platform retries it.
      ctx.log.warn({ channelId: ctx.channel.id, object: body.object.slice(0, 40) }, 'messenger webhook: events of another object; ignored');
      return RECEIVED;
    }
    const state: RequestState = { req, ctx, signature, routed: new Map(), newcomers: [] };
    for (const entry of body.entries) {
      const channel = await this.channelFor(entry.pageId, state);
      if (channel === null) {
        ctx.log.warn({ channelId: ctx.channel.id, pageId: entry.pageId.slice(0, 40) }, 'messenger webhook: events for a page no fb channel with this app secret serves; ignored');
        continue;
      }
      for (const event of entry.events) await this.apply(channel, event, state);
    }
    // The platform waits for the answer (and sends the events again when it comes late): profiles are asked after it.
    if (state.newcomers.length > 0) {
      const newcomers = state.newcomers.slice(0, MAX_PROFILES_PER_REQUEST);
      setImmediate(() => {
        this.fillProfiles(newcomers, ctx).catch((err: unknown) => ctx.log.warn({ err, channelId: ctx.channel.id }, 'messenger webhook: storing profile names failed'));
      });
    }
    return RECEIVED;
  }

  /**
   * The channel an entry belongs to. The platform calls one webhook per app, so an app serving several pages
   * sends all their events to the URL of one channel: an entry for another page goes to the fb channel of that
   * page whose app secret verifies this very request (the lowest id when several do).
   */
  private async channelFor(pageId: string, state: RequestState): Promise<ChannelRecord | null> {
    if (pageId === (state.ctx.channel.user ?? '').trim()) return state.ctx.channel;
    if (state.routed.has(pageId)) return state.routed.get(pageId)!;
    let found: ChannelRecord | null = null;
    for (const channel of await this.parts.records.channels.withUser('fb', pageId)) {
      const secret = webhookSecrets(channel, this.parts.defaults).appSecret;
      if (secret !== null && signatureMatches(secret, state.req.rawBody, state.signature)) {
        found = channel;
        break;
      }
    }
    state.routed.set(pageId, found);
    return found;
  }

  private async apply(channel: ChannelRecord, event: MessagingEvent, state: RequestState): Promise<void> {
    const { ctx } = state;
    if (event.kind === 'ignored') {
      ctx.log.debug({ channelId: channel.id, why: event.why }, 'messenger webhook: nothing to do');
      return;
    }
    if (event.kind === 'delivery' || event.kind === 'read') {
      for (const report of await receiptReports(this.parts.records, channel, event)) await ctx.report(report);
      return;
    }
    const inbound = inboundMessage(event);
    if (inbound === null) {
      ctx.log.debug({ channelId: channel.id }, 'messenger webhook: a message without anything to read; ignored');
      return;
    }
    const envelope: InboundEnvelope = {
      channel, address: event.sender, providerMessageId: inbound.providerMessageId, event: inbound.event, device: { type: 'app', platform: 'messenger' },
    };
    const newcomer = this.parts.profiles !== null && (await this.parts.records.identities.humanOf(channel.id, event.sender)) === undefined;
    await ctx.ingest(envelope);
    if (newcomer && !state.newcomers.some((n) => n.psid === event.sender && n.channel.id === channel.id)) state.newcomers.push({ channel, psid: event.sender });
  }

  /** The names of people who wrote for the first time, as the platform tells them, stored on humans that have none. */
  private async fillProfiles(newcomers: RequestState['newcomers'], ctx: HookContext): Promise<void> {
    const { profiles, records, defaults } = this.parts;
    if (profiles === null) return;
    for (const { channel, psid } of newcomers) {
      let settings;
      try {
        settings = messengerSettings(channel, defaults);
      } catch (err) {
        if (err instanceof MessengerSetupProblem) continue;
        throw err;
      }
      const names = await profiles.names(psid, { accessToken: settings.pageAccessToken, appSecret: settings.appSecret }, ctx.log);
      if (names === null) continue;
      const humanId = await records.identities.humanOf(channel.id, psid);
      if (humanId !== undefined) await records.humans.fillNames(humanId, names.firstName, names.lastName, isoNow(this.parts.clock ?? systemClock));
    }
  }
}
