// A Parley server wired to the fake Bot API: PUBLIC_URL on its own port (Telegram posts there), an account, a bot, a tlg channel.
import type { DatabaseKind } from '../../helpers/server.js';
import { FakeTelegram, type FakeBot } from '../../fakes/telegram.js';
import type { TelegramWebhook } from '../../fakes/telegram-webhook.js';
import { freePort } from '../sms/harness.js';
import { serverWorld, type ServerWorld } from '../support/world.js';

export interface TelegramWorld extends ServerWorld {
  fake: FakeTelegram;
  bot: FakeBot;
  channelId: number;
  hook: TelegramWebhook;
  /** Creates a tlg channel with this token through the API; the raw answer. */
  create(token: string, name?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function telegramWorld(kind: DatabaseKind, bot: object, env: Record<string, string> = {}): Promise<TelegramWorld> {
  // The Bot API server an operator runs with --local: it posts to http webhooks on loopback, as api.telegram.org would to https.
  const fake = await FakeTelegram.start({ local: true });
  const port = await freePort();
  const world = await serverWorld(kind, {
    PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`,
    TELEGRAM_API_URL: fake.url, TELEGRAM_TIMEOUT_MS: '2000', DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20',
    // The fake has no sending limits; the adapter's own pace (one message a second per chat) is tested in process.
    DELIVERY_RATES: `${process.env.DELIVERY_RATES ?? ''},tlg=0,tlg.chat=0`.replace(/^,/, ''),
    ...env,
  }, bot);
  const create = async (token: string, name = 'Telegram shop') => {
    const res = await world.api('POST', '/v1/channels', { channelType: 'tlg', botId: world.botId, name, description: 'our bot', token });
    return { status: res.status, body: res.body as Record<string, unknown> };
  };
  const fakeBot = fake.bot();
  const created = await create(fakeBot.token);
  if (created.status !== 200) throw new Error(`the tlg channel was refused: ${JSON.stringify(created.body)}`);
  return {
    ...world, fake, bot: fakeBot, channelId: created.body.id as number, hook: fake.webhook(fakeBot), create,
    close: async () => {
      await world.server.close();
      await fake.close();
    },
  };
}
