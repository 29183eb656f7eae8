// A faithful fake of Telegram's Bot API on a random loopback port: bots and their tokens, private chats, the sending methods,
// webhooks (set, deleted, posted to with the secret token), callback answers, files, and outages (429 with retry_after, 5xx, hangs).
import crypto from 'node:crypto';
import http from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';
import { BadRequest, CHAT_ACTIONS, checkSend, MEDIA_FIELDS } from './telegram-send-rules.js';
import { TelegramWebhook } from './telegram-webhook.js';

type Json = Record<string, unknown>;

export interface FakeBot {
  id: number;
  token: string;
  username: string;
  webhook: { url: string; secretToken: string | null; allowedUpdates: string[] | null } | null;
  /** Private chats the bot may write to: people who started it. */
  chats: Set<number>;
  /** People who blocked the bot: 403 to every send. */
  blocked: Set<number>;
  /** Callback queries sent to the bot and not yet answered. */
  openQueries: Set<string>;
}

/** Every call the fake answered, in order. */
export interface BotCallRecord {
  botId: number | null;
  method: string;
  params: Json;
  status: number;
  description: string | null;
  at: number;
}

/** A message a bot sent, as Telegram accepted it. */
export interface SentMessage {
  botId: number;
  chatId: number;
  method: string;
  params: Json;
  messageId: number;
}

export interface FakeFile {
  fileId: string;
  path: string;
  bytes: Buffer;
}

/** After `after` more sending calls go through, the next `remaining` fail this way, or never answer. */
export type Outage = { remaining: number; after?: number } & ({ status: number; description: string; retryAfter?: number } | { hang: true });

const SENDING = /^send[A-Z]/;
/** Bots read files of up to 20 MB (getFile). */
const MAX_DOWNLOAD = 20 * 1024 * 1024;

class Refusal extends Error {
  constructor(readonly status: number, readonly description: string, readonly parameters?: Json) {
    super(description);
  }
}

export class FakeTelegram {
  readonly calls: BotCallRecord[] = [];
  readonly sent: SentMessage[] = [];
  /** Callback query ids the bots answered. */
  readonly answered: string[] = [];
  outage: Outage | null = null;
  readonly url: string;

  private readonly bots = new Map<string, FakeBot>();
  private readonly files = new Map<string, FakeFile>();
  private nextMessageId = 1000;

  private constructor(private readonly httpServer: FakeHttpServer, private readonly local: boolean) {
    this.url = httpServer.url;
  }

  /**
   * `local`: the Bot API server an operator runs with --local, which takes http webhooks on any port (tests post to a
   * loopback server); otherwise, as api.telegram.org, webhooks must be https on port 443, 80, 88 or 8443.
   */
  static async start(options: { local?: boolean } = {}): Promise<FakeTelegram> {
    let fake: FakeTelegram | undefined;
    fake = new FakeTelegram(await FakeHttpServer.listen((req, res) => { void fake?.handle(req, res); }), options.local ?? false);
    return fake;
  }

  bot(username = `parley_test_${crypto.randomBytes(3).toString('hex')}_bot`): FakeBot {
    const id = crypto.randomInt(1_000_000, 2 ** 40);
    const bot: FakeBot = { id, token: `${id}:AA${crypto.randomBytes(26).toString('base64url')}`, username, webhook: null, chats: new Set(), blocked: new Set(), openQueries: new Set() };
    this.bots.set(bot.token, bot);
    return bot;
  }

  /** Telegram's side of the bot's webhook: updates posted to the URL it set, with its secret token. */
  webhook(bot: FakeBot): TelegramWebhook {
    return new TelegramWebhook(bot, () => this.nextMessageId++);
  }

  /** A file a person sent, kept by Telegram under a file_id the bot reads with getFile. */
  file(bytes: Buffer, path: string): FakeFile {
    const file = { fileId: `AgAC${crypto.randomBytes(30).toString('base64url')}`, path, bytes };
    this.files.set(file.fileId, file);
    return file;
  }

  callsOf(method: string, bot?: FakeBot): BotCallRecord[] {
    return this.calls.filter((c) => c.method === method && (bot === undefined || c.botId === bot.id));
  }

  sentTo(chatId: number): SentMessage[] {
    return this.sent.filter((s) => s.chatId === chatId);
  }

