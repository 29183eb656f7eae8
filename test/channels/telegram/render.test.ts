// Bot messages as Bot API calls within Telegram's limits (each call checked against the fake's rules), updates read, pacing.
import { describe, expect, it } from 'vitest';
import { emptyMessage, type OutboundMessage } from '../../../src/engine/outbound.js';
import { TelegramAdapter } from '../../../src/channels/telegram/adapter.js';
import type { BotApi } from '../../../src/channels/telegram/bot-api.js';
import { inboundMessage, tappedEvent } from '../../../src/channels/telegram/inbound.js';
import { callbackData } from '../../../src/channels/telegram/keyboard.js';
import { describeBotError, isTransient } from '../../../src/channels/telegram/errors.js';
import { renderBotCalls } from '../../../src/channels/telegram/render.js';
import { readUpdate, type TgMessage } from '../../../src/channels/telegram/update.js';
import { WebhookSecrets } from '../../../src/channels/telegram/webhook-secret.js';
import { PartialSends } from '../../../src/channels/shared/partial-sends.js';
import { checkSend } from '../../fakes/telegram-send-rules.js';
import { renderedButton as button, renderedCard as card } from '../support/rendered.js';

/** The calls a bot message becomes; each one as the fake would accept it. */
function render(fields: Partial<OutboundMessage>): { method: string; params: Record<string, unknown> }[] {
  const result = renderBotCalls({ ...emptyMessage(), ...fields });
  if (!result.ok) throw new Error(result.reason);
  for (const call of result.calls) expect(() => checkSend(call.method, call.params, () => false)).not.toThrow();
  return result.calls;
}

const postback = (title: string, payload: string) => button('postback', { title, payload });

describe('telegram rendering', () => {
  it('sends text with its title in bold (an entity, nothing escaped), split past 4,096 characters with the keyboard on the last piece', () => {
    expect(render({ title: 'Hours', text: 'We open at *9*_' })).toEqual([{ method: 'sendMessage', params: { text: 'Hours\nWe open at *9*_', entities: [{ type: 'bold', offset: 0, length: 5 }] } }]);
    const words = Array.from({ length: 1200 }, (_, i) => `word${i}`).join(' ');
    const calls = render({ text: words, quickReplies: [postback('Yes', 'Y')] });
    expect(calls.length).toBe(3);
    expect(calls.every((c) => (c.params.text as string).length <= 4096)).toBe(true);
    expect(calls.map((c) => c.params.text).join(' ')).toBe(words);
    expect(calls.map((c) => c.params.reply_markup !== undefined)).toEqual([false, false, true]);
  });

  it('sends media by its kind with the text as its caption, or the text after it past 1,024 characters', () => {
    expect(render({ media: 'https://cdn.example/a.png', text: 'Look', buttons: [postback('Buy', 'BUY')] })).toEqual([
      { method: 'sendPhoto', params: { photo: 'https://cdn.example/a.png', caption: 'Look', reply_markup: { inline_keyboard: [[{ text: 'Buy', callback_data: 'BUY' }]] } } },
    ]);
    expect(render({ media: 'https://cdn.example/doc', mediaType: 'file' })).toEqual([{ method: 'sendDocument', params: { document: 'https://cdn.example/doc' } }]);
    expect(render({ media: 'https://cdn.example/song.mp3' })[0]!.method).toBe('sendAudio');
    const long = 'x'.repeat(1500);
    expect(render({ media: 'https://cdn.example/v.mp4', text: long }).map((c) => c.method)).toEqual(['sendVideo', 'sendMessage']);
    expect(renderBotCalls({ ...emptyMessage(), media: 'ftp://cdn.example/a.png' })).toEqual({ ok: false, reason: expect.stringContaining('neither an http(s) URL') });
  });

  it('lays buttons one a row and quick replies side by side; links open, calls are written out, wordless choices still go', () => {
    const calls = render({
      buttons: [button('weburl', { title: 'Website', payload: 'https://pizza.example' }), button('call', { title: 'Call us', payload: '+12025550123' })],
      quickReplies: [postback('Yes', 'Y'), postback('No', 'N'), postback('Maybe later', 'M'), postback('Tell me much more about it', 'T')],
    });
    expect(calls).toEqual([{ method: 'sendMessage', params: {
      text: 'Call us: +12025550123',
      reply_markup: { inline_keyboard: [
        [{ text: 'Website', url: 'https://pizza.example/' }],
        [{ text: 'Yes', callback_data: 'Y' }, { text: 'No', callback_data: 'N' }, { text: 'Maybe later', callback_data: 'M' }],
        [{ text: 'Tell me much more about it', callback_data: 'T' }],
      ] },
    } }]);
    expect(render({ quickReplies: [postback('Go', 'GO')] })[0]!.params.text).toBe('👇');
  });

  it('keeps callback data within 64 bytes: the payload, else the title, cut at a character', () => {
    expect(callbackData(postback('Small', 'SMALL'))).toBe('SMALL');
    expect(callbackData(postback('Family size', 'P'.repeat(65)))).toBe('Family size');
    // 40 two-byte letters are 80 bytes: cut to 32 letters, never inside one.
    expect(callbackData(postback('é'.repeat(40), 'P'.repeat(65)))).toBe('é'.repeat(32));
    expect(callbackData(button('text', { title: 'Hi' }))).toBe('Hi');
  });

  it('sends a carousel as its cards in turn, the message\'s choices last; custom JSON calls sending methods only; no templates', () => {
    const calls = render({
      text: 'Pick one:',
      carousel: [card({ title: 'Red', description: 'Warm', media: 'https://cdn.example/red.jpg', mediaType: 'image', buttons: [postback('Order', 'RED')] }), card({ title: 'Blue' })],
      quickReplies: [postback('Back', 'BACK')],
    });
    expect(calls.map((c) => [c.method, c.params.text ?? c.params.caption])).toEqual([['sendMessage', 'Pick one:'], ['sendPhoto', 'Red\nWarm'], ['sendMessage', 'Blue'], ['sendMessage', '👇']]);
    expect(renderBotCalls({ ...emptyMessage(), json: { method: 'sendDice', emoji: '🎲', chat_id: 5 } })).toEqual({ ok: true, calls: [{ method: 'sendDice', params: { emoji: '🎲' } }] });
    expect(renderBotCalls({ ...emptyMessage(), json: { method: 'deleteWebhook' } }).ok).toBe(false);
    expect(renderBotCalls({ ...emptyMessage(), template: { name: 'x', language: 'en', components: [] } }).ok).toBe(false);
    expect(renderBotCalls(emptyMessage()).ok).toBe(false);
  });
});

