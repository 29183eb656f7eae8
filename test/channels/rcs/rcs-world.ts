// A Parley server wired to the fake RBM: an account, a bot, an RCS channel on a registered agent, and RBM's side of its webhook.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import { startTestServer, type DatabaseKind, type TestServer } from '../../helpers/server.js';
import { FakeRbm, type FakeServiceAccount } from '../../fakes/rbm.js';
import type { RbmWebhook } from '../../fakes/rbm-webhook.js';

export interface RcsWorld {
  server: TestServer;
  fake: FakeRbm;
  api: Call;
  botId: number;
  agentId: string;
  account: FakeServiceAccount;
  channelId: number;
  clientToken: string;
  hook: RbmWebhook;
  /** Another RCS channel on the same bot and agent key (for settings that differ per channel). */
  addChannel(data?: Record<string, unknown>): Promise<{ channelId: number; hook: RbmWebhook }>;
  /** The conversation (id) of a phone number on a channel, once it exists. */
  conversationOf(phone: string, channelId?: number): Promise<number>;
  /** Outbound messages of a conversation, oldest first, as the API shows them. */
  outbound(conversationId: number): Promise<{ id: number; status: string; failureReason: string | null; content: Record<string, unknown> }[]>;
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

export async function rcsWorld(kind: DatabaseKind, bot: object, options: { data?: Record<string, unknown>; env?: Record<string, string> } = {}): Promise<RcsWorld> {
  const fake = await FakeRbm.start();
  const server = await startTestServer(kind, {
    RBM_API_URL: fake.url, RBM_TOKEN_HOSTS: fake.host, DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', RBM_TIMEOUT_MS: '3000', ...options.env,
  });
  const api = client(server.url, (await server.account()).token);
  const created = await api('POST', '/v1/bots', bot);
  expect(created.status).toBe(200);
  const account = fake.serviceAccount();
  const agentId = `parley_test_${crypto.randomBytes(4).toString('hex')}_agent`;
  fake.agent(agentId, account);
  const clientToken = crypto.randomBytes(12).toString('hex').toUpperCase();

  const addChannel = async (data?: Record<string, unknown>) => {
    const res = await api('POST', '/v1/channels', {
      channelType: 'rcs', botId: created.body.id, name: 'rcs', description: 'RBM agent', user: agentId,
      token: account.keyJson({ webhook_client_token: clientToken }), ...(data ? { data } : {}),
    });
    expect(res.status).toBe(200);
    const channelId = res.body.id as number;
    return { channelId, hook: fake.webhook(agentId, `${server.url}/hooks/rcs/${channelId}`, clientToken) };
  };
  const first = await addChannel(options.data);

  const conversationOf = async (phone: string, channelId = first.channelId) => eventually(async () => {
    const humans = await api('GET', `/v1/humans?phone=${encodeURIComponent(phone)}`);
    const human = (humans.body.humans ?? humans.body.items ?? humans.body)[0] as { id: number } | undefined;
    expect(human).toBeDefined();
    const list = await api('GET', `/v1/conversations?channel_id=${channelId}&human_id=${human!.id}`);
    expect(list.body.conversations).toHaveLength(1);
    return list.body.conversations[0].id as number;
  });

  return {
    server, fake, api, botId: created.body.id, agentId, account, clientToken, channelId: first.channelId, hook: first.hook, addChannel, conversationOf,
    outbound: async (conversationId) => {
      const res = await api('GET', `/v1/conversations/${conversationId}/messages?limit=500`);
      return (res.body.messages as { direction: string; id: number; status: string; failureReason: string | null; content: Record<string, unknown> }[])
        .filter((m) => m.direction === 'out');
    },
    close: async () => {
      await server.close();
      await fake.close();
    },
  };
}
