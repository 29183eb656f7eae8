// A fake of the Twilio-style carrier REST API (2010-04-01 Messages.json, basic auth, its error objects) that signs inbound webhooks and status callbacks as the real one does.
import crypto from 'node:crypto';
import http from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';
import { WAIT_BOUND_MS } from '../helpers/wait-bound.js';

export interface CarrierAccount {
  sid: string;
  authToken: string;
}

export interface SentMessage {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  status: string;
  /** Sent by the carrier itself (its STOP/START/HELP confirmations), not through the API. */
  byCarrier?: boolean;
}

export interface WebhookReply {
  status: number;
  body: string;
  contentType: string | null;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** X-Twilio-Signature: base64 HMAC-SHA1 of the URL followed by each parameter's name and value, sorted by name. */
export function signRequest(authToken: string, url: string, params: [string, string][]): string {
  const data = url + [...params].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1)).map(([k, v]) => k + v).join('');
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/**
 * The keywords the carrier filters itself, as Twilio does by default on long codes: the sender is put on (or taken off)
 * the account's opt-out list and the carrier answers with its own confirmation; the message still reaches the webhook.
 * REVOKE and OPTOUT joined the list on 2025-05-14 (the FCC rule in force since 2025-04-11).
 */
const CARRIER_KEYWORDS = new Map<string, 'STOP' | 'START' | 'HELP'>([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'].map((k) => [k, 'STOP'] as const),
  ...['START', 'YES', 'UNSTOP'].map((k) => [k, 'START'] as const),
  ...['HELP', 'INFO'].map((k) => [k, 'HELP'] as const),
]);

const CARRIER_CONFIRMATIONS = {
  STOP: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
  START: 'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  HELP: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
};

function sid(prefix: string): string {
  return prefix + crypto.randomBytes(16).toString('hex');
}

export class FakeCarrier {
  readonly messages: SentMessage[] = [];
  /** Numbers that texted STOP to the carrier itself (its own opt-out list): sending to them is error 21610. */
  readonly optedOut = new Set<string>();
  /** Every status callback sent, with Parley's answer. */
  readonly callbacks: { sid: string; status: string; reply: number }[] = [];
  private readonly accounts = new Map<string, { authToken: string; numbers: Set<string> }>();
  private readonly webhooks = new Map<string, { url: string; signedUrl: string }>();
  /** false: the account's keyword filtering is off (Parley must confirm keywords itself). */
  keywordFiltering = true;
  /** true: Advanced Opt-Out, whose webhooks carry OptOutType (STOP, START, HELP) for a keyword. */
  advancedOptOut = false;
  private failures: { status: number; retryAfter?: string }[] = [];
  /** How long each accepted send takes to be answered: a real carrier API's round trip, for benchmarks (0: at once). */
  answerDelayMs = 0;

  readonly url: string;

  private constructor(private readonly httpServer: FakeHttpServer) {
    this.url = httpServer.url;
  }

  static async start(): Promise<FakeCarrier> {
    let fake: FakeCarrier | undefined;
    fake = new FakeCarrier(await FakeHttpServer.listen((req, res) => { void fake?.handle(req, res); }));
    return fake;
  }

  /** An account owning `numbers` (its long codes and short codes). */
  account(numbers: string[]): CarrierAccount {
    const account = { sid: sid('AC'), authToken: crypto.randomBytes(16).toString('hex') };
    this.accounts.set(account.sid, { authToken: account.authToken, numbers: new Set(numbers) });
    return account;
  }

  /**
   * The number's "A message comes in" webhook. `signedUrl` is the URL as written in the console when it differs from the
   * one reached (e.g. with an explicit :443 before a proxy): the carrier signs what was written.
   */
  setWebhook(number: string, url: string, signedUrl = url): void {
    this.webhooks.set(number, { url, signedUrl });
  }

  /** The next sends fail with these statuses (5xx: outage; 429: rate limit, optionally with Retry-After). */
  failNext(...failures: { status: number; retryAfter?: string }[]): void {
    this.failures.push(...failures);
  }

  /** A handset texts `to`: the carrier posts its signed webhook and returns Parley's answer. `tamper` changes the body after signing. */
  async receive(from: string, to: string, body: string, options: { media?: { url: string; contentType: string }[]; tamper?: boolean; messageSid?: string } = {}): Promise<WebhookReply> {
    const hook = this.webhooks.get(to);
    if (hook === undefined) throw new Error(`no webhook is set for ${to}`);
    const { url, signedUrl } = hook;
    const account = [...this.accounts].find(([, a]) => a.numbers.has(to));
    if (account === undefined) throw new Error(`no account owns ${to}`);
    const messageSid = options.messageSid ?? sid(options.media?.length ? 'MM' : 'SM');
    const params: [string, string][] = [
      ['ToCountry', 'US'], ['ToState', 'CA'], ['SmsMessageSid', messageSid], ['NumMedia', String(options.media?.length ?? 0)], ['ToCity', ''],
      ['FromZip', ''], ['SmsSid', messageSid], ['FromState', 'NY'], ['SmsStatus', 'received'], ['FromCity', ''], ['Body', body],
      ['FromCountry', 'US'], ['To', to], ['ToZip', ''], ['NumSegments', '1'], ['MessageSid', messageSid], ['AccountSid', account[0]],
      ['From', from], ['ApiVersion', '2010-04-01'],
    ];
    options.media?.forEach((m, i) => params.push([`MediaContentType${i}`, m.contentType], [`MediaUrl${i}`, m.url]));
    const keyword = this.keywordFiltering ? CARRIER_KEYWORDS.get(body.trim().toUpperCase()) : undefined;
    if (keyword !== undefined) {
      if (keyword === 'STOP') this.optedOut.add(from);
      if (keyword === 'START') this.optedOut.delete(from);
      this.messages.push({ sid: sid('SM'), accountSid: account[0], from: to, to: from, body: CARRIER_CONFIRMATIONS[keyword], mediaUrls: [], statusCallback: null, status: 'sent', byCarrier: true });
      if (this.advancedOptOut) params.push(['OptOutType', keyword]);
    }
    const signature = signRequest(account[1].authToken, signedUrl, params);
    const sent = options.tamper ? params.map(([k, v]) => [k, k === 'Body' ? `${v}!` : v] as [string, string]) : params;
    return this.post(url, sent, signature);
  }

