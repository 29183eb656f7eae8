// A tlg channel's settings read from its record: the bot token (the channel's sealed token), checked for its shape.
import type { ChannelRecord } from '../types.js';

/** Why a channel cannot be used; the message names what to fix, never the token. */
export class TelegramSetupProblem extends Error {
  override name = 'TelegramSetupProblem';
}

/** A token as @BotFather gives it: the bot's numeric id, a colon, and the secret part. */
const BOT_TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{20,200}$/;

/** The bot token; throws TelegramSetupProblem when the channel has none or it is not shaped like one. */
export function botToken(channel: Pick<ChannelRecord, 'id' | 'token'>): string {
  const token = channel.token?.trim() ?? '';
  if (token === '') throw new TelegramSetupProblem(`tlg channel ${channel.id} has no token: set it to the bot token @BotFather gave (docs/channels/telegram.md)`);
  if (!BOT_TOKEN.test(token)) {
    throw new TelegramSetupProblem(`tlg channel ${channel.id}'s token is not a bot token: @BotFather gives one such as 123456789:AAH… (digits, a colon, then letters, digits, _ and -)`);
  }
  return token;
}

/** The bot's id, the part of its token before the colon (not secret: Telegram shows it as the bot's user id); null for no token. */
export function botIdOf(token: string | null): string | null {
  return token === null ? null : (BOT_TOKEN.exec(token.trim())?.[1] ?? null);
}

/** A private chat's id, as the channel addresses the person: an integer, as text. */
export function isChatId(address: string): boolean {
  return /^-?\d{1,20}$/.test(address);
}
