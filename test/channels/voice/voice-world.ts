// A Parley server wired to the fake voice platform: an account, a bot, an alx channel for a skill, and the platform's side of its endpoint.
import { expect } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import { startTestServer, type DatabaseKind, type TestServer } from '../../helpers/server.js';
import { FakeVoiceAssistant, type FakeSkill } from '../../fakes/voice-assistant.js';

export interface VoiceWorld {
  server: TestServer;
  fake: FakeVoiceAssistant;
  api: Call;
  botId: number;
  channelId: number;
  skill: FakeSkill;
  /** Conversations of the channel, as the API lists them. */
  conversations(): Promise<{ id: number; humanId: number }[]>;
  /** A conversation's messages, oldest first, as the API shows them. */
  messages(conversationId: number): Promise<{ id: number; direction: string; status: string; failureReason: string | null; content: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/** Polls until `check` stops throwing, up to `timeoutMs`. */
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

export async function voiceWorld(kind: DatabaseKind, bot: object, env: Record<string, string> = {}): Promise<VoiceWorld> {
  const fake = await FakeVoiceAssistant.start();
  const server = await startTestServer(kind, { ...fake.env, JOBS_POLL_MS: '20', ...env });
  const api = client(server.url, (await server.account()).token);
  const created = await api('POST', '/v1/bots', bot);
  expect(created.status).toBe(200);
  const skillId = `amzn1.ask.skill.${crypto.randomUUID()}`;
  const channel = await api('POST', '/v1/channels', { channelType: 'alx', botId: created.body.id, name: 'voice', description: 'custom skill', user: skillId });
  expect(channel.status).toBe(200);
  const channelId = channel.body.id as number;
  return {
    server, fake, api, botId: created.body.id, channelId,
    skill: fake.skill(`${server.url}/hooks/alx/${channelId}`, skillId),
    conversations: async () => (await api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations,
    messages: async (conversationId) => (await api('GET', `/v1/conversations/${conversationId}/messages?limit=500`)).body.messages,
    close: async () => {
      await server.close();
      await fake.close();
    },
  };
}
