// A Parley server wired to the fake messenger platform: an account, a bot, an fb channel on a page, and the platform's side of its webhook.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import { startTestServer, type DatabaseKind, type TestServer } from '../../helpers/server.js';
import { FakeMessenger, type FakePage } from '../../fakes/messenger.js';
import type { MessengerWebhook } from '../../fakes/messenger-webhook.js';

export interface OutboundRow {
  id: number;
  status: string;
  failureReason: string | null;
  content: Record<string, unknown>;
}

export interface MessengerWorld {
  server: TestServer;
  fake: FakeMessenger;
  api: Call;
  botId: number;
  page: FakePage;
  verifyToken: string;
  channelId: number;
  hook: MessengerWebhook;
  /** Another fb channel on the same bot (another page, or the same page), with this token. */
  addChannel(pageId: string, token: string): Promise<number>;
  conversationOf(psid: string, channelId?: number): Promise<number>;
  /** Outbound messages of a conversation, oldest first, as the API shows them. */
  outbound(conversationId: number): Promise<OutboundRow[]>;
  close(): Promise<void>;
}

/** Polls until `check` stops throwing (an expect that becomes true), up to `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export function tokenJson(page: FakePage, extra: Record<string, string> = {}): string {
  return JSON.stringify({ pageAccessToken: page.accessToken, appSecret: page.appSecret, ...extra });
}

export async function messengerWorld(kind: DatabaseKind, bot: object, options: { env?: Record<string, string>; token?: (page: FakePage, verifyToken: string) => string; page?: Partial<Omit<FakePage, 'pageId'>>; logStream?: NodeJS.WritableStream } = {}): Promise<MessengerWorld> {
  const fake = await FakeMessenger.start();
  const server = await startTestServer(kind, {
    MESSENGER_API_URL: fake.url, MESSENGER_API_VERSION: fake.version, MESSENGER_TIMEOUT_MS: '2000', DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', ...options.env,
  }, options.logStream);
  const api = client(server.url, (await server.account()).token);
  const created = await api('POST', '/v1/bots', bot);
  expect(created.status).toBe(200);
  const page = fake.page(String(100_000_000_000_000 + crypto.randomInt(1, 2 ** 40)), options.page);
  const verifyToken = crypto.randomBytes(9).toString('base64url');

  const addChannel = async (pageId: string, token: string) => {
    const res = await api('POST', '/v1/channels', { channelType: 'fb', botId: created.body.id, name: 'messenger', description: 'page', user: pageId, token });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  const channelId = await addChannel(page.pageId, options.token?.(page, verifyToken) ?? tokenJson(page, { verifyToken }));
  const hook = fake.webhook(`${server.url}/hooks/fb/${channelId}`, page);

  // The API does not show addresses: the store says which conversation a page-scoped id has.
  const conversationOf = async (psid: string, channel = channelId) => eventually(async () => {
    const repos = server.services.runtime.repos;
    const humanId = await repos.identities.humanOf(channel, psid);
    expect(humanId).toBeDefined();
    const conversation = await repos.conversations.findFor(channel, humanId!);
    expect(conversation).toBeDefined();
    return conversation!.id;
  });

  return {
    server, fake, api, botId: created.body.id, page, verifyToken, channelId, hook, addChannel, conversationOf,
    outbound: async (conversationId) => {
      const res = await api('GET', `/v1/conversations/${conversationId}/messages?limit=500`);
      return (res.body.messages as (OutboundRow & { direction: string })[]).filter((m) => m.direction === 'out');
    },
    close: async () => {
      await server.close();
      await fake.close();
    },
  };
}