describe('telegram updates', () => {
  const chat = { id: 42, type: 'private' };
  const read = (fields: Partial<TgMessage>, edited = false) => inboundMessage({ message_id: 1, chat, from: { id: 42, first_name: 'Ada' }, ...fields }, (id) => `https://parley.example/media/${id}`, edited);

  it('reads /start with its deep-link payload, text, files, places and shared contacts', () => {
    expect(read({ text: '/start promo42' })?.start).toEqual({ payload: 'promo42' });
    expect(read({ text: '/start@pizza_bot' })?.start).toEqual({ payload: null });
    expect(read({ text: '/start promo42' }, true)?.start).toBeNull();
    expect(read({ text: '/started' })?.start).toBeNull();
    const photo = read({ photo: [{ file_id: 'small' }, { file_id: 'big', file_size: 900 }], caption: 'door' })!;
    expect(photo.event).toMatchObject({ text: 'door', media: [{ url: 'https://parley.example/media/big', mimeType: 'image/jpeg', size: 900 }] });
    expect(photo.fileIds).toEqual(['big']);
    expect(read({ venue: { location: { latitude: 1, longitude: 2 }, title: 'Pizza', address: 'Main St' }, location: { latitude: 1, longitude: 2 } })?.event.location).toEqual({ latitude: 1, longitude: 2, label: 'Pizza, Main St' });
    const own = read({ contact: { phone_number: '12025550123', first_name: 'Ada', user_id: 42 } })!;
    expect(own).toMatchObject({ event: { text: 'Ada, 12025550123' }, ownPhone: '+12025550123' });
    expect(read({ contact: { phone_number: '12025550123', first_name: 'Bob', user_id: 7 } })?.ownPhone).toBeNull();
  });

  it('reads a tap as the button\'s title and data, and refuses what is not an update', () => {
    const keyboard = { inline_keyboard: [[{ text: 'Family size', callback_data: 'Family size' }, { text: 'Menu', callback_data: 'MENU' }]] };
    expect(tappedEvent({ id: 'q', from: { id: 42 }, message: { message_id: 3, chat, reply_markup: keyboard }, data: 'MENU' })).toMatchObject({ text: 'Menu', payload: 'MENU' });
    expect(readUpdate({ message: {} })).toBeNull();
    expect(readUpdate({ update_id: 5, message: { message_id: 1, chat: { id: -100, type: 'group' }, text: 'hi' } })).toMatchObject({ kind: 'ignored' });
    expect(readUpdate({ update_id: 6, my_chat_member: { chat, from: { id: 42 }, new_chat_member: { status: 'kicked' } } })).toEqual({ kind: 'membership', updateId: 6, chatId: 42, subscribed: false });
  });

  it('describes Telegram\'s refusals in words to act on, and retries only what may pass', () => {
    const refusal = (status: number, description: string) => ({ ok: false as const, status, errorCode: status, description, retryAfterSeconds: null });
    expect(describeBotError(refusal(400, 'Bad Request: chat not found'))).toBe('Telegram answered 400: Telegram knows no chat with this id for the bot (the person never started it) (Bad Request: chat not found)');
    expect(describeBotError(refusal(403, 'Forbidden: bot was blocked by the user'))).toContain('the person blocked the bot');
    expect([429, 500, 502, 400, 401, 403].map((s) => isTransient(refusal(s, '')))).toEqual([true, true, true, false, false, false]);
  });

  it('derives one secret token per channel, the same in every process', () => {
    const a = new WebhookSecrets(Buffer.alloc(32, 1));
    expect(a.of(7)).toBe(new WebhookSecrets(Buffer.alloc(32, 1)).of(7));
    expect(a.of(7)).not.toBe(a.of(8));
    expect(a.of(7)).not.toBe(new WebhookSecrets(Buffer.alloc(32, 2)).of(7));
  });

  it('paces about thirty calls a second per bot and one message a second per chat', () => {
    const adapter = new TelegramAdapter({ api: {} as BotApi, sentParts: new PartialSends() });
    expect(adapter.pace(null, { ...emptyMessage(), text: 'x'.repeat(5000) })).toEqual({ rule: 'tlg', units: 2, defaultRate: 30, perRecipientRate: 1 });
  });
});