  /** The carrier learns a message's fate and posts its status callback (signed); returns Parley's HTTP status. */
  async setStatus(messageSid: string, status: 'sent' | 'delivered' | 'undelivered' | 'failed' | 'read', errorCode?: string): Promise<number> {
    const m = this.messages.find((x) => x.sid === messageSid);
    if (m === undefined) throw new Error(`no message ${messageSid}`);
    m.status = status;
    if (m.statusCallback === null) return 0;
    const params: [string, string][] = [
      ['SmsSid', m.sid], ['SmsStatus', status], ['MessageStatus', status], ['To', m.to], ['MessageSid', m.sid], ['AccountSid', m.accountSid],
      ['From', m.from], ['ApiVersion', '2010-04-01'],
    ];
    if (errorCode !== undefined) params.push(['ErrorCode', errorCode]);
    const reply = await this.post(m.statusCallback, params, signRequest(this.accounts.get(m.accountSid)!.authToken, m.statusCallback, params));
    this.callbacks.push({ sid: m.sid, status, reply: reply.status });
    return reply.status;
  }

  textsTo(number: string): string[] {
    return this.messages.filter((m) => m.to === number).map((m) => m.body);
  }

  async waitFor(check: () => boolean, timeoutMs = WAIT_BOUND_MS): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > until) throw new Error('the fake carrier waited in vain');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async close(): Promise<void> {
    await this.httpServer.close();
  }

  private async post(url: string, params: [string, string][], signature: string): Promise<WebhookReply> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'i-twilio-idempotency-token': crypto.randomUUID() },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const error = (status: number, code: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
    };
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    if (m === null || req.method !== 'POST') return error(404, 20404, 'The requested resource was not found');
    const accountSid = decodeURIComponent(m[1]!);
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [user, pass] = auth === null ? [] : Buffer.from(auth[1]!, 'base64').toString().split(':');
    const account = this.accounts.get(accountSid);
    if (account === undefined || user !== accountSid || pass !== account.authToken) {
      res.setHeader('www-authenticate', 'Basic realm="Twilio API"');
      return error(401, 20003, 'Authenticate');
    }
    const failure = this.failures.shift();
    if (failure !== undefined) {
      if (failure.retryAfter !== undefined) res.setHeader('retry-after', failure.retryAfter);
      return failure.status === 429 ? error(429, 20429, 'Too Many Requests') : error(failure.status, 20500, 'Internal Server Error');
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To');
    const from = form.get('From');
    const body = form.get('Body') ?? '';
    const mediaUrls = form.getAll('MediaUrl');
    const statusCallback = form.get('StatusCallback');
    if (to === null || to === '') return error(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (from === null || from === '') return error(400, 21603, "A 'From' phone number is required.");
    if (!account.numbers.has(from)) return error(400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`);
    if (body === '' && mediaUrls.length === 0) return error(400, 21602, 'Message body is required.');
    if (body.length > 1600) return error(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (mediaUrls.length > 10) return error(400, 21623, 'Number of media files exceeds allowed limit.');
    if (statusCallback !== null && !/^https?:\/\/[^\s_]+$/.test(statusCallback)) return error(400, 21609, 'Invalid StatusCallback URL.');
    if (this.optedOut.has(to)) return error(400, 21610, 'Attempt to send to unsubscribed recipient');
    if (this.answerDelayMs > 0) await new Promise((r) => setTimeout(r, this.answerDelayMs));
    const message: SentMessage = { sid: sid(mediaUrls.length > 0 ? 'MM' : 'SM'), accountSid, from, to, body, mediaUrls, statusCallback, status: 'queued' };
    this.messages.push(message);
    const now = new Date().toUTCString().replace('GMT', '+0000');
    res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({
      account_sid: accountSid, api_version: '2010-04-01', body, date_created: now, date_sent: null, date_updated: now, direction: 'outbound-api',
      error_code: null, error_message: null, from, messaging_service_sid: null, num_media: String(mediaUrls.length), num_segments: '1',
      price: null, price_unit: 'USD', sid: message.sid, status: 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` }, to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    }));
  }
}
