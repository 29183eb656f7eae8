// A faithful fake of the network's v1.1 DM API and v2 chunked media upload (v1.1 upload retired) on a random loopback port: OAuth 1.0a checked, payloads validated, errors in the API's format, outages.
import crypto from 'node:crypto';
import http from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';
import { MicroblogWebhook, snowflake, type FakeUser } from './microblog-webhook.js';

export interface FakeApp { consumerKey: string; consumerSecret: string }
export interface FakeAccount { userId: string; accessToken: string; accessTokenSecret: string; app: FakeApp }
export interface FakePerson extends FakeUser {
  /** Does not take DMs from the account (blocked it, or closed DMs): sends fail with code 349. */
  refusesDms: boolean;
}

/** A DM the network accepted, in the order accepted. */
export interface SentDm {
  senderId: string;
  recipientId: string;
  messageData: Record<string, unknown>;
  eventId: string;
  /** The uploaded media the DM carries. */
  media: { type: string; category: string; bytes: Buffer } | null;
}

export interface ApiCall {
  method: string; path: string; command: string | null; status: number; code: number | null;
  /** When it was answered (ms), and the x-rate-limit-reset it was answered with when an outage set one (epoch seconds). */
  at: number; rateLimitReset: number | null;
}

/** After `after` more DM sends go through (default none), the next `remaining` fail this way, or never answer. */
export type Outage = { remaining: number; after?: number } & (
  | { status: number; code?: number; message?: string; rateLimitResetSeconds?: number }
  | { hang: true });

export interface ErrorBody { errors: { code: number; message: string }[] }
export function apiError(code: number, message: string): ErrorBody {
  return { errors: [{ code, message }] };
}

class Refusal {
  constructor(readonly status: number, readonly body: unknown) {}
}

const CATEGORY_LIMITS: Record<string, number> = { dm_image: 5 * 1024 * 1024, dm_gif: 15 * 1024 * 1024, dm_video: 512 * 1024 * 1024 };
const CATEGORY_TYPES: Record<string, string[]> = { dm_image: ['image/jpeg', 'image/png', 'image/webp'], dm_gif: ['image/gif'], dm_video: ['video/mp4', 'video/quicktime'] };
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
};

interface Upload { owner: string; type: string; category: string; total: number; segments: Map<number, Buffer>; finalized: boolean; checksLeft: number; used: boolean }

