// A faithful fake of WhatsApp's Cloud API on a random loopback port: messages, the 24-hour window, templates, media, mark as read, outages.
import crypto from 'node:crypto';
import http from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';
import { cloudMessageProblem, type Problem } from './whatsapp-message.js';
import { newWamid, WhatsAppWebhook } from './whatsapp-webhook.js';

const WINDOW_MS = 24 * 3_600_000;

export interface FakeNumber {
  phoneNumberId: string;
  displayNumber: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
}

export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  body: string;
}

/** A message the API accepted, in the order accepted. */
export interface AcceptedMessage {
  phoneNumberId: string;
  /** `to` (digits) or `recipient` (a business-scoped user id), as sent. */
  to: string | null;
  recipient: string | null;
  type: string;
  body: Record<string, unknown>;
  id: string;
  at: number;
}

export interface ApiCall { path: string; method: string; status: number; code: number | null }

/** After `after` more sends go through, the next `remaining` sends fail this way, or never answer. */
export type Outage = { remaining: number; after?: number } & ({ status: number; code: number; title?: string; retryAfterSeconds?: number } | { hang: true });

export interface CloudErrorBody {
  error: { message: string; type: string; code: number; error_data: { messaging_product: 'whatsapp'; details: string }; fbtrace_id: string };
}

export function cloudError(code: number, message: string, details = message): CloudErrorBody {
  return { error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: crypto.randomBytes(8).toString('base64url') } };
}

class Refusal {
  constructor(readonly status: number, readonly body: CloudErrorBody) {}
}

export class FakeWhatsApp {
  readonly version = 'v25.0';
  readonly accepted: AcceptedMessage[] = [];
  readonly calls: ApiCall[] = [];
  /** Messages marked read, by id. */
  readonly read: string[] = [];
  outage: Outage | null = null;
  /** Added to the real time: tests move Meta's clock (the 24-hour window). */
  clockOffsetMs = 0;
  /** How long a send takes to be answered: benchmarks give the fake Meta's round trip (0: at once). */
  answerDelayMs = 0;

  private readonly numbers = new Map<string, FakeNumber>();
  private readonly templates = new Map<string, FakeTemplate[]>();
  private readonly media = new Map<string, { bytes: Buffer; mimeType: string }>();
  /** When each person (by phone digits and by BSUID) last wrote to each number. */
  private readonly lastWrote = new Map<string, number>();

  readonly url: string;

  private constructor(private readonly httpServer: FakeHttpServer) {
    this.url = httpServer.url;
  }