  async close(): Promise<void> {
    await this.httpServer.close();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && file !== null) return this.download(file[1]!, decodeURIComponent(file[2]!), res);
    const m = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(url.pathname);
    let bot: FakeBot | undefined;
    let method = m?.[2] ?? url.pathname;
    let params: Json = {};
    const answer = (status: number, body: Json) => {
      this.calls.push({ botId: bot?.id ?? null, method, params, status, description: typeof body.description === 'string' ? body.description : null, at: Date.now() });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (m === null || !/^\d+:[A-Za-z0-9_-]+$/.test(m[1]!)) throw new Refusal(404, 'Not Found');
      bot = this.bots.get(m[1]!);
      if (bot === undefined) throw new Refusal(401, 'Unauthorized');
      method = m[2]!;
      params = { ...Object.fromEntries(url.searchParams), ...this.body(req, Buffer.concat(chunks).toString('utf8')) };
      if (SENDING.test(method) && this.outage !== null) {
        if ((this.outage.after ?? 0) > 0) {
          this.outage.after! -= 1;
        } else if (this.outage.remaining > 0) {
          this.outage.remaining -= 1;
          if ('hang' in this.outage) return;
          throw new Refusal(this.outage.status, this.outage.description, this.outage.retryAfter === undefined ? undefined : { retry_after: this.outage.retryAfter });
        }
      }
      const result = this.perform(bot, method, params);
      const said = method === 'setWebhook' ? 'Webhook was set' : method === 'deleteWebhook' ? 'Webhook was deleted' : null;
      answer(200, { ok: true, result, ...(said === null ? {} : { description: said }) });
    } catch (err) {
      if (err instanceof BadRequest) return answer(400, { ok: false, error_code: 400, description: err.description });
      if (err instanceof Refusal) return answer(err.status, { ok: false, error_code: err.status, description: err.description, ...(err.parameters ? { parameters: err.parameters } : {}) });
      answer(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    }
  }

  /** JSON, or a form (the API takes both, and the query string). */
  private body(req: http.IncomingMessage, raw: string): Json {
    if (raw === '') return {};
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('application/json')) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
      } catch { /* refused below */ }
      throw new BadRequest('Bad Request: can\'t parse JSON object');
    }
    if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
    throw new BadRequest('Bad Request: unsupported content type');
  }

  private chatOf(bot: FakeBot, value: unknown): number {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (value === undefined || value === '') throw new BadRequest('Bad Request: chat_id is empty');
    if (!bot.chats.has(id)) throw new BadRequest('Bad Request: chat not found');
    if (bot.blocked.has(id)) throw new Refusal(403, 'Forbidden: bot was blocked by the user');
    return id;
  }

  private perform(bot: FakeBot, method: string, p: Json): unknown {
    switch (method) {
      case 'getMe':
        return { id: bot.id, is_bot: true, first_name: 'Parley test', username: bot.username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
      case 'setWebhook':
        return this.setWebhook(bot, p);
      case 'deleteWebhook':
        bot.webhook = null;
        return true;
      case 'getWebhookInfo':
        return { url: bot.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0, ...(bot.webhook?.allowedUpdates ? { allowed_updates: bot.webhook.allowedUpdates } : {}) };
      case 'answerCallbackQuery': {
        const id = String(p.callback_query_id ?? '');
        if (!bot.openQueries.delete(id)) throw new BadRequest('Bad Request: query is too old and response timeout expired or query ID is invalid');
        this.answered.push(id);
        return true;
      }
      case 'sendChatAction':
        this.chatOf(bot, p.chat_id);
        if (!CHAT_ACTIONS.includes(String(p.action))) throw new BadRequest('Bad Request: wrong parameter action in request');
        return true;
      case 'getFile': {
        const file = this.files.get(String(p.file_id ?? ''));
        if (file === undefined) throw new BadRequest('Bad Request: invalid file_id');
        if (file.bytes.length > MAX_DOWNLOAD) throw new BadRequest('Bad Request: file is too big');
        return { file_id: file.fileId, file_unique_id: file.fileId.slice(-12), file_size: file.bytes.length, file_path: file.path };
      }
      default: {
        if (!SENDING.test(method)) throw new Refusal(404, 'Not Found');
        const chatId = this.chatOf(bot, p.chat_id);
        checkSend(method, p, (id) => this.files.has(id));
        const { chat_id: _chat, ...params } = p;
        const messageId = this.nextMessageId++;
        this.sent.push({ botId: bot.id, chatId, method, params, messageId });
        const field = MEDIA_FIELDS[method];
        return { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, ...(field === undefined ? { text: p.text } : { caption: p.caption }) };
      }
    }
  }

  private setWebhook(bot: FakeBot, p: Json): true {
    const raw = typeof p.url === 'string' ? p.url : '';
    if (raw === '') {
      bot.webhook = null;
      return true;
    }
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BadRequest('Bad Request: bad webhook: Failed to resolve host: Name or service not known');
    }
    if (!this.local) {
      if (url.protocol !== 'https:') throw new BadRequest('Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
      if (!['', '443', '80', '88', '8443'].includes(url.port)) throw new BadRequest('Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
    }
    const secret = p.secret_token;
    if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) throw new BadRequest('Bad Request: secret token contains unallowed characters');
    const allowed = p.allowed_updates;
    if (allowed !== undefined && (!Array.isArray(allowed) || allowed.some((a) => typeof a !== 'string'))) throw new BadRequest('Bad Request: can\'t parse allowed updates');
    bot.webhook = { url: raw, secretToken: typeof secret === 'string' ? secret : null, allowedUpdates: Array.isArray(allowed) ? (allowed as string[]) : bot.webhook?.allowedUpdates ?? null };
    return true;
  }

  private download(token: string, path: string, res: http.ServerResponse): void {
    const file = this.bots.has(token) ? [...this.files.values()].find((f) => f.path === path) : undefined;
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.bytes.length) });
    res.end(file.bytes);
  }
}
