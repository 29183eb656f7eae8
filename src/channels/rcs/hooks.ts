// RBM's agent webhook at /hooks/rcs/{channelId}: the verification handshake, then signed user messages and events.
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import { readableState } from '../../engine/index.js';
import type { ProviderRecords } from '../records.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import type { RcsCapabilities } from './capability.js';
import { CLIENT_TOKEN_PROPERTY, rcsSettings, RcsSetupProblem, webhookClientToken } from './settings.js';
import { readRequest, readUserUpdate, type UserUpdate } from './user-events.js';
import { equalSecrets } from '../../security/index.js';
import { signatureMatches } from './webhook-signature.js';

const OK: HookReply = { status: 200, body: {} };

export interface RcsHooksParts {
  tokenHosts: readonly string[];
  capabilities: RcsCapabilities;
  records: Pick<ProviderRecords, 'conversations' | 'humans' | 'identities'>;
}

function noClientToken(channel: ChannelRecord): ForbiddenError {
  return new ForbiddenError(`RCS channel ${channel.id} has no webhook client token to verify requests with: add "${CLIENT_TOKEN_PROPERTY}" (the clientToken the Business Communications console shows for the webhook) to its token JSON.`);
}

export class RcsHooks implements ProviderHooks {
  readonly type = 'rcs';

  constructor(private readonly parts: RcsHooksParts) {}

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    let body: unknown;
    try {
      body = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new BadRequestError('An RBM webhook request is a JSON document.');
    }
    const request = readRequest(body);
    if (request.kind === 'unknown') throw new BadRequestError('This is neither RBM\'s webhook verification (clientToken, secret) nor a push message (message.data).');
    const clientToken = webhookClientToken(ctx.channel);
    if (clientToken === null) throw noClientToken(ctx.channel);

    if (request.kind === 'handshake') {
      if (!equalSecrets(clientToken, request.clientToken)) throw new ForbiddenError('The clientToken is not this channel\'s webhook client token.');
      // The console checks that the webhook answers with the secret, as plain text.
      return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: request.secret };
    }
    const signature = req.headers['x-goog-signature'];
    if (signature === undefined || signature === '') throw new UnauthorizedError('RBM webhook requests carry an X-Goog-Signature header; this one has none.');
    if (!signatureMatches(clientToken, request.data, signature)) throw new ForbiddenError('X-Goog-Signature does not match the message data signed with this channel\'s webhook client token.');

    const update = readUserUpdate(request.data);
    const agentId = (ctx.channel.user ?? '').trim();
    if (update.agentId !== null && update.agentId !== agentId) {
      // Signed by our client token but for another agent (a partner-level webhook): acknowledged, or RBM retries it for days.
      ctx.log.warn({ channelId: ctx.channel.id }, 'RBM webhook: an event for another agent reached this RCS channel; ignored');
      return OK;
    }
    await this.apply(update, ctx);
    return OK;
  }

  private async apply(update: UserUpdate, ctx: HookContext): Promise<void> {
    const { channel } = ctx;
    if (update.kind === 'ignored') {
      ctx.log.debug({ channelId: channel.id, why: update.why }, 'RBM webhook: nothing to do');
      return;
    }
    if (update.kind === 'status') {
      await ctx.report({ channel, providerMessageId: update.messageId, status: update.status });
      return;
    }
    const humanId = await this.humanOf(channel, update.sender);
    // A tap on a link, call or map suggestion is news to the bot only when it is a choice (a button with `execute`).
    if (update.tappedAction && !(await this.isChoice(channel.id, humanId, update.event.payload))) return;
    const envelope: InboundEnvelope = {
      channel, address: update.sender, providerMessageId: update.messageId, event: update.event,
      profile: { phone: update.sender }, device: { type: 'mobile', platform: 'rcs' },
    };
    const capability = await this.capability(channel, humanId, update.sender);
    if (capability !== null) envelope.capability = capability;
    await ctx.ingest(envelope);
  }

  private async humanOf(channel: ChannelRecord, phone: string): Promise<number | undefined> {
    const { records } = this.parts;
    return (await records.identities.humanOf(channel.id, phone)) ?? records.humans.idByPhone(channel.accountId, phone);
  }

  private async isChoice(channelId: number, humanId: number | undefined, payload: string | null): Promise<boolean> {
    if (humanId === undefined || payload === null) return false;
    const conversation = await this.parts.records.conversations.findFor(channelId, humanId);
    const state = readableState(conversation?.state);
    // A state this release cannot read: the tap is stored for the conversation, which is parked.
    if (state === null) return true;
    return [...state.choices, ...(state.postbacks ?? [])].some((c) => c.payload === payload);
  }

  /**
   * The sender's RCS features, asked of RBM when the human's stored answer is missing or stale, so the
   * bot's run of this very message sees sys:rcsEnabled and sys:rcsFeatures. The message came over RCS,
   * so the sender is RCS-enabled whatever the lookup says. null: nothing new to store.
   */
  private async capability(channel: ChannelRecord, humanId: number | undefined, phone: string): Promise<InboundEnvelope['capability'] | null> {
    const { capabilities, records } = this.parts;
    const human = humanId === undefined ? undefined : await records.humans.find(humanId);
    if (human !== undefined && capabilities.isFresh(human) && human.rcsEnabled === true) return null;
    let agent;
    try {
      agent = rcsSettings(channel, this.parts.tokenHosts).agent;
    } catch (err) {
      if (err instanceof RcsSetupProblem) return null;
      throw err;
    }
    const answer = await capabilities.ask(agent, phone);
    return answer === null ? null : { rcsEnabled: true, rcsFeatures: answer.features };
  }
}
