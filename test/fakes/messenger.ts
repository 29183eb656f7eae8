// A faithful fake of the messenger platform's Graph API on a random loopback port: the Send API, the user profile, Graph error bodies, outages.
import crypto from 'node:crypto';
import http from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';
import { sendMessageProblem } from './messenger-send-message.js';
import { MessengerWebhook, newMid } from './messenger-webhook.js';

export const MESSAGE_TAGS = ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT'];
const WINDOW_MS = 24 * 3_600_000;

export interface FakePage {
  pageId: string;
  accessToken: string;
  appSecret: string;
  /** The app's "Require App Secret" setting: calls without appsecret_proof are refused. */
  requireProof: boolean;
}

export interface FakePerson {
  firstName: string;
  lastName: string;
  /** Blocked the page or deactivated: sends fail with (#551). */
  unavailable: boolean;
}

/** A message the platform accepted, in the order accepted. */
export interface SentMessage {
  pageId: string;
  recipient: string;
  messagingType: string;
  tag: string | null;
  message: Record<string, unknown>;
  messageId: string;
  /** The platform's time of the message, in milliseconds: what receipts' watermarks compare with. */
  timestamp: number;
}

export interface SendCall { path: string; status: number; code: number | null; subcode: number | null }
export interface ProfileCall { psid: string; status: number }

/** After `after` more calls go through (default none), the next `remaining` Send API calls fail this way (an outage, a rate limit), or never answer. */
export type Outage = { remaining: number; after?: number } & (
  | { status: number; code?: number; subcode?: number; message?: string; retryAfterSeconds?: number; regainMinutes?: number }
  | { hang: true });

export interface GraphErrorBody { error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string } }

export function graphError(code: number, message: string, subcode?: number, type = 'OAuthException'): GraphErrorBody {
  return { error: { message, type, code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: crypto.randomBytes(8).toString('base64url') } };
}

class Refusal {
  constructor(readonly status: number, readonly body: GraphErrorBody) {}
}

export class FakeMessenger {
  readonly version = 'v25.0';
  readonly sent: SentMessage[] = [];
  readonly sendCalls: SendCall[] = [];
  readonly profileCalls: ProfileCall[] = [];
  outage: Outage | null = null;
  /** While set, profile lookups wait for it to resolve before answering. */
  profileGate: Promise<void> | null = null;
  /** Added to the real time: tests move the platform's clock (the 24-hour window). */
  clockOffsetMs = 0;

  private readonly pages = new Map<string, FakePage>();
  private readonly people = new Map<string, FakePerson>();
  private readonly lastWrote = new Map<string, number>();

  readonly url: string;

  private constructor(private readonly httpServer: FakeHttpServer) {
    this.url = httpServer.url;
  }

