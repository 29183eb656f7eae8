// A faithful fake of Google's OAuth token endpoint (JWT-bearer grant) and RBM's phones.getCapabilities and phones.agentMessages.create, on a random loopback port.
import crypto from 'node:crypto';
import http from 'node:http';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { FakeHttpServer } from './fake-http-server.js';
import { agentMessageProblem } from './rbm-agent-message.js';
import { RbmWebhook } from './rbm-webhook.js';

export const RBM_SCOPE = 'https://www.googleapis.com/auth/rcsbusinessmessaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** How the fake answers for one number; numbers not set are not RCS-reachable (404 NOT_FOUND). */
export type NumberBehaviour =
  | { kind: 'enabled'; features: string[] }
  | { kind: 'error'; status: number; body?: unknown }
  | { kind: 'hang' }
  | { kind: 'garbage' };

export type TokenFailure = { status: number; body: unknown } | 'hang';

export interface TokenCall { clientEmail: string | null; status: number; error?: string }
export interface CapabilityCall { phoneNumber: string; agentId: string | null; requestId: string | null; status: number }
export interface AgentMessageCall { phoneNumber: string; agentId: string | null; messageId: string | null; body: unknown; status: number; error?: string }
/** An agent message RBM accepted (200), in the order accepted. */
export interface SentAgentMessage { phoneNumber: string; agentId: string; messageId: string; contentMessage: Record<string, unknown> }

/** Answers every agentMessages call with `status` (and Retry-After when set) while `remaining` lasts: an RBM outage. */
export interface Outage { remaining: number; status: number; retryAfterSeconds?: number }

export interface FakeServiceAccount {
  clientEmail: string;
  privateKeyId: string;
  /** The key file Google would issue, token_uri pointing at this fake unless overridden. */
  keyJson(overrides?: Record<string, unknown>): string;
}

interface Account { privateKeyPem: string; publicKey: crypto.KeyObject; privateKeyId: string }
interface IssuedToken { clientEmail: string; expiresAt: number; revoked: boolean }

export class FakeRbm {
  readonly tokenCalls: TokenCall[] = [];
  readonly capabilityCalls: CapabilityCall[] = [];
  readonly agentMessageCalls: AgentMessageCall[] = [];
  readonly sent: SentAgentMessage[] = [];
  outage: Outage | null = null;
  /** expires_in of issued tokens. */
  tokenLifetimeSeconds = 3599;
  tokenFailure: TokenFailure | null = null;

  private readonly accounts = new Map<string, Account>();
  private readonly agentOwners = new Map<string, string>();
  /** Agents not yet launched, with the numbers of their testers. */
  private readonly unlaunched = new Map<string, Set<string>>();
  private readonly numbers = new Map<string, NumberBehaviour>();
  private readonly tokens = new Map<string, IssuedToken>();
  /** Message ids each agent has used: RBM refuses a repeated one with 409 ALREADY_EXISTS. */
  private readonly usedMessageIds = new Map<string, Set<string>>();

  readonly url: string;
  /** host:port, for RBM_TOKEN_HOSTS. */
  readonly host: string;

  private constructor(private readonly httpServer: FakeHttpServer) {
    this.url = httpServer.url;
    this.host = `127.0.0.1:${httpServer.port}`;
  }

  static async start(): Promise<FakeRbm> {
    let fake: FakeRbm | undefined;
    fake = new FakeRbm(await FakeHttpServer.listen((req, res) => { void fake?.handle(req, res); }));
    return fake;
  }

  get tokenUri(): string {
    return `${this.url}/token`;
  }

  /** A service account with a fresh RSA key pair; the fake knows only the public half. */
  serviceAccount(name = `agent-sa-${crypto.randomBytes(3).toString('hex')}`): FakeServiceAccount {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const clientEmail = `${name}@rbm-test.iam.gserviceaccount.com`;
    const privateKeyId = crypto.randomBytes(20).toString('hex');
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.accounts.set(clientEmail, { privateKeyPem, publicKey, privateKeyId });
    return {
      clientEmail, privateKeyId,
      keyJson: (overrides = {}) => JSON.stringify({
        type: 'service_account', project_id: 'rbm-test', private_key_id: privateKeyId, private_key: privateKeyPem,
        client_email: clientEmail, client_id: '1234567890', auth_uri: 'https://accounts.google.com/o/oauth2/auth',
        token_uri: this.tokenUri, universe_domain: 'googleapis.com', ...overrides,
      }),
    };
  }

  /**
   * Registers an RBM agent that `owner`'s tokens may act for. An agent that is not launched may ask only
   * about its testers' numbers, as on the real platform.
   */
  agent(agentId: string, owner: FakeServiceAccount, launch: { launched: boolean; testers?: string[] } = { launched: true }): void {
    this.agentOwners.set(agentId, owner.clientEmail);
    if (launch.launched) this.unlaunched.delete(agentId);
    else this.unlaunched.set(agentId, new Set(launch.testers ?? []));
  }

