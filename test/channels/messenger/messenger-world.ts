// A Parley server wired to the fake messenger platform: an account, a bot, an fb channel on a page, and the platform's side of its webhook.
import crypto from 'node:crypto';
import type { DatabaseKind } from '../../helpers/server.js';
import { FakeMessenger, type FakePage } from '../../fakes/messenger.js';
import type { MessengerWebhook } from '../../fakes/messenger-webhook.js';
import { serverWorld, type ServerWorld } from '../support/world.js';

export interface MessengerWorld extends ServerWorld {
  fake: FakeMessenger;
  page: FakePage;
  verifyToken: string;
  channelId: number;
  hook: MessengerWebhook;
  /** Another fb channel on the same bot (another page, or the same page), with this token. */
  addChannel(pageId: string, token: string): Promise<number>;
  conversationOf(psid: string, channelId?: number): Promise<number>;
  close(): Promise<void>;
}

export function tokenJson(page: FakePage, extra: Record<string, string> = {}): string {
  return JSON.stringify({ pageAccessToken: page.accessToken, appSecret: page.appSecret, ...extra });
}

export async function messengerWorld(kind: DatabaseKind, bot: object, options: { env?: Record<string, string>; token?: (page: FakePage, verifyToken: string) => string; page?: Partial<Omit<FakePage, 'pageId'>>; logStream?: NodeJS.WritableStream } = {}): Promise<MessengerWorld> {
  const fake = await FakeMessenger.start();
  const world = await serverWorld(kind, {
    MESSENGER_API_URL: fake.url, MESSENGER_API_VERSION: fake.version, MESSENGER_TIMEOUT_MS: '2000', DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', ...options.env,
  }, bot, options.logStream);
  const page = fake.page(String(100_000_000_000_000 + crypto.randomInt(1, 2 ** 40)), options.page);
  const verifyToken = crypto.randomBytes(9).toString('base64url');

  const addChannel = (pageId: string, token: string) => world.createChannel({ channelType: 'fb', name: 'messenger', description: 'page', user: pageId, token });
  const channelId = await addChannel(page.pageId, options.token?.(page, verifyToken) ?? tokenJson(page, { verifyToken }));
  return {
    ...world, fake, page, verifyToken, channelId, addChannel,
    hook: fake.webhook(`${world.server.url}/hooks/fb/${channelId}`, page),
    conversationOf: (psid, channel = channelId) => world.conversationAt(channel, psid),
    close: async () => {
      await world.server.close();
      await fake.close();
    },
  };
}
