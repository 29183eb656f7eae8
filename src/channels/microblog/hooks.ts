// The Account Activity webhook at /hooks/twr/{channelId}: the CRC challenge (GET), then signed DM activity (POST).
import { BadRequestError, ForbiddenError } from '../../errors.js';
import type { ProviderRecords } from '../records.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import { readActivityBody, type ActivityBody, type DmActivity } from './activity-events.js';
import { inboundMessage } from './inbound.js';
import { readReports } from './read-receipts.js';
import { webhookSecret, type AppDefaults } from './settings.js';
import { crcResponseToken, signatureMatches } from './webhook-signature.js';

const RECEIVED: HookReply = { status: 200 };
export const SIGNATURE_HEADER = 'x-twitter-webhooks-signature';
/**
 * The network's challenge tokens are short random strings. Anything else is refused: the CRC answer is
 * HMAC-SHA256 of the token with the consumer secret, exactly the signature of a body equal to the token, so
 * answering a JSON document would hand out the signature of a forged event.
 */
const CRC_TOKEN = /^[A-Za-z0-9+/=_.:-]{1,255}$/;

export interface MicroblogHooksParts {
  records: Pick<ProviderRecords, 'channels' | 'conversations' | 'identities' | 'messages'>;
  defaults: AppDefaults;
}

function noSecret(channel: ChannelRecord): ForbiddenError {
  return new ForbiddenError(`twr channel ${channel.id} has no consumer secret to check the network's requests with: add "consumerSecret" to its token JSON, or set MICROBLOG_CONSUMER_SECRET (docs/channels/microblog.md).`);
}

export class MicroblogHooks implements ProviderHooks {
  readonly type = 'twr';

  constructor(private readonly parts: MicroblogHooksParts) {}

  /** The CRC: when the webhook is registered, about hourly after, and on demand; a wrong answer marks the webhook invalid. */
  async verify(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const crcToken = new URL(req.url, 'http://hook.invalid').searchParams.get('crc_token');
    if (crcToken === null || crcToken === '') throw new BadRequestError('The challenge-response check carries a crc_token query parameter; this request has none.');
    // The answer is the HMAC the webhook signature is made of: signing anything asked would sign forged events.
    if (!CRC_TOKEN.test(crcToken)) throw new BadRequestError('crc_token must be 1-255 letters, digits, "+", "/", "=", "-", "_", "." or ":".');
    const secret = webhookSecret(ctx.channel, this.parts.defaults);
    if (secret === null) throw noSecret(ctx.channel);
    return { status: 200, body: { response_token: crcResponseToken(secret, crcToken) } };
  }

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const secret = webhookSecret(ctx.channel, this.parts.defaults);
    if (secret === null) throw noSecret(ctx.channel);
    const signature = req.headers[SIGNATURE_HEADER];
    if (signature === undefined || signature === '') throw new ForbiddenError('Account Activity events carry an x-twitter-webhooks-signature header; this request has none.');
    if (!signatureMatches(secret, req.rawBody, signature)) throw new ForbiddenError('x-twitter-webhooks-signature does not match the body signed with this channel\'s consumer secret.');

    let json: unknown;
    try {
      json = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new BadRequestError('An Account Activity event is a JSON document.');
    }
    const body = readActivityBody(json);
    if (body === null) throw new BadRequestError('This is not an Account Activity event ({"for_user_id", "direct_message_events": […], …}).');
    const channel = await this.channelFor(body.forUserId, req, signature, ctx);
    if (channel === null) {
      ctx.log.warn({ channelId: ctx.channel.id, forUserId: body.forUserId }, 'microblog webhook: activity of an account no twr channel with this consumer secret serves; ignored');
      return RECEIVED;
    }
    for (const activity of body.activities) await this.apply(channel, activity, body, ctx);
    return RECEIVED;
  }

  /**
   * The channel the activity belongs to. The network calls one webhook per app, whatever account it is for:
   * activity of another account goes to the twr channel of that account whose consumer secret verifies this
   * very request (the lowest id when several do).
   */
  private async channelFor(forUserId: string, req: HookRequest, signature: string, ctx: HookContext): Promise<ChannelRecord | null> {
    if (forUserId === (ctx.channel.user ?? '').trim()) return ctx.channel;
    for (const channel of await this.parts.records.channels.withUser('twr', forUserId)) {
      const secret = webhookSecret(channel, this.parts.defaults);
      if (secret !== null && signatureMatches(secret, req.rawBody, signature)) return channel;
    }
    return null;
  }

  private async apply(channel: ChannelRecord, activity: DmActivity, body: ActivityBody, ctx: HookContext): Promise<void> {
    const log = (why: string) => ctx.log.debug({ channelId: channel.id, why }, 'microblog webhook: nothing to do');
    switch (activity.kind) {
      case 'ignored':
        return log(activity.why);
      case 'read': {
        // The account's own read markers (someone at the account read the person's DMs) say nothing of ours.
        if (activity.reader === body.forUserId) return log('the account\'s own read marker');
        for (const report of await readReports(this.parts.records, channel, activity.reader, activity.lastReadEventId)) await ctx.report(report);
        return;
      }
      case 'message': {
        // The network sends the account's own DMs too (ours, and those typed in its apps): the person did not write them.
        if (activity.sender === body.forUserId) return log('a DM the account sent');
        if (activity.recipient !== body.forUserId) return log('a DM between other accounts');
        const event = inboundMessage(activity);
        if (event === null) return log('a DM without anything to read');
        const envelope: InboundEnvelope = {
          channel, address: activity.sender, providerMessageId: activity.id, event, device: { type: 'app', platform: 'microblog' },
        };
        const name = body.names.get(activity.sender);
        if (name !== undefined) envelope.profile = { firstName: name };
        await ctx.ingest(envelope);
        return;
      }
    }
  }
}
