// The Parley side of a channel's integration tests: a server on a test database, an account's API client, a bot, its channels, and conversations as the API and the store show them.
import { expect } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import { startTestServer, type DatabaseKind, type TestServer } from '../../helpers/server.js';
import { eventually } from './eventually.js';

/** A message as GET /v1/conversations/{id}/messages shows it. */
export interface MessageRow {
  id: number;
  direction: string;
  status: string;
  failureReason: string | null;
  content: Record<string, unknown>;
}

export interface ServerWorld {
  server: TestServer;
  api: Call;
  botId: number;
  /** Creates a channel of the bot through the API (`channelType`, `name`, `user`, `token` …); its id. */
  createChannel(fields: Record<string, unknown>): Promise<number>;
  /** A conversation's messages, oldest first, as the API shows them. */
  messages(conversationId: number): Promise<MessageRow[]>;
  /** Its outbound messages, oldest first, as the API shows them. */
  outbound(conversationId: number): Promise<MessageRow[]>;
  /** The conversation's newest outbound message, once delivery has settled it (sent or failed). */
  lastSettled(conversationId: number): Promise<MessageRow>;
  /** The conversation of the human with this address on a channel, once it exists (the API does not show addresses: the store does). */
  conversationAt(channelId: number, address: string): Promise<number>;
}

/** Starts a server with `env` (the fakes' URLs, fast retries) and creates `bot` in a new account. */
export async function serverWorld(kind: DatabaseKind, env: Record<string, string>, bot: object, logStream?: NodeJS.WritableStream): Promise<ServerWorld> {
  const server = await startTestServer(kind, env, logStream);
  const api = client(server.url, (await server.account()).token);
  const created = await api('POST', '/v1/bots', bot);
  expect(created.status).toBe(200);
  const botId = created.body.id as number;
  // Publishing trains the bot's recognizer at once; the world waits for it as a person opens a channel to the public
  // some time after publishing, so the bounded waits of the tests (the voice platform's 6 s) see the message path
  // rather than a first training on a core another test file keeps busy.
  await server.services.runtime.programs.get(botId, created.body.currentRevision as number);
  const messages = async (conversationId: number) => (await api('GET', `/v1/conversations/${conversationId}/messages?limit=500`)).body.messages as MessageRow[];
  return {
    server, api, botId, messages,
    createChannel: async (fields) => {
      const res = await api('POST', '/v1/channels', { ...fields, botId });
      expect(res.status).toBe(200);
      return res.body.id as number;
    },
    outbound: async (conversationId) => (await messages(conversationId)).filter((m) => m.direction === 'out'),
    lastSettled: async (conversationId) => eventually(async () => {
      const last = (await messages(conversationId)).filter((m) => m.direction === 'out').at(-1);
      expect(last).toBeDefined();
      expect(['sent', 'failed']).toContain(last!.status);
      return last!;
    }),
    conversationAt: async (channelId, address) => eventually(async () => {
      const repos = server.services.runtime.repos;
      const humanId = await repos.identities.humanOf(channelId, address);
      expect(humanId).toBeDefined();
      const conversation = await repos.conversations.findFor(channelId, humanId!);
      expect(conversation).toBeDefined();
      return conversation!.id;
    }),
  };
}