  static async start(): Promise<FakeMessenger> {
    let fake: FakeMessenger | undefined;
    fake = new FakeMessenger(await FakeHttpServer.listen((req, res) => { void fake?.handle(req, res); }));
    return fake;
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** A page with its page access token and its app's secret (random unless given). */
  page(pageId: string, options: Partial<Omit<FakePage, 'pageId'>> = {}): FakePage {
    const page: FakePage = {
      pageId,
      accessToken: options.accessToken ?? `EAAG${crypto.randomBytes(24).toString('base64url')}`,
      appSecret: options.appSecret ?? crypto.randomBytes(16).toString('hex'),
      requireProof: options.requireProof ?? false,
    };
    this.pages.set(pageId, page);
    return page;
  }

  /** Someone with a page-scoped id on a page. */
  person(pageId: string, psid: string, options: Partial<FakePerson> = {}): void {
    this.people.set(`${pageId}/${psid}`, { firstName: options.firstName ?? 'Ada', lastName: options.lastName ?? 'Lovelace', unavailable: options.unavailable ?? false });
  }

  /** The platform's side of the page's webhook at `url`. */
  webhook(url: string, page: FakePage): MessengerWebhook {
    return new MessengerWebhook(url, page.pageId, page.appSecret, () => this.now(), (pageId, psid, at) => this.lastWrote.set(`${pageId}/${psid}`, at));
  }

  sentTo(psid: string): SentMessage[] {
    return this.sent.filter((s) => s.recipient === psid);
  }

  async close(): Promise<void> {
    await this.httpServer.close();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const m = /^\/(v\d+\.\d+)\/([^/]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (m === null) throw new Refusal(400, graphError(2500, `Unknown path components: ${url.pathname}`));
      const [, , node, edge] = m;
      if (req.method === 'POST' && edge === 'messages') {
        const answer = this.sendMessage(node!, url, req, Buffer.concat(chunks).toString('utf8'));
        if (answer === 'hang') return;
        reply(answer.status, answer.body, answer.headers);
        return;
      }
      if (req.method === 'GET' && edge === undefined) {
        // A held profile lookup waits (as a slow Graph would) until the test lets it go.
        if (this.profileGate !== null) await this.profileGate;
        reply(200, this.profile(node!, url, req));
        return;
      }
      throw new Refusal(400, graphError(100, `Unsupported ${req.method?.toLowerCase()} request.`, 33, 'GraphMethodException'));
    } catch (err) {
      if (err instanceof Refusal) {
        if (req.method === 'POST') this.sendCalls.push({ path: url.pathname, status: err.status, code: err.body.error.code, subcode: err.body.error.error_subcode ?? null });
        reply(err.status, err.body);
        return;
      }
      reply(500, graphError(1, 'An unknown error occurred', undefined, 'OAuthException'));
    }
  }

  /** The page an access token (and its appsecret_proof) stands for. */
  private authenticate(url: URL, req: http.IncomingMessage): FakePage {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = url.searchParams.get('access_token') ?? bearer ?? null;
    if (token === null) throw new Refusal(400, graphError(104, 'An access token is required to request this resource.'));
    const page = [...this.pages.values()].find((p) => p.accessToken === token);
    if (page === undefined) throw new Refusal(400, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    const proof = url.searchParams.get('appsecret_proof');
    if (proof !== null) {
      const expected = crypto.createHmac('sha256', page.appSecret).update(token).digest('hex');
      if (proof !== expected) throw new Refusal(400, graphError(100, 'Invalid appsecret_proof provided in the API argument', undefined, 'GraphMethodException'));
    } else if (page.requireProof) {
      throw new Refusal(400, graphError(100, 'API calls from the server require an appsecret_proof argument', undefined, 'GraphMethodException'));
    }
    return page;
  }

  private profile(psid: string, url: URL, req: http.IncomingMessage): unknown {
    const page = this.authenticate(url, req);
    const person = this.people.get(`${page.pageId}/${psid}`);
    if (person === undefined) {
      this.profileCalls.push({ psid, status: 400 });
      throw new Refusal(400, graphError(100, `Unsupported get request. Object with ID '${psid}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33, 'GraphMethodException'));
    }
    this.profileCalls.push({ psid, status: 200 });
    const fields = (url.searchParams.get('fields') ?? 'first_name,last_name').split(',');
    const all: Record<string, string> = { first_name: person.firstName, last_name: person.lastName, id: psid };
    return Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k) || k === 'id'));
  }

  private sendMessage(node: string, url: URL, req: http.IncomingMessage, raw: string): { status: number; body: unknown; headers?: Record<string, string> } | 'hang' {
    if (this.outage !== null && (this.outage.after ?? 0) > 0) {
      this.outage.after! -= 1;
    } else if (this.outage !== null && this.outage.remaining > 0) {
      const outage = this.outage;
      outage.remaining -= 1;
      if ('hang' in outage) return 'hang';
      const headers: Record<string, string> = {};
      if (outage.retryAfterSeconds !== undefined) headers['retry-after'] = String(outage.retryAfterSeconds);
      if (outage.regainMinutes !== undefined) {
        headers['x-business-use-case-usage'] = JSON.stringify({ '1234567890': [{ type: 'messenger', call_count: 100, total_cputime: 25, total_time: 25, estimated_time_to_regain_access: outage.regainMinutes }] });
      }
      const body = graphError(outage.code ?? 2, outage.message ?? 'An unexpected error has occurred. Please retry your request later.', outage.subcode);
      this.sendCalls.push({ path: url.pathname, status: outage.status, code: body.error.code, subcode: body.error.error_subcode ?? null });
      return { status: outage.status, body, headers };
    }
    const page = this.authenticate(url, req);
    if (node !== 'me' && node !== page.pageId) {
      throw new Refusal(400, graphError(100, `Unsupported post request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33, 'GraphMethodException'));
    }
    const body = this.readBody(req, raw);
    const recipient = body.recipient as { id?: unknown } | undefined;
    if (recipient === undefined || typeof recipient.id !== 'string') throw new Refusal(400, graphError(100, '(#100) The parameter recipient is required'));
    const person = this.people.get(`${page.pageId}/${recipient.id}`);
    if (person === undefined) throw new Refusal(400, graphError(100, '(#100) No matching user found', 2018001));
    const type = body.messaging_type;
    if (type !== 'RESPONSE' && type !== 'UPDATE' && type !== 'MESSAGE_TAG') throw new Refusal(400, graphError(100, '(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}'));
    if (type === 'MESSAGE_TAG' && !MESSAGE_TAGS.includes(body.tag as string)) throw new Refusal(400, graphError(100, `(#100) Param tag must be one of {${MESSAGE_TAGS.join(', ')}}`));
    const problem = sendMessageProblem(body.message);
    if (problem !== null) throw new Refusal(400, graphError(100, `(#100) ${problem}`));
    if (person.unavailable) throw new Refusal(400, graphError(551, '(#551) This person isn\'t available right now.', 1545041));
    const wrote = this.lastWrote.get(`${page.pageId}/${recipient.id}`);
    if (type !== 'MESSAGE_TAG' && (wrote === undefined || this.now() - wrote > WINDOW_MS)) {
      throw new Refusal(400, graphError(10, '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview', 2018278));
    }
    const sent: SentMessage = {
      pageId: page.pageId, recipient: recipient.id, messagingType: type, tag: type === 'MESSAGE_TAG' ? body.tag as string : null,
      message: body.message as Record<string, unknown>, messageId: newMid(), timestamp: this.now(),
    };
    this.sent.push(sent);
    this.sendCalls.push({ path: url.pathname, status: 200, code: null, subcode: null });
    return { status: 200, body: { recipient_id: recipient.id, message_id: sent.messageId } };
  }

  /** A JSON body, or a form whose fields hold JSON (the curl examples' form): the Graph API takes both. */
  private readBody(req: http.IncomingMessage, raw: string): Record<string, unknown> {
    const type = req.headers['content-type'] ?? '';
    try {
      if (type.startsWith('application/json')) {
        const parsed: unknown = JSON.parse(raw);
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } else if (type.startsWith('application/x-www-form-urlencoded')) {
        const form = new URLSearchParams(raw);
        const out: Record<string, unknown> = {};
        for (const [k, v] of form) out[k] = k === 'recipient' || k === 'message' ? JSON.parse(v) : v;
        return out;
      }
    } catch { /* refused below */ }
    throw new Refusal(400, graphError(100, '(#100) The request body could not be read'));
  }
}
