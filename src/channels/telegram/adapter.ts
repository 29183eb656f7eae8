// Telegram delivery: the bot token, the message rendered as Bot API calls and made in order, 429's retry_after honoured.
import type { OutboundMessage } from '../../engine/index.js';
import { type Pace, providerPace } from '../pacing.js';
import { progressOf, sendRemainingParts, type PartialSends, type PartOutcome, type PartsProgress } from '../shared/partial-sends.js';
import { retryOutcome } from '../shared/retry.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import { type BotApi, BotApiUnavailable } from './bot-api.js';
import type { BotCall } from './bot-message.js';
import { describeBotError, isTransient, retryAfterMsOf } from './errors.js';
import { renderBotCalls } from './render.js';
import { botToken, isChatId, TelegramSetupProblem } from './settings.js';

/** About thirty messages a second per bot (Telegram's FAQ): DELIVERY_RATES tlg=… changes it. */
const MESSAGES_PER_SECOND = 30;
/** One message a second in one chat (short bursts pass, then 429): DELIVERY_RATES tlg.chat=… changes it. */
const MESSAGES_PER_SECOND_PER_CHAT = 1;

export interface TelegramAdapterParts {
  api: BotApi;
  sentParts: PartialSends<PartsProgress>;
}

export class TelegramAdapter implements ChannelAdapter {
  readonly type = 'tlg';

  constructor(private readonly parts: TelegramAdapterParts) {}

  pace(_channel: unknown, message: OutboundMessage): Pace {
    const rendered = renderBotCalls(message);
    return { ...providerPace('tlg', rendered.ok ? rendered.calls.length : 1, MESSAGES_PER_SECOND), perRecipientRate: MESSAGES_PER_SECOND_PER_CHAT };
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    let token: string;
    try {
      token = botToken(delivery.channel);
    } catch (err) {
      if (err instanceof TelegramSetupProblem) return { kind: 'failed', reason: err.message };
      throw err;
    }
    if (!isChatId(delivery.address)) return { kind: 'failed', reason: `"${delivery.address.slice(0, 40)}" is not a Telegram chat id` };
    const rendered = renderBotCalls(delivery.message);
    if (!rendered.ok) return { kind: 'failed', reason: `the message cannot be shown on Telegram: ${rendered.reason}` };
    const { sentParts } = this.parts;
    const progress = progressOf(sentParts, delivery.messageId, { sent: 0, lastId: null });
    const chatId = Number(delivery.address);
    return sendRemainingParts(sentParts, delivery.messageId, progress, rendered.calls.length, (i) => this.send(token, chatId, rendered.calls[i]!));
  }

  private async send(token: string, chatId: number, call: BotCall): Promise<PartOutcome> {
    let answer;
    try {
      answer = await this.parts.api.call(token, call.method, { ...call.params, chat_id: chatId });
    } catch (err) {
      if (err instanceof BotApiUnavailable) return { kind: 'retry', reason: err.message };
      throw err;
    }
    if (answer.ok) {
      // A message, or (sendMediaGroup in custom JSON) the messages of an album: the last stands for the call.
      const result = Array.isArray(answer.result) ? (answer.result.at(-1) as unknown) : answer.result;
      const id = (result as { message_id?: unknown } | undefined)?.message_id;
      return { kind: 'sent', id: typeof id === 'number' ? String(id) : null };
    }
    const reason = describeBotError(answer);
    return isTransient(answer) ? retryOutcome(reason, retryAfterMsOf(answer)) : { kind: 'failed', reason };
  }
}