/** RFC 3986 percent-encoding, written out here independently of the code under test. */
function pct(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

function codePoints(text: string): number {
  return [...text].length;
}

export class FakeMicroblog {
  readonly sent: SentDm[] = [];
  readonly calls: ApiCall[] = [];
  outage: Outage | null = null;
  /** STATUS checks a video or GIF needs before its processing succeeds. */
  processingChecks = 1;
  /** The network's clock skew allowance for oauth_timestamp. */
  readonly timestampWindowSeconds = 300;

  private readonly apps: FakeApp[] = [];
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly people = new Map<string, FakePerson>();
  private readonly uploads = new Map<string, Upload>();
  private readonly nonces = new Set<string>();
  private readonly webhooks = new Map<string, MicroblogWebhook>();
  private readonly pending = new Set<Promise<unknown>>();

  readonly url: string;

  private constructor(private readonly httpServer: FakeHttpServer) {
    this.url = httpServer.url;
  }

  static async start(): Promise<FakeMicroblog> {
    let fake: FakeMicroblog | undefined;
    fake = new FakeMicroblog(await FakeHttpServer.listen((req, res) => { void fake?.handle(req, res); }));
    return fake;
  }

  app(): FakeApp {
    const app = { consumerKey: crypto.randomBytes(12).toString('base64url'), consumerSecret: crypto.randomBytes(30).toString('base64url') };
    this.apps.push(app);
    return app;
  }

  /** An account of `app` with its access token (which starts with the user id, as the network issues them). */
  account(app: FakeApp, userId = snowflake().slice(0, 19)): FakeAccount {
    const account = { userId, accessToken: `${userId}-${crypto.randomBytes(20).toString('base64url')}`, accessTokenSecret: crypto.randomBytes(30).toString('base64url'), app };
    this.accounts.set(account.accessToken, account);
    this.person(userId, { name: 'The Shop', screenName: 'theshop' });
    return account;
  }

  person(id: string, options: Partial<Omit<FakePerson, 'id'>> = {}): FakePerson {
    const person = { id, name: options.name ?? 'Ada Lovelace', screenName: options.screenName ?? `user${id.slice(-6)}`, refusesDms: options.refusesDms ?? false };
    this.people.set(id, person);
    return person;
  }

  /** The network's side of the app's webhook at `url`, for `account`'s activity; the account's sent DMs are echoed there too. */
  webhook(url: string, account: FakeAccount): MicroblogWebhook {
    const hook = new MicroblogWebhook(url, account.userId, account.app.consumerSecret, (id) => this.people.get(id) ?? { id, name: 'Someone', screenName: 'someone' });
    this.webhooks.set(account.userId, hook);
    return hook;
  }

  sentTo(recipientId: string): SentDm[] {
    return this.sent.filter((s) => s.recipientId === recipientId);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.httpServer.close();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const call: ApiCall = { method: req.method ?? 'GET', path: url.pathname, command: null, status: 200, code: null, at: 0, rateLimitReset: null };
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      call.code = (body as ErrorBody | undefined)?.errors?.[0]?.code ?? null;
      call.at = Date.now();
      if (headers['x-rate-limit-reset'] !== undefined) call.rateLimitReset = Number(headers['x-rate-limit-reset']);
      this.calls.push(call);
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'x-rate-limit-limit': '15000', 'x-rate-limit-remaining': '14999', 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900), ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    try {
      if (url.pathname === '/1.1/direct_messages/events/new.json' && req.method === 'POST') {
        const answer = this.newEvent(req, url, raw);
        if (answer === 'hang') return;
        reply(answer.status, answer.body, answer.headers);
        return;
      }
      // The v1.1 media upload endpoint is retired (2025): only v2's initialize / append / finalize and STATUS answer.
      if (url.pathname === '/2/media/upload' || url.pathname.startsWith('/2/media/upload/')) {
        const answer = await this.upload(req, url, raw, call);
        reply(answer.status, answer.body);
        return;
      }
      throw new Refusal(404, apiError(34, 'Sorry, that page does not exist.'));
    } catch (err) {
      if (err instanceof Refusal) reply(err.status, err.body);
      else reply(500, apiError(131, 'Internal error'));
    }
  }

  /**
   * The account an OAuth 1.0a Authorization header stands for, after checking it as the network does: the
   * consumer and token known, timestamp fresh, nonce unused, HMAC-SHA1 over method, URL and every signed parameter.
   */
  private authenticate(req: http.IncomingMessage, url: URL, formParams: [string, string][]): FakeAccount {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('OAuth ')) throw new Refusal(400, apiError(215, 'Bad Authentication data.'));
    const oauth = new Map<string, string>();
    for (const m of header.slice(6).matchAll(/([A-Za-z0-9_%\-.~]+)="([^"]*)"/g)) oauth.set(decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    const denied = () => new Refusal(401, apiError(32, 'Could not authenticate you.'));
    for (const p of ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_token']) if (!oauth.has(p)) throw denied();
    if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1' || (oauth.has('oauth_version') && oauth.get('oauth_version') !== '1.0')) throw denied();
    const account = this.accounts.get(oauth.get('oauth_token')!);
    if (account === undefined) throw new Refusal(401, apiError(89, 'Invalid or expired token.'));
    if (account.app.consumerKey !== oauth.get('oauth_consumer_key')) throw denied();
    if (Math.abs(Number(oauth.get('oauth_timestamp')) - Date.now() / 1000) > this.timestampWindowSeconds) throw new Refusal(401, apiError(135, 'Timestamp out of bounds.'));
    const nonce = `${account.accessToken}/${oauth.get('oauth_nonce')}`;
    if (this.nonces.has(nonce)) throw denied();
    const params: [string, string][] = [...url.searchParams.entries(), ...formParams, ...[...oauth.entries()].filter(([k]) => k !== 'oauth_signature')];
    const normalized = params.map(([k, v]) => [pct(k), pct(v)]).sort((a, b) => (a[0] === b[0] ? (a[1]! < b[1]! ? -1 : 1) : a[0]! < b[0]! ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
    // The URL the client called, as the Host header names it (the same as this.url unless a proxy stands between).
    const called = req.headers.host === undefined ? this.url : `http://${req.headers.host}`;
    const base = `${req.method}&${pct(`${called}${url.pathname}`)}&${pct(normalized)}`;
    const expected = crypto.createHmac('sha1', `${pct(account.app.consumerSecret)}&${pct(account.accessTokenSecret)}`).update(base).digest('base64');
    if (expected !== oauth.get('oauth_signature')) throw denied();
    this.nonces.add(nonce);
    return account;
  }

  private newEvent(req: http.IncomingMessage, url: URL, raw: Buffer): { status: number; body: unknown; headers?: Record<string, string> } | 'hang' {
    if (this.outage !== null && (this.outage.after ?? 0) > 0) {
      this.outage.after! -= 1;
    } else if (this.outage !== null && this.outage.remaining > 0) {
      const outage = this.outage;
      outage.remaining -= 1;
      if ('hang' in outage) return 'hang';
      const headers: Record<string, string> = {};
      if (outage.rateLimitResetSeconds !== undefined) {
        headers['x-rate-limit-remaining'] = '0';
        headers['x-rate-limit-reset'] = String(Math.floor(Date.now() / 1000) + outage.rateLimitResetSeconds);
      }
      const fallback = outage.status === 429 ? apiError(88, 'Rate limit exceeded') : outage.status === 503 ? apiError(130, 'Over capacity') : apiError(131, 'Internal error');
      return { status: outage.status, body: outage.code === undefined ? fallback : apiError(outage.code, outage.message ?? 'Internal error'), headers };
    }
    // A JSON body is no OAuth parameter: only the query and the oauth_* values are signed.
    const account = this.authenticate(req, url, []);
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw new Refusal(415, apiError(214, 'Content-Type must be application/json'));
    let body: unknown;
    try { body = JSON.parse(raw.toString('utf8')); } catch { throw new Refusal(400, apiError(214, 'event: the body is not valid JSON')); }
    const { recipientId, messageData, upload } = this.validEvent(body, account);
    const person = this.people.get(recipientId);
    if (person === undefined) throw new Refusal(404, apiError(50, 'User not found.'));
    if (recipientId === account.userId) throw new Refusal(403, apiError(151, 'There was an error sending your message: You cannot send messages to yourself.'));
    if (person.refusesDms) throw new Refusal(403, apiError(349, 'You cannot send messages to this user.'));
    if (upload !== null) upload.used = true;
    const eventId = snowflake();
    const sent: SentDm = {
      senderId: account.userId, recipientId, messageData, eventId,
      media: upload === null ? null : { type: upload.type, category: upload.category, bytes: Buffer.concat([...upload.segments.entries()].sort(([a], [b]) => a - b).map(([, b]) => b)) },
    };
    this.sent.push(sent);
    const event = { type: 'message_create', id: eventId, created_timestamp: String(Date.now()), message_create: { target: { recipient_id: recipientId }, sender_id: account.userId, message_data: { ...messageData, entities: { hashtags: [], symbols: [], user_mentions: [], urls: [] } } } };
    this.echo(account, event);
    return { status: 200, body: { event } };
  }

  /** The Account Activity API delivers the account's own DMs to its webhook too. */
  private echo(account: FakeAccount, event: Record<string, unknown>): void {
    const hook = this.webhooks.get(account.userId);
    if (hook === undefined) return;
    const p = hook.dmEvents([event]).catch(() => undefined);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private validEvent(body: unknown, account: FakeAccount): { recipientId: string; messageData: Record<string, unknown>; upload: Upload | null } {
    const bad = (path: string, why: string) => new Refusal(400, apiError(214, `${path}: ${why}`));
    const event = (body as { event?: unknown } | null)?.event as Record<string, unknown> | undefined;
    if (event === undefined || event === null || typeof event !== 'object') throw bad('event', 'event is required');
    if (event.type !== 'message_create') throw bad('event.type', `'${String(event.type)}' is not a supported event type`);
    const create = event.message_create as Record<string, unknown> | undefined;
    if (create === undefined || typeof create !== 'object') throw bad('event.message_create', 'message_create is required');
    const recipientId = (create.target as { recipient_id?: unknown } | undefined)?.recipient_id;
    if (typeof recipientId !== 'string' || !/^\d{1,20}$/.test(recipientId)) throw bad('event.message_create.target.recipient_id', `'${String(recipientId)}' is not a valid Long`);
    const data = create.message_data as Record<string, unknown> | undefined;
    if (data === undefined || typeof data !== 'object') throw bad('event.message_create.message_data', 'message_data is required');
    for (const key of Object.keys(data)) if (!['text', 'quick_reply', 'attachment', 'ctas'].includes(key)) throw bad(`event.message_create.message_data.${key}`, 'unknown field');
    if (typeof data.text !== 'string') throw bad('event.message_create.message_data.text', 'text is required');
    if (codePoints(data.text) > 10_000) throw new Refusal(403, apiError(354, 'The text of your direct message is over the max character limit.'));
    if (data.text.trim() === '' && data.attachment === undefined) throw bad('event.message_create.message_data.text', 'text must not be empty without an attachment');
    if (data.quick_reply !== undefined) this.validQuickReply(data.quick_reply, bad);
    let upload: Upload | null = null;
    if (data.attachment !== undefined) {
      const a = data.attachment as { type?: unknown; media?: { id?: unknown } };
      if (a.type !== 'media') throw bad('event.message_create.message_data.attachment.type', `'${String(a.type)}' is not supported`);
      const id = a.media?.id;
      const found = typeof id === 'string' ? this.uploads.get(id) : undefined;
      if (found === undefined || found.owner !== account.userId || !found.finalized || found.checksLeft > 0 || found.used || !found.category.startsWith('dm_')) {
        throw new Refusal(400, apiError(324, 'The validation of media ids failed.'));
      }
      upload = found;
    }
    return { recipientId, messageData: data, upload };
  }

  private validQuickReply(quickReply: unknown, bad: (path: string, why: string) => Refusal): void {
    const path = 'event.message_create.message_data.quick_reply';
    const q = quickReply as { type?: unknown; options?: unknown };
    if (q.type !== 'options') throw bad(`${path}.type`, `'${String(q.type)}' is not a supported quick reply type`);
    if (!Array.isArray(q.options) || q.options.length === 0 || q.options.length > 20) throw bad(`${path}.options`, 'between 1 and 20 options are required');
    q.options.forEach((o: Record<string, unknown>, i: number) => {
      for (const key of Object.keys(o)) if (!['label', 'description', 'metadata'].includes(key)) throw bad(`${path}.options[${i}].${key}`, 'unknown field');
      if (typeof o.label !== 'string' || o.label === '' || codePoints(o.label) > 36) throw bad(`${path}.options[${i}].label`, 'label is required and at most 36 characters');
      if (o.description !== undefined && (typeof o.description !== 'string' || codePoints(o.description) > 72)) throw bad(`${path}.options[${i}].description`, 'at most 72 characters');
      if (o.metadata !== undefined && (typeof o.metadata !== 'string' || codePoints(o.metadata) > 1000)) throw bad(`${path}.options[${i}].metadata`, 'at most 1000 characters');
    });
  }

  /**
   * X API v2 media upload: POST /2/media/upload/initialize (JSON), POST /2/media/upload/{id}/append (multipart),
   * POST /2/media/upload/{id}/finalize, GET /2/media/upload?command=STATUS&media_id={id}; errors as v2 problems.
   */
  private async upload(req: http.IncomingMessage, url: URL, raw: Buffer, call: ApiCall): Promise<{ status: number; body: unknown }> {
    const problem = (status: number, detail: string) => new Refusal(status, { title: 'Invalid Request', detail, type: 'https://api.twitter.com/2/problems/invalid-request', status, errors: [{ message: detail }] });
    const type = req.headers['content-type'] ?? '';
    // JSON and multipart bodies are not part of the OAuth 1.0a signature.
    const account = this.authenticate(req, url, []);
    const route = /^\/2\/media\/upload(?:\/(initialize)|\/(\d{1,20})\/(append|finalize))?$/.exec(url.pathname);
    if (route === null) throw new Refusal(404, apiError(34, 'Sorry, that page does not exist.'));
    const [, initialize, pathId, step] = route;
    const owned = (id: string | null) => {
      const u = id === null ? undefined : this.uploads.get(id);
      if (u === undefined || u.owner !== account.userId) throw problem(400, 'Invalid or expired media_id');
      return u;
    };

    if (req.method === 'GET' && initialize === undefined && pathId === undefined) {
      call.command = url.searchParams.get('command');
      if (call.command !== 'STATUS') throw problem(400, 'command must be STATUS');
      const id = url.searchParams.get('media_id');
      const u = owned(id);
      if (u.checksLeft > 0) u.checksLeft -= 1;
      const state = u.checksLeft === 0 ? 'succeeded' : 'in_progress';
      return { status: 200, body: { data: { id, media_key: `3_${id}`, processing_info: { state, ...(state === 'succeeded' ? { progress_percent: 100 } : { check_after_secs: 1, progress_percent: 50 }) } } } };
    }
    if (req.method !== 'POST') throw problem(405, 'Method not allowed');
    if (initialize !== undefined) {
      call.command = 'INIT';
      if (!type.startsWith('application/json')) throw problem(400, 'initialize takes a JSON body');
      let body: { media_type?: unknown; total_bytes?: unknown; media_category?: unknown };
      try {
        body = JSON.parse(raw.toString('utf8')) as typeof body;
      } catch {
        throw problem(400, 'The body is not valid JSON');
      }
      const total = Number(body.total_bytes);
      const mediaType = typeof body.media_type === 'string' ? body.media_type : '';
      const category = typeof body.media_category === 'string' ? body.media_category : 'tweet_image';
      const allowed = CATEGORY_TYPES[category];
      if (allowed === undefined) throw problem(400, 'Invalid media_category');
      if (!allowed.includes(mediaType)) throw problem(400, 'media type unrecognized.');
      if (!Number.isSafeInteger(total) || total <= 0 || total > CATEGORY_LIMITS[category]!) throw problem(400, 'File size exceeds limit');
      const id = snowflake();
      this.uploads.set(id, { owner: account.userId, type: mediaType, category, total, segments: new Map(), finalized: false, checksLeft: category === 'dm_image' ? 0 : this.processingChecks, used: false });
      return { status: 200, body: { data: { id, media_key: `3_${id}`, expires_after_secs: 86_400 } } };
    }
    const u = owned(pathId!);
    if (step === 'append') {
      call.command = 'APPEND';
      if (!type.startsWith('multipart/form-data')) throw problem(400, 'append takes multipart/form-data');
      const multipart = await new Response(raw, { headers: { 'content-type': type } }).formData();
      const segment = Number(multipart.get('segment_index'));
      const file = multipart.get('media');
      if (!Number.isInteger(segment) || segment < 0 || segment > 999) throw problem(400, 'Segment index must be between 0 and 999 inclusive');
      if (file === null || typeof file === 'string') throw problem(400, 'media parameter is missing.');
      const bytes = Buffer.from(await file.arrayBuffer());
      if (bytes.length > 5 * 1024 * 1024) throw problem(400, 'Segment size exceeds limit');
      u.segments.set(segment, bytes);
      return { status: 200, body: { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } } };
    }
    call.command = 'FINALIZE';
    const bytes = Buffer.concat([...u.segments.entries()].sort(([a], [b]) => a - b).map(([, b]) => b));
    if (bytes.length !== u.total) throw problem(400, `File size mismatch: expected ${u.total} bytes, received ${bytes.length}`);
    if (MAGIC[u.type] !== undefined && !MAGIC[u.type]!(bytes)) throw problem(400, 'media type unrecognized.');
    u.finalized = true;
    const processing = u.checksLeft > 0 ? { processing_info: { state: 'pending', check_after_secs: 1 } } : {};
    return { status: 200, body: { data: { id: pathId, media_key: `3_${pathId}`, size: bytes.length, expires_after_secs: 86_400, ...processing } } };
  }
}
