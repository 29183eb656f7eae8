// A Parley server wired to the fake microblogging network: an account, a bot, a twr channel for a DM account, the network's side of its webhook, and a media host.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import { startTestServer, type DatabaseKind, type TestServer } from '../../helpers/server.js';
import { FakeMicroblog, type FakeAccount } from '../../fakes/microblog.js';
import type { MicroblogWebhook } from '../../fakes/microblog-webhook.js';

export interface OutboundRow {
  id: number;
  status: string;
  failureReason: string | null;
  content: Record<string, unknown>;
}

/** A web server holding the files bots link to. */
export class MediaHost {
  readonly requests: string[] = [];
  private constructor(private readonly server: http.Server, readonly url: string, readonly files: Map<string, { type: string; bytes: Buffer }>) {}

  static async start(): Promise<MediaHost> {
    const files = new Map<string, { type: string; bytes: Buffer }>();
    let host: MediaHost | undefined;
    const server = http.createServer((req, res) => {
      host?.requests.push(req.url ?? '/');
      const file = files.get(req.url ?? '/');
      if (file === undefined) return void res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.bytes.length) }).end(file.bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = new MediaHost(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, files);
    return host;
  }

  put(path: string, type: string, bytes: Buffer): string {
    this.files.set(path, { type, bytes });
    return `${this.url}${path}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A small PNG (its signature, then bytes that are not valid UTF-8 text: a text read would mangle them). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28]), crypto.randomBytes(2000)]);

export interface MicroblogWorld {
  server: TestServer;
  fake: FakeMicroblog;
  media: MediaHost;
  api: Call;
  botId: number;
  account: FakeAccount;
  channelId: number;
  hook: MicroblogWebhook;
  /** Another twr channel on the same bot, with this user and token. */
  addChannel(userId: string, token: string): Promise<number>;
  conversationOf(userId: string, channelId?: number): Promise<number>;
  humanOf(userId: string, channelId?: number): Promise<number | undefined>;
  /** Outbound messages of a conversation, oldest first, as the API shows them. */
  outbound(conversationId: number): Promise<OutboundRow[]>;
  inbound(conversationId: number): Promise<Record<string, unknown>[]>;
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

export function tokenJson(account: FakeAccount, omit: string[] = []): string {
  const all: Record<string, string> = {
    consumerKey: account.app.consumerKey, consumerSecret: account.app.consumerSecret, accessToken: account.accessToken, accessTokenSecret: account.accessTokenSecret,
  };
  for (const key of omit) delete all[key];
  return JSON.stringify(all);
}

/** `bot` may be a function of the media host's base URL, for bots that link to files the host serves. */
export async function microblogWorld(kind: DatabaseKind, bot: object | ((mediaUrl: string) => object), options: { env?: Record<string, string>; token?: (account: FakeAccount) => string } = {}): Promise<MicroblogWorld> {
  const fake = await FakeMicroblog.start();
  const media = await MediaHost.start();
  const server = await startTestServer(kind, {
    MICROBLOG_API_URL: fake.url, MICROBLOG_UPLOAD_URL: fake.url, MICROBLOG_TIMEOUT_MS: '2000',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1', DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', ...options.env,
  });
  const api = client(server.url, (await server.account()).token);
  const created = await api('POST', '/v1/bots', typeof bot === 'function' ? bot(media.url) : bot);
  expect(created.status).toBe(200);
  const account = fake.account(fake.app());

  const addChannel = async (userId: string, token: string) => {
    const res = await api('POST', '/v1/channels', { channelType: 'twr', botId: created.body.id, name: 'dms', description: 'microblog DMs', user: userId, token });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  const channelId = await addChannel(account.userId, options.token?.(account) ?? tokenJson(account));
  const hook = fake.webhook(`${server.url}/hooks/twr/${channelId}`, account);
  const repos = () => server.services.runtime.repos;
  const humanOf = (userId: string, channel = channelId) => repos().identities.humanOf(channel, userId);

  const history = async (conversationId: number) => {
    const res = await api('GET', `/v1/conversations/${conversationId}/messages?limit=500`);
    return res.body.messages as (OutboundRow & { direction: string })[];
  };
  return {
    server, fake, media, api, botId: created.body.id, account, channelId, hook, addChannel, humanOf,
    conversationOf: async (userId, channel = channelId) => eventually(async () => {
      const humanId = await humanOf(userId, channel);
      expect(humanId).toBeDefined();
      const conversation = await repos().conversations.findFor(channel, humanId!);
      expect(conversation).toBeDefined();
      return conversation!.id;
    }),
    outbound: async (conversationId) => (await history(conversationId)).filter((m) => m.direction === 'out'),
    inbound: async (conversationId) => (await history(conversationId)).filter((m) => m.direction === 'in').map((m) => m.content),
    close: async () => {
      await server.close();
      await fake.close();
      await media.close();
    },
  };
}
