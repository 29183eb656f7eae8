// RBM's agent webhook at /hooks/rcs/{channelId}: the verification handshake, then signed user messages and events.
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import { readableState } from '../../engine/index.js';
import type { ProviderRecords } from '../records.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import type { RcsCapabilities } from './capability.js';
import { CLIENT_TOKEN_PROPERTY, rcsSettings, RcsSetupProblem, webhookClientToken } from './settings.js';
import { rcsSubscriptionKeyword } from './opt-out-keywords.js';
import { readRequest, readUserUpdate, type UserUpdate } from './user-events.js';
import { equalSecrets } from '../../security/index.js';
import { signatureMatches } from './webhook-signature.js';

const OK: HookReply = { status: 200, body: {} };

/** RBM names the agent `<agentId>@rbm.goog` in webhooks and by its bare id in the API (the channel's `user`): either matches. */
function bareAgentId(id: string): string {
  return id.trim().replace(/@rbm\.goog$/i, '');
}

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
    const agentId = bareAgentId(ctx.channel.user ?? '');
    if (update.agentId !== null && bareAgentId(update.agentId) !== agentId) {
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
    if (update.kind === 'subscription') {
      await ctx.subscription(update.sender, update.subscribed);
      return;
    }
    const humanId = await this.humanOf(channel, update.sender);
    // A tap on a link, call or map suggestion is news to the bot only when it is a choice (a button with `execute`).
    if (update.tappedAction && !(await this.isChoice(channel.id, humanId, update.event.payload))) return;
    const envelope: InboundEnvelope = {
      channel, address: update.sender, providerMessageId: update.messageId, event: update.event,
      profile: { phone: update.sender }, device: { type: 'mobile', platform: 'rcs' },
    };
    const subscribed = rcsSubscriptionKeyword(update.event.text);
    // Google Messages confirms an opt-out or opt-in itself: Parley sends no confirmation of its own.
    if (subscribed !== null) envelope.keyword = { channelId: channel.id, subscribed, reply: null };
    const human = humanId === undefined ? undefined : await this.parts.records.humans.find(humanId);
    // The message came over RCS, so the sender is RCS-enabled whatever a lookup would say: the bot sees that at once,
    // and RBM is asked for the features only after the webhook is answered (RBM waits for the answer; a slow lookup
    // would hold its push and have it sent again).
    const fresh = human !== undefined && this.parts.capabilities.isFresh(human) && human.rcsEnabled === true;
    if (!fresh) envelope.capability = { rcsEnabled: true, rcsFeatures: human?.rcsFeatures ?? [] };
    await ctx.ingest(envelope);
    if (!fresh) {
      this.refreshFeatures(channel, update.sender).catch((err: unknown) => ctx.log.warn({ err, channelId: channel.id }, 'RBM capability lookup after an inbound message failed'));
    }
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

  /** The sender's RCS features as RBM now tells them, stored on the human for the next runs (sys:rcsFeatures). */
  private async refreshFeatures(channel: ChannelRecord, phone: string): Promise<void> {
    const { capabilities, records } = this.parts;
    let agent;
    try {
      agent = rcsSettings(channel, this.parts.tokenHosts).agent;
    } catch (err) {
      if (err instanceof RcsSetupProblem) return;
      throw err;
    }
    const answer = await capabilities.ask(agent, phone);
    if (answer === null) return;
    const humanId = (await records.identities.humanOf(channel.id, phone)) ?? (await records.humans.idByPhone(channel.accountId, phone));
    // The message came over RCS: a lookup that says otherwise (agent not launched on the human's network) keeps it enabled.
    if (humanId !== undefined) await capabilities.remember(humanId, true, answer.rbmEnabled ? answer.features : []);
  }
}
