// The Telegram webhook at /hooks/tlg/{channelId}: updates carrying the channel's secret token (refused otherwise), one per request.
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import { equalSecrets } from '../../security/index.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { Ingested, MediaPort } from '../ports.js';
import type { ProviderRecords } from '../records.js';
import { optOutWord } from '../shared/opt-out-words.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import type { BotApi } from './bot-api.js';
import { inboundMessage, tappedEvent } from './inbound.js';
import { botToken, TelegramSetupProblem } from './settings.js';
import type { TypingSignal } from './typing.js';
import type { TgMessage, TgUser } from './update.js';
import { readUpdate } from './update.js';
import type { WebhookSecrets } from './webhook-secret.js';

/** The human-scope attribute a /start deep link's payload is kept in, for the bot to read (`{startPayload}`). */
export const START_PAYLOAD_ATTRIBUTE = 'startPayload';

export const DEVICE = { type: 'app', platform: 'telegram' } as const;

const RECEIVED: HookReply = { status: 200 };

export interface TelegramHooksParts {
  records: Pick<ProviderRecords, 'identities'>;
  secrets: WebhookSecrets;
  media: MediaPort;
  api: BotApi;
  typing: TypingSignal;
}

function profileOf(user: TgUser | undefined, phone: string | null): InboundEnvelope['profile'] {
  return { firstName: user?.first_name?.trim() || null, lastName: user?.last_name?.trim() || null, phone };
}

function tokenOf(channel: ChannelRecord): string | null {
  try {
    return botToken(channel);
  } catch (err) {
    if (err instanceof TelegramSetupProblem) return null;
    throw err;
  }
}

export class TelegramHooks implements ProviderHooks {
  readonly type = 'tlg';

  constructor(private readonly parts: TelegramHooksParts) {}

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const given = req.headers['x-telegram-bot-api-secret-token'];
    if (given === undefined || given === '') throw new UnauthorizedError('Telegram updates carry an X-Telegram-Bot-Api-Secret-Token header; this request has none.');
    if (!equalSecrets(this.parts.secrets.of(ctx.channel.id), given)) throw new ForbiddenError('X-Telegram-Bot-Api-Secret-Token is not the secret token this channel\'s webhook was registered with.');
    let json: unknown;
    try {
      json = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new BadRequestError('A Telegram update is a JSON document.');
    }
    const update = readUpdate(json);
    if (update === null) throw new BadRequestError('This is not a Telegram Update (an object with an integer "update_id").');
    const after: (() => Promise<unknown>)[] = [];
    switch (update.kind) {
      case 'ignored':
        ctx.log.debug({ channelId: ctx.channel.id, why: update.why }, 'telegram webhook: nothing to do');
        break;
      case 'membership':
        // Blocking the bot is the person's "stop"; unblocking it (and pressing Start) their "start".
        await ctx.subscription(String(update.chatId), update.subscribed);
        break;
      case 'callback': {
        const token = tokenOf(ctx.channel);
        // Answered even when Telegram sends the tap again: until it is, the person's app shows the button loading.
        if (token !== null) after.push(() => this.answerTap(token, update.query.id, ctx));
        const event = tappedEvent(update.query);
        if (event === null) break;
        const address = String(update.query.message!.chat.id);
        await this.store(ctx, {
          channel: ctx.channel, address, providerMessageId: String(update.updateId), event, profile: profileOf(update.query.from, null), device: DEVICE,
        }, token);
        break;
      }
      case 'message':
        await this.message(ctx, update.updateId, update.message, update.edited, after);
    }
    // Telegram waits for the answer and sends the update again when it comes late: slow work goes after it.
    if (after.length > 0) {
      setImmediate(() => {
        void (async () => {
          for (const task of after) await task().catch((err: unknown) => ctx.log.warn({ err, channelId: ctx.channel.id }, 'telegram webhook: work after the answer failed'));
        })();
      });
    }
    return RECEIVED;
  }

  private async message(ctx: HookContext, updateId: number, message: TgMessage, edited: boolean, after: (() => Promise<unknown>)[]): Promise<void> {
    const { channel } = ctx;
    const read = inboundMessage(message, (id) => this.parts.media.urlOf(channel.id, id), edited);
    if (read === null) {
      ctx.log.debug({ channelId: channel.id }, 'telegram webhook: a message without anything to read; ignored');
      return;
    }
    const address = String(message.chat.id);
    const envelope: InboundEnvelope = {
      channel, address, providerMessageId: String(updateId), event: read.event, profile: profileOf(message.from, read.ownPhone), device: DEVICE,
    };
    if (read.start !== null) {
      // Starting the bot is opting in; a deep link's payload is kept for the bot before it runs.
      envelope.keyword = { channelId: channel.id, subscribed: true, reply: null };
      if (read.start.payload !== null) envelope.attributes = { [START_PAYLOAD_ATTRIBUTE]: read.start.payload };
      // The first /start opens the conversation: the bot greets (sys:start, or the experience's welcome workflow).
      // Later, /start is a message like any other, which the bot may answer with an intent.
      if (await this.parts.records.identities.humanOf(channel.id, address) === undefined) envelope.event = { kind: 'welcome' };
    } else {
      // The opt-out words people use on SMS work here too, and /stop: the consent Parley keeps is one for every channel.
      const text = read.event.text?.trim() ?? null;
      const keyword = text?.toLowerCase() === '/stop' ? 'stop' : optOutWord(text);
      if (keyword === 'stop' || keyword === 'start') envelope.keyword = { channelId: channel.id, subscribed: keyword === 'start', reply: null };
    }
    const token = tokenOf(channel);
    const ingested = await this.store(ctx, envelope, token);
    if (ingested === null) return;
    for (const id of read.fileIds) after.push(async () => this.parts.media.keep(channel, id, ingested.humanId));
  }

  /** Stores the envelope and, for a new event, watches its run for the typing signal; null for a duplicate. */
  private async store(ctx: HookContext, envelope: InboundEnvelope, token: string | null): Promise<Ingested | null> {
    const ingested = await ctx.ingest(envelope);
    if (ingested.eventId === null) return null;
    // Before anything can run it (a commit needs I/O): a run quicker than the watch would be missed, not signalled late.
    if (token !== null) this.parts.typing.watch(token, envelope.address, ingested.conversationId, ingested.storedAt);
    return ingested;
  }

  private async answerTap(token: string, queryId: string, ctx: HookContext): Promise<void> {
    const answer = await this.parts.api.call(token, 'answerCallbackQuery', { callback_query_id: queryId });
    // A tap answered before (Telegram sent the update again) is refused as too old: nothing is wrong.
    if (!answer.ok) ctx.log.debug({ channelId: ctx.channel.id, status: answer.status, description: answer.description }, 'telegram webhook: answerCallbackQuery refused');
  }
}
