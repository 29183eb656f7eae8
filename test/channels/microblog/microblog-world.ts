// A Parley server wired to the fake microblogging network: an account, a bot, a twr channel for a DM account, the network's side of its webhook, and a media host.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseKind } from '../../helpers/server.js';
import { FakeMicroblog, type FakeAccount } from '../../fakes/microblog.js';
import type { MicroblogWebhook } from '../../fakes/microblog-webhook.js';
import { serverWorld, type ServerWorld } from '../support/world.js';

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

export interface MicroblogWorld extends ServerWorld {
  fake: FakeMicroblog;
  media: MediaHost;
  account: FakeAccount;
  channelId: number;
  hook: MicroblogWebhook;
  /** Another twr channel on the same bot, with this user and token. */
  addChannel(userId: string, token: string): Promise<number>;
  conversationOf(userId: string, channelId?: number): Promise<number>;
  humanOf(userId: string, channelId?: number): Promise<number | undefined>;
  /** What people sent in a conversation, oldest first, as the API shows it. */
  inbound(conversationId: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
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
  const world = await serverWorld(kind, {
    MICROBLOG_API_URL: fake.url, MICROBLOG_UPLOAD_URL: fake.url, MICROBLOG_TIMEOUT_MS: '2000',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1', DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', ...options.env,
  }, typeof bot === 'function' ? bot(media.url) : bot);
  const account = fake.account(fake.app());

  const addChannel = (userId: string, token: string) => world.createChannel({ channelType: 'twr', name: 'dms', description: 'microblog DMs', user: userId, token });
  const channelId = await addChannel(account.userId, options.token?.(account) ?? tokenJson(account));
  return {
    ...world, fake, media, account, channelId, addChannel,
    hook: fake.webhook(`${world.server.url}/hooks/twr/${channelId}`, account),
    humanOf: (userId, channel = channelId) => world.server.services.runtime.repos.identities.humanOf(channel, userId),
    conversationOf: (userId, channel = channelId) => world.conversationAt(channel, userId),
    inbound: async (conversationId) => (await world.messages(conversationId)).filter((m) => m.direction === 'in').map((m) => m.content),
    close: async () => {
      await world.server.close();
      await fake.close();
      await media.close();
    },
  };
}
