// What Telegram is told when a tlg channel is created, given a new token or deleted: getMe, setWebhook with a secret token, deleteWebhook.
import { BadGatewayError, ConflictError, GatewayTimeoutError, UnprocessableError } from '../../errors.js';
import type { ChannelLifecycle } from '../lifecycle.js';
import type { Logger } from '../ports.js';
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord } from '../types.js';
import { type BotAnswer, type BotApi, BotApiUnavailable } from './bot-api.js';
import { describeBotError, isTransient } from './errors.js';
import { botIdOf, botToken, TelegramSetupProblem } from './settings.js';
import type { WebhookSecrets } from './webhook-secret.js';

/** The updates the channel reads; others (channel posts, inline queries, polls) are never sent. */
export const ALLOWED_UPDATES = ['message', 'edited_message', 'callback_query', 'my_chat_member'] as const;

export interface TelegramLifecycleParts {
  api: BotApi;
  secrets: WebhookSecrets;
  /** PUBLIC_URL: where Telegram posts updates. Null: no tlg channel can be connected. */
  publicUrl: string | null;
  records: Pick<ProviderRecords, 'channels'>;
  log: () => Logger | null;
}

export class TelegramLifecycle implements ChannelLifecycle {
  constructor(private readonly parts: TelegramLifecycleParts) {}

  /** The URL Telegram posts the channel's updates to. */
  webhookUrl(channel: Pick<ChannelRecord, 'id'>): string | null {
    return this.parts.publicUrl === null ? null : `${this.parts.publicUrl}/hooks/tlg/${channel.id}`;
  }

  async connect(channel: ChannelRecord): Promise<void> {
    let token: string;
    try {
      token = botToken(channel);
    } catch (err) {
      if (err instanceof TelegramSetupProblem) throw new UnprocessableError(`${err.message}.`);
      throw err;
    }
    const url = this.webhookUrl(channel);
    if (url === null) {
      throw new UnprocessableError('A Telegram channel needs PUBLIC_URL set: Telegram posts the bot\'s updates to {PUBLIC_URL}/hooks/tlg/{channelId}, an https address it can reach (docs/channels/telegram.md). A channel whose token is "sandbox" needs none.');
    }
    const me = await this.call(token, 'getMe');
    if (!me.ok) throw this.refusal(me, 'Telegram refused the bot token');
    const botId = botIdOf(token);
    // One webhook per bot: a second channel of the same bot would silently take the first one's updates.
    const others = (await this.parts.records.channels.ofTypes(['tlg'])).filter((c) => c.id !== channel.id && botIdOf(c.token) === botId);
    if (others.length > 0) {
      // Another account's channel is not named: its id is none of this account's business.
      const mine = others.filter((c) => c.accountId === channel.accountId).map((c) => c.id).slice(0, 5);
      const which = mine.length > 0 ? `tlg channel ${mine.join(', ')}` : 'a tlg channel of another account';
      throw new ConflictError(`This bot's updates already go to ${which}: Telegram sends a bot's updates to one webhook. Delete that channel first, or make another bot with @BotFather.`);
    }
    const set = await this.call(token, 'setWebhook', { url, secret_token: this.parts.secrets.of(channel.id), allowed_updates: ALLOWED_UPDATES });
    if (!set.ok) throw this.refusal(set, `Telegram refused the webhook ${url}`);
  }

  async disconnect(channel: ChannelRecord): Promise<void> {
    const log = this.parts.log();
    let token: string;
    try {
      token = botToken(channel);
    } catch (err) {
      if (err instanceof TelegramSetupProblem) return;
      throw err;
    }
    try {
      const answer = await this.parts.api.call(token, 'deleteWebhook');
      if (!answer.ok) log?.warn({ channelId: channel.id, status: answer.status, description: answer.description }, 'telegram: deleteWebhook refused; the bot\'s webhook may still point at this server');
    } catch (err) {
      if (!(err instanceof BotApiUnavailable)) throw err;
      log?.warn({ channelId: channel.id, reason: err.message }, 'telegram: deleteWebhook failed; the bot\'s webhook may still point at this server');
    }
  }

  private async call(token: string, method: string, params?: object): Promise<BotAnswer> {
    try {
      return await this.parts.api.call(token, method, params);
    } catch (err) {
      if (!(err instanceof BotApiUnavailable)) throw err;
      if (err.message.includes('did not answer')) throw new GatewayTimeoutError(`Telegram could not be asked to ${method}: ${err.message}.`, { cause: err });
      throw new BadGatewayError(`Telegram could not be asked to ${method}: ${err.message}.`, { cause: err });
    }
  }

  /** A refusal as the API error the caller answers: a bad token or URL is the request's fault (422); an outage is not. */
  private refusal(answer: Extract<BotAnswer, { ok: false }>, what: string): Error {
    const reason = `${what}: ${describeBotError(answer)}.`;
    return isTransient(answer) ? new BadGatewayError(reason) : new UnprocessableError(reason);
  }
}
