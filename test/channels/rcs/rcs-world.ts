// A Parley server wired to the fake RBM: an account, a bot, an RCS channel on a registered agent, and RBM's side of its webhook.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { DatabaseKind } from '../../helpers/server.js';
import { FakeRbm, type FakeServiceAccount } from '../../fakes/rbm.js';
import type { RbmWebhook } from '../../fakes/rbm-webhook.js';
import { eventually } from '../support/eventually.js';
import { serverWorld, type ServerWorld } from '../support/world.js';

export interface RcsWorld extends ServerWorld {
  fake: FakeRbm;
  agentId: string;
  account: FakeServiceAccount;
  channelId: number;
  clientToken: string;
  hook: RbmWebhook;
  /** Another RCS channel on the same bot and agent key (for settings that differ per channel). */
  addChannel(data?: Record<string, unknown>): Promise<{ channelId: number; hook: RbmWebhook }>;
  /** The conversation (id) of a phone number on a channel, once it exists. */
  conversationOf(phone: string, channelId?: number): Promise<number>;
  close(): Promise<void>;
}

export async function rcsWorld(kind: DatabaseKind, bot: object, options: { data?: Record<string, unknown>; env?: Record<string, string> } = {}): Promise<RcsWorld> {
  const fake = await FakeRbm.start();
  const world = await serverWorld(kind, {
    RBM_API_URL: fake.url, RBM_TOKEN_HOSTS: fake.host, DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', RBM_TIMEOUT_MS: '3000', ...options.env,
  }, bot);
  const { api } = world;
  const account = fake.serviceAccount();
  const agentId = `parley_test_${crypto.randomBytes(4).toString('hex')}_agent`;
  fake.agent(agentId, account);
  const clientToken = crypto.randomBytes(12).toString('hex').toUpperCase();

  const addChannel = async (data?: Record<string, unknown>) => {
    const channelId = await world.createChannel({
      channelType: 'rcs', name: 'rcs', description: 'RBM agent', user: agentId,
      token: account.keyJson({ webhook_client_token: clientToken }), ...(data ? { data } : {}),
    });
    return { channelId, hook: fake.webhook(agentId, `${world.server.url}/hooks/rcs/${channelId}`, clientToken) };
  };
  const first = await addChannel(options.data);

  // Phone channels find the human by number: the API's humans filter does too.
  const conversationOf = async (phone: string, channelId = first.channelId) => eventually(async () => {
    const humans = await api('GET', `/v1/humans?phone=${encodeURIComponent(phone)}`);
    const human = (humans.body.humans ?? humans.body.items ?? humans.body)[0] as { id: number } | undefined;
    expect(human).toBeDefined();
    const list = await api('GET', `/v1/conversations?channel_id=${channelId}&human_id=${human!.id}`);
    expect(list.body.conversations).toHaveLength(1);
    return list.body.conversations[0].id as number;
  });

  return {
    ...world, fake, agentId, account, clientToken, channelId: first.channelId, hook: first.hook, addChannel, conversationOf,
    close: async () => {
      await world.server.close();
      await fake.close();
    },
  };
}