  static async start(): Promise<FakeWhatsApp> {
    let fake: FakeWhatsApp | undefined;
    fake = new FakeWhatsApp(await FakeHttpServer.listen((req, res) => { void fake?.handle(req, res); }));
    return fake;
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  number(options: Partial<FakeNumber> = {}): FakeNumber {
    const number: FakeNumber = {
      phoneNumberId: options.phoneNumberId ?? String(100_000_000_000_000 + crypto.randomInt(1, 2 ** 40)),
      displayNumber: options.displayNumber ?? '15550001111',
      businessAccountId: options.businessAccountId ?? String(200_000_000_000_000 + crypto.randomInt(1, 2 ** 40)),
      accessToken: options.accessToken ?? `EAAW${crypto.randomBytes(24).toString('base64url')}`,
      appSecret: options.appSecret ?? crypto.randomBytes(16).toString('hex'),
    };
    this.numbers.set(number.phoneNumberId, number);
    return number;
  }

  /** A template the business account holds. */
  template(number: FakeNumber, template: Partial<FakeTemplate> & { name: string }): void {
    const list = this.templates.get(number.businessAccountId) ?? [];
    list.push({ language: 'en_US', status: 'APPROVED', category: 'UTILITY', body: 'Hello {{1}}', ...template });
    this.templates.set(number.businessAccountId, list);
  }

  /** A file a person sent, as the media endpoint will give it. */
  file(bytes: Buffer, mimeType: string): string {
    const id = String(300_000_000_000_000 + crypto.randomInt(1, 2 ** 40));
    this.media.set(id, { bytes, mimeType });
    return id;
  }

  /** Meta's side of the number's webhook at `url`. */
  webhook(url: string, number: FakeNumber): WhatsAppWebhook {
    return new WhatsAppWebhook(url, number, () => this.now(), (who, at) => {
      for (const id of who) this.lastWrote.set(`${number.phoneNumberId}/${id}`, at);
    });
  }

  /** Messages sent to any of these: phone numbers (with or without +) or business-scoped user ids. */
  acceptedFor(...ids: (string | null)[]): AcceptedMessage[] {
    const wanted = new Set(ids.filter((id) => id !== null).map((id) => id.replace(/^\+/, '')));
    return this.accepted.filter((m) => (m.to !== null && wanted.has(m.to)) || (m.recipient !== null && wanted.has(m.recipient)));
  }

  async close(): Promise<void> {
    await this.httpServer.close();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      this.calls.push({ path: url.pathname, method: req.method ?? '', status, code: (body as Partial<CloudErrorBody>).error?.code ?? null });
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const download = /^\/media-download\/(\d+)$/.exec(url.pathname);
      if (download !== null && req.method === 'GET') {
        this.bearer(req);
        const file = this.media.get(download[1]!);
        if (file === undefined) throw new Refusal(404, cloudError(100, 'Media not found'));
        res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.bytes.length) });
        res.end(file.bytes);
        return;
      }
      const m = /^\/(v\d+\.\d+)\/(\d+)(?:\/([a-z_]+))?$/.exec(url.pathname);
      if (m === null) throw new Refusal(400, cloudError(2500, `Unknown path components: ${url.pathname}`));
      const [, , node, edge] = m;
      if (req.method === 'POST' && edge === 'messages') {
        if (this.answerDelayMs > 0) await new Promise((r) => setTimeout(r, this.answerDelayMs));
        const answer = this.send(node!, req, Buffer.concat(chunks).toString('utf8'));
        if (answer === 'hang') return;
        reply(answer.status, answer.body, answer.headers);
        return;
      }
      if (req.method === 'GET' && edge === 'message_templates') {
        reply(200, this.listTemplates(node!, url, req));
        return;
      }
      if (req.method === 'GET' && edge === undefined) {
        reply(200, this.mediaInfo(node!, req));
        return;
      }
      throw new Refusal(400, cloudError(100, `Unsupported ${req.method?.toLowerCase()} request.`));
    } catch (err) {
      if (err instanceof Refusal) {
        reply(err.status, err.body);
        return;
      }
      reply(500, cloudError(131000, 'Something went wrong'));
    }
  }

  private bearer(req: http.IncomingMessage): FakeNumber {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token === undefined) throw new Refusal(401, cloudError(190, 'An access token is required to request this resource.'));
    const number = [...this.numbers.values()].find((n) => n.accessToken === token);
    if (number === undefined) throw new Refusal(401, cloudError(190, 'Invalid OAuth access token - Cannot parse access token'));
    return number;
  }

  private mediaInfo(id: string, req: http.IncomingMessage): unknown {
    this.bearer(req);
    const file = this.media.get(id);
    if (file === undefined) throw new Refusal(400, cloudError(100, `Unsupported get request. Object with ID '${id}' does not exist`));
    return {
      messaging_product: 'whatsapp', url: `${this.url}/media-download/${id}`, mime_type: file.mimeType,
      sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'), file_size: file.bytes.length, id,
    };
  }

  private listTemplates(accountId: string, url: URL, req: http.IncomingMessage): unknown {
    const number = this.bearer(req);
    if (number.businessAccountId !== accountId) throw new Refusal(400, cloudError(100, `Unsupported get request. Object with ID '${accountId}' does not exist`));
    const all = this.templates.get(accountId) ?? [];
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), 100);
    const from = Number(url.searchParams.get('after') ?? 0);
    const page = all.slice(from, from + limit);
    const next = from + limit < all.length ? String(from + limit) : null;
    return {
      data: page.map((t, i) => ({
        name: t.name, language: t.language, status: t.status, category: t.category, id: String(from + i + 1),
        components: [{ type: 'BODY', text: t.body }],
      })),
      paging: { cursors: { before: String(from), after: String(from + page.length) }, ...(next === null ? {} : { next: `${this.url}/next?after=${next}` }) },
    };
  }

  private outageAnswer(): { status: number; body: unknown; headers?: Record<string, string> } | 'hang' | null {
    if (this.outage === null) return null;
    if ((this.outage.after ?? 0) > 0) {
      this.outage.after! -= 1;
      return null;
    }
    if (this.outage.remaining <= 0) return null;
    const outage = this.outage;
    outage.remaining -= 1;
    if ('hang' in outage) return 'hang';
    const headers: Record<string, string> = outage.retryAfterSeconds === undefined ? {} : { 'retry-after': String(outage.retryAfterSeconds) };
    return { status: outage.status, body: cloudError(outage.code, outage.title ?? 'Rate limit hit'), headers };
  }

  private send(phoneNumberId: string, req: http.IncomingMessage, raw: string): { status: number; body: unknown; headers?: Record<string, string> } | 'hang' {
    // An outage the test sets is for sends: marking a message read goes by it.
    const outage = raw.includes('"status":"read"') ? null : this.outageAnswer();
    if (outage !== null) return outage;
    const number = this.bearer(req);
    if (number.phoneNumberId !== phoneNumberId) throw new Refusal(400, cloudError(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`));
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new Refusal(400, cloudError(100, 'The request body must be JSON'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw new Refusal(400, cloudError(100, 'The request body could not be read'));
    }
    if (body.messaging_product !== 'whatsapp') throw new Refusal(400, cloudError(100, 'The parameter messaging_product is required.'));
    if (body.status === 'read') {
      if (typeof body.message_id !== 'string') throw new Refusal(400, cloudError(100, 'The parameter message_id is required.'));
      this.read.push(body.message_id);
      return { status: 200, body: { success: true } };
    }
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : null;
    const recipient = typeof body.recipient === 'string' ? body.recipient : null;
    if (to === null && recipient === null) throw new Refusal(400, cloudError(131008, 'Required parameter is missing', 'Param to or recipient is required'));
    if (to !== null && !/^\d{7,15}$/.test(to)) throw new Refusal(400, cloudError(131009, 'Parameter value is not valid', 'Param to must be a phone number'));
    if (body.recipient_type !== undefined && body.recipient_type !== 'individual') throw new Refusal(400, cloudError(131009, 'Parameter value is not valid', 'recipient_type must be individual'));
    const { messaging_product: _p, recipient_type: _r, to: _t, recipient: _u, ...message } = body;
    const problem = cloudMessageProblem(message) ?? this.templateProblem(number, message);
    if (problem !== null) throw new Refusal(400, cloudError(problem.code, problem.code === 131051 ? 'Unsupported message type' : 'Parameter value is not valid', problem.details));
    if (message.type !== 'template' && !this.inWindow(number, to, recipient)) {
      throw new Refusal(400, cloudError(131047, 'Re-engagement message', 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.'));
    }
    const accepted: AcceptedMessage = { phoneNumberId, to, recipient, type: String(message.type), body: message, id: newWamid(), at: this.now() };
    this.accepted.push(accepted);
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to ?? recipient, ...(to === null ? { user_id: recipient } : { wa_id: to }) }], messages: [{ id: accepted.id }] } };
  }

  private inWindow(number: FakeNumber, to: string | null, recipient: string | null): boolean {
    const at = [to, recipient].filter((id) => id !== null).map((id) => this.lastWrote.get(`${number.phoneNumberId}/${id}`) ?? -Infinity);
    return Math.max(...at) > this.now() - WINDOW_MS;
  }

  private templateProblem(number: FakeNumber, message: Record<string, unknown>): Problem | null {
    if (message.type !== 'template') return null;
    const t = message.template as { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    if (typeof t?.name !== 'string' || typeof t.language?.code !== 'string') return { code: 131008, details: 'Param template[\'name\'] and template[\'language\'][\'code\'] are required' };
    const found = (this.templates.get(number.businessAccountId) ?? []).find((x) => x.name === t.name && x.language === t.language!.code);
    if (found === undefined || found.status !== 'APPROVED') return { code: 132001, details: `template name (${t.name}) does not exist in ${String(t.language.code)}` };
    const wanted = new Set([...found.body.matchAll(/\{\{(\d+)\}\}/g)].map((x) => x[1])).size;
    const body = Array.isArray(t.components) ? (t.components as { type?: unknown; parameters?: unknown }[]).find((c) => String(c.type).toLowerCase() === 'body') : undefined;
    const given = Array.isArray(body?.parameters) ? body.parameters.length : 0;
    if (given !== wanted) return { code: 132000, details: `body: number of localizable_params (${given}) does not match the expected number of params (${wanted})` };
    return null;
  }
}
