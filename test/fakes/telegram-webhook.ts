// Telegram's side of a bot's webhook: Updates as Telegram builds them (messages, edits, button taps, the bot blocked), posted to
// the URL the bot set with its X-Telegram-Bot-Api-Secret-Token, only of the kinds the bot allowed.
import crypto from 'node:crypto';
import type { HookAnswer } from './webhook-post.js';
import type { FakeBot, SentMessage } from './telegram.js';

export interface FakeUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface PostOptions {
  /** The header to send: a string as is, null for none; default: the secret token the webhook was set with. */
  secret?: string | null;
  /** Send the update under this id (Telegram sends an update again, same id, when the webhook did not answer 2xx). */
  updateId?: number;
}

export class TelegramWebhook {
  private nextUpdateId = crypto.randomInt(100_000, 900_000_000);

  constructor(private readonly bot: FakeBot, private readonly messageId: () => number) {}

  user(firstName = 'Ada', lastName?: string): FakeUser {
    return { id: crypto.randomInt(10_000_000, 2 ** 40), first_name: firstName, ...(lastName === undefined ? {} : { last_name: lastName }), username: `${firstName.toLowerCase()}${crypto.randomInt(1000)}` };
  }

  /** The last update id sent, to send it again. */
  get lastUpdateId(): number {
    return this.nextUpdateId - 1;
  }

  /** Posts an update of kind `field` (message, callback_query …) to the webhook; a kind the bot did not allow is never sent. */
  async post(field: string, value: object, options: PostOptions = {}): Promise<HookAnswer | 'not sent'> {
    const hook = this.bot.webhook;
    if (hook === null) throw new Error('the bot has no webhook: Telegram would keep the update for getUpdates');
    if (hook.allowedUpdates !== null && hook.allowedUpdates.length > 0 && !hook.allowedUpdates.includes(field)) return 'not sent';
    const updateId = options.updateId ?? this.nextUpdateId++;
    const secret = options.secret === undefined ? hook.secretToken : options.secret;
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
      body: JSON.stringify({ update_id: updateId, [field]: value }),
    });
    return { status: res.status, text: await res.text() };
  }

  private chat(user: FakeUser): object {
    return { id: user.id, first_name: user.first_name, ...(user.last_name ? { last_name: user.last_name } : {}), ...(user.username ? { username: user.username } : {}), type: 'private' };
  }

  /** A message the person sends: from then on the bot may write to them. */
  async message(user: FakeUser, fields: object, options: PostOptions = {}): Promise<HookAnswer | 'not sent'> {
    this.bot.chats.add(user.id);
    const from = { ...user, is_bot: false, language_code: 'en' };
    return this.post('message', { message_id: this.messageId(), from, chat: this.chat(user), date: Math.floor(Date.now() / 1000), ...fields }, options);
  }

  async text(user: FakeUser, text: string, options: PostOptions = {}): Promise<HookAnswer | 'not sent'> {
    const command = /^\/\w+/.exec(text);
    return this.message(user, { text, ...(command ? { entities: [{ offset: 0, length: command[0].length, type: 'bot_command' }] } : {}) }, options);
  }

  /** The Start button, or a t.me/<bot>?start=<payload> link opened: the app sends "/start <payload>". */
  async start(user: FakeUser, payload?: string, options: PostOptions = {}): Promise<HookAnswer | 'not sent'> {
    return this.text(user, payload === undefined ? '/start' : `/start ${payload}`, options);
  }

  async edit(user: FakeUser, messageId: number, text: string): Promise<HookAnswer | 'not sent'> {
    const from = { ...user, is_bot: false };
    const now = Math.floor(Date.now() / 1000);
    return this.post('edited_message', { message_id: messageId, from, chat: this.chat(user), date: now - 5, edit_date: now, text });
  }

  /** A tap on a callback button of a message the bot sent: the message as Telegram shows it, with its keyboard, and the data. */
  async tap(user: FakeUser, sent: SentMessage, buttonText: string, options: PostOptions = {}): Promise<HookAnswer | 'not sent'> {
    const markup = sent.params.reply_markup as { inline_keyboard: { text: string; callback_data?: string }[][] } | undefined;
    const button = markup?.inline_keyboard.flat().find((b) => b.text === buttonText);
    if (button?.callback_data === undefined) throw new Error(`the message has no callback button "${buttonText}"`);
    const id = `${crypto.randomInt(10 ** 9)}${crypto.randomInt(10 ** 9)}`;
    this.bot.openQueries.add(id);
    const message = {
      message_id: sent.messageId, from: { id: this.bot.id, is_bot: true, first_name: 'Parley test', username: this.bot.username }, chat: this.chat(user),
      date: Math.floor(Date.now() / 1000), ...(typeof sent.params.text === 'string' ? { text: sent.params.text } : {}), reply_markup: markup,
    };
    return this.post('callback_query', { id, from: { ...user, is_bot: false }, message, chat_instance: String(crypto.randomInt(10 ** 9)), data: button.callback_data }, options);
  }

  async photo(user: FakeUser, fileId: string, size: number, caption?: string): Promise<HookAnswer | 'not sent'> {
    // Telegram sends the sizes it made, smallest first; the last is the original.
    const sizes = [{ file_id: `${fileId}-thumb`, file_unique_id: 'thumb', width: 90, height: 90, file_size: 1200 }, { file_id: fileId, file_unique_id: 'orig', width: 800, height: 600, file_size: size }];
    return this.message(user, { photo: sizes, ...(caption === undefined ? {} : { caption }) });
  }

  async location(user: FakeUser, latitude: number, longitude: number): Promise<HookAnswer | 'not sent'> {
    return this.message(user, { location: { latitude, longitude } });
  }

  /** The person blocked the bot (`kicked`) or unblocked it (`member`). */
  async membership(user: FakeUser, status: 'kicked' | 'member'): Promise<HookAnswer | 'not sent'> {
    if (status === 'kicked') this.bot.blocked.add(user.id);
    else this.bot.blocked.delete(user.id);
    const member = (s: string) => ({ user: { id: this.bot.id, is_bot: true, first_name: 'Parley test', username: this.bot.username }, status: s, ...(s === 'kicked' ? { until_date: 0 } : {}) });
    return this.post('my_chat_member', {
      chat: this.chat(user), from: { ...user, is_bot: false }, date: Math.floor(Date.now() / 1000),
      old_chat_member: member(status === 'kicked' ? 'member' : 'kicked'), new_chat_member: member(status),
    });
  }
}