  setNumber(e164: string, behaviour: NumberBehaviour): void {
    this.numbers.set(e164, behaviour);
  }

  /** RBM's side of an agent webhook pointed at `url` with the console's `clientToken`. */
  webhook(agentId: string, url: string, clientToken: string): RbmWebhook {
    return new RbmWebhook(url, clientToken, agentId);
  }

  revokeTokens(): void {
    for (const t of this.tokens.values()) t.revoked = true;
  }

  async close(): Promise<void> {
    await this.httpServer.close();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/token') return this.token(req, body, res);
    const match = /^\/v1\/phones\/([^/]+)\/capabilities$/.exec(url.pathname);
    if (match?.[1] !== undefined) return this.capabilities(req, decodeURIComponent(match[1]), url.searchParams, body, res);
    const send = /^\/v1\/phones\/([^/]+)\/agentMessages$/.exec(url.pathname);
    if (send?.[1] !== undefined) return this.agentMessage(req, decodeURIComponent(send[1]), url.searchParams, body, res);
    googleError(res, 404, 'NOT_FOUND', `The requested URL ${url.pathname} was not found on this server.`);
  }

  private async token(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const call: TokenCall = { clientEmail: null, status: 0 };
    this.tokenCalls.push(call);
    const fail = (status: number, error: string, description: string) => {
      call.status = status;
      call.error = error;
      json(res, status, { error, error_description: description });
    };
    if (this.tokenFailure === 'hang') return;
    if (this.tokenFailure !== null) {
      call.status = this.tokenFailure.status;
      return json(res, this.tokenFailure.status, this.tokenFailure.body);
    }
    if (req.method !== 'POST') return fail(405, 'invalid_request', 'Token requests must use POST.');
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return fail(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
    const form = new URLSearchParams(body);
    const grantType = form.get('grant_type');
    if (grantType !== JWT_BEARER) return fail(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
    const assertion = form.get('assertion');
    if (!assertion) return fail(400, 'invalid_request', 'Missing required parameter: assertion');

    let iss: string | undefined;
    let kid: string | undefined;
    try {
      iss = decodeJwt(assertion).iss;
      kid = decodeProtectedHeader(assertion).kid;
    } catch {
      return fail(400, 'invalid_grant', 'Invalid JWT: the assertion is not a JWT.');
    }
    const account = iss === undefined ? undefined : this.accounts.get(iss);
    call.clientEmail = iss ?? null;
    if (iss === undefined || account === undefined) return fail(400, 'invalid_grant', 'Invalid grant: account not found');
    if (kid !== undefined && kid !== account.privateKeyId) return fail(400, 'invalid_grant', 'Invalid JWT Signature.');
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(assertion, account.publicKey, { algorithms: ['RS256'], issuer: iss, audience: this.tokenUri }));
    } catch (err) {
      const code = (err as { code?: string }).code;
      return code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JOSE_ALG_NOT_ALLOWED'
        ? fail(400, 'invalid_grant', 'Invalid JWT Signature.')
        : fail(400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    }
    const { iat, exp, scope } = claims as { iat?: number; exp?: number; scope?: string };
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > 3600 || exp <= iat) {
      return fail(400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    }
    if (typeof scope !== 'string' || !scope.split(' ').includes(RBM_SCOPE)) return fail(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');

    const token = `ya29.fake-${crypto.randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, { clientEmail: iss, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000, revoked: false });
    call.status = 200;
    json(res, 200, { access_token: token, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer' });
  }

  /** The bearer token's account, or null after answering 401 as Google does. */
  private caller(req: http.IncomingMessage): IssuedToken | null {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const issued = bearer === undefined ? undefined : this.tokens.get(bearer);
    return issued === undefined || issued.revoked || issued.expiresAt <= Date.now() ? null : issued;
  }

  /** phones.agentMessages.create, as its reference describes it. */
  private agentMessage(req: http.IncomingMessage, phone: string, query: URLSearchParams, raw: string, res: http.ServerResponse): void {
    const call: AgentMessageCall = { phoneNumber: phone, agentId: query.get('agentId'), messageId: query.get('messageId'), body: undefined, status: 0 };
    this.agentMessageCalls.push(call);
    const answer = (status: number, reason: string, message: string) => {
      call.status = status;
      call.error = message;
      googleError(res, status, reason, message);
    };
    if (req.method !== 'POST') return answer(405, 'INVALID_ARGUMENT', `Method ${req.method ?? ''} is not allowed.`);
    const issued = this.caller(req);
    if (issued === null) return answer(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return answer(400, 'INVALID_ARGUMENT', 'Content-Type must be application/json.');
    if (call.messageId === null || !UUID.test(call.messageId)) return answer(400, 'INVALID_ARGUMENT', 'messageId must be a UUID.');
    if (call.agentId === null || call.agentId === '') return answer(400, 'INVALID_ARGUMENT', 'agentId is required.');
    if (!/^\+[1-9]\d{1,14}$/.test(phone)) return answer(400, 'INVALID_ARGUMENT', `Invalid phone number: ${phone}`);
    if (this.agentOwners.get(call.agentId) !== issued.clientEmail) return answer(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const testers = this.unlaunched.get(call.agentId);
    if (testers !== undefined && !testers.has(phone)) return answer(403, 'PERMISSION_DENIED', `Agent ${call.agentId} is not launched and ${phone} is not one of its testers.`);
    try {
      call.body = JSON.parse(raw);
    } catch {
      return answer(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unexpected token.');
    }
    const problem = agentMessageProblem(call.body);
    if (problem !== null) return answer(400, 'INVALID_ARGUMENT', problem);

    if (this.outage !== null && this.outage.remaining > 0) {
      this.outage.remaining -= 1;
      call.status = this.outage.status;
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
      if (this.outage.retryAfterSeconds !== undefined) headers['retry-after'] = String(this.outage.retryAfterSeconds);
      res.writeHead(this.outage.status, headers).end(JSON.stringify({ error: { code: this.outage.status, message: 'The service is currently unavailable.', status: this.outage.status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE' } }));
      return;
    }
    const behaviour = this.numbers.get(phone);
    // The reference: a user who is not RCS-enabled or not reachable by RBM gets 404.
    if (behaviour === undefined) return answer(404, 'NOT_FOUND', 'Requested entity was not found.');
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'garbage') {
      call.status = 200;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream proxy error</html>');
      return;
    }
    if (behaviour.kind === 'error') {
      call.status = behaviour.status;
      return json(res, behaviour.status, behaviour.body ?? { error: { code: behaviour.status, message: 'Internal error encountered.', status: 'INTERNAL' } });
    }
    const used = this.usedMessageIds.get(call.agentId) ?? new Set<string>();
    this.usedMessageIds.set(call.agentId, used);
    if (used.has(call.messageId)) return answer(409, 'ALREADY_EXISTS', 'Requested entity already exists');
    used.add(call.messageId);
    const contentMessage = (call.body as { contentMessage: Record<string, unknown> }).contentMessage;
    this.sent.push({ phoneNumber: phone, agentId: call.agentId, messageId: call.messageId, contentMessage });
    call.status = 200;
    json(res, 200, { name: `phones/${phone}/agentMessages/${call.messageId}`, sendTime: new Date().toISOString(), contentMessage });
  }

  private capabilities(req: http.IncomingMessage, phone: string, query: URLSearchParams, body: string, res: http.ServerResponse): void {
    const call: CapabilityCall = { phoneNumber: phone, agentId: query.get('agentId'), requestId: query.get('requestId'), status: 0 };
    this.capabilityCalls.push(call);
    const answer = (status: number, reason: string, message: string) => {
      call.status = status;
      googleError(res, status, reason, message);
    };
    if (req.method !== 'GET') return answer(405, 'INVALID_ARGUMENT', `Method ${req.method ?? ''} is not allowed.`);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const issued = bearer === undefined ? undefined : this.tokens.get(bearer);
    if (issued === undefined || issued.revoked || issued.expiresAt <= Date.now()) {
      return answer(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    }
    if (body !== '') return answer(400, 'INVALID_ARGUMENT', 'The request body must be empty.');
    if (call.agentId === null || call.agentId === '') return answer(400, 'INVALID_ARGUMENT', 'agentId is required.');
    if (call.requestId === null || !UUID.test(call.requestId)) return answer(400, 'INVALID_ARGUMENT', 'requestId must be a UUID.');
    if (!/^\+[1-9]\d{1,14}$/.test(phone)) return answer(400, 'INVALID_ARGUMENT', `Invalid phone number: ${phone}`);
    if (this.agentOwners.get(call.agentId) !== issued.clientEmail) return answer(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    // The reference: an unlaunched agent asking about a user who is not one of its testers gets 403 PERMISSION_DENIED.
    const testers = this.unlaunched.get(call.agentId);
    if (testers !== undefined && !testers.has(phone)) return answer(403, 'PERMISSION_DENIED', `Agent ${call.agentId} is not launched and ${phone} is not one of its testers.`);

    const behaviour = this.numbers.get(phone);
    if (behaviour === undefined) return answer(404, 'NOT_FOUND', 'Requested entity was not found.');
    switch (behaviour.kind) {
      case 'enabled':
        call.status = 200;
        return json(res, 200, { features: behaviour.features });
      case 'error':
        call.status = behaviour.status;
        return json(res, behaviour.status, behaviour.body ?? { error: { code: behaviour.status, message: 'Internal error encountered.', status: 'INTERNAL' } });
      case 'garbage':
        call.status = 200;
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>upstream proxy error</html>');
        return;
      case 'hang':
        return;
    }
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

function googleError(res: http.ServerResponse, code: number, status: string, message: string): void {
  json(res, code, { error: { code, message, status } });
}
