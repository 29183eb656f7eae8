// Property: no input reaches a 500 or hangs — requests generated from every route's schema (OpenAPI), ≥ 1,000 per route on each
// database, and generated web-chat frames of every type; every error is the spec's error object (or an error frame).
import crypto from 'node:crypto';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sandboxFrames from '../../../src/channels/sandbox/frames.js';
import { FormFrame, HelloFrame, LocationFrame, PostbackFrame, TextFrame } from '../../../src/channels/web/frames.js';
import { isErrorObject } from '../../helpers/http.js';
import { type DatabaseKind, startTestServer, type TestServer } from '../../helpers/server.js';
import { arbitraryFor, parameterFor, type JsonSchema } from './schema-arbitrary.js';

/** Every status the spec lists except 500: a 5xx other than the upstream ones (502, 503, 504) is a failure. */
const SPEC_STATUSES = new Set([200, 201, 202, 204, 400, 401, 403, 404, 405, 408, 409, 413, 415, 416, 422, 429, 502, 503, 504]);
/** Requests per property run, sent at once: 125 runs × 8 = 1,000 cases per route. */
const BATCH = 8;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 125);
const FRAMES_PER_TYPE = Number(process.env.FUZZ_FRAMES_PER_TYPE ?? 1000);
const SANDBOX_FRAMES_PER_TYPE = Number(process.env.FUZZ_SANDBOX_FRAMES_PER_TYPE ?? 1000);
/** A request that takes longer than this has hung. */
const HANG_MS = 10_000;

/** `count` frames of a socket's frame type: most generated from its schema, some any string. */
function framesOf(schema: unknown, count: number): string[] {
  return fc.sample(fc.oneof(
    { weight: 10, arbitrary: arbitraryFor(schema as JsonSchema).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  ), count);
}

interface Parameter { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }
interface Operation { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
interface OpenApi { paths: Record<string, Record<string, Operation>> }
interface Route { method: string; path: string; operation: Operation }

interface Case { pathValues: string[]; query: [string, string][]; body: { text: string; type: string } | undefined; auth: 'valid' | 'none' | 'garbage' }

/** An RBM service-account key as the console downloads it (the private key is real, the account is nobody's). */
function rbmKeyJson(): string {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account', project_id: 'fuzz', private_key_id: 'k1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'fuzz@fuzz.iam.gserviceaccount.com', client_id: '1', token_uri: 'https://oauth2.googleapis.com/token', webhook_client_token: 'FUZZTOKEN',
  });
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`hang: ${what} took over ${HANG_MS} ms`)), HANG_MS); })])
    .finally(() => clearTimeout(timer));
}

function caseFor(route: Route, knownIds: number[]): fc.Arbitrary<Case> {
  const params = route.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const json = arbitraryFor(bodySchema);
  const body = fc.oneof(
    { weight: 12, arbitrary: json.map((v) => ({ text: JSON.stringify(v) ?? 'null', type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => ({ text: s, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ text: s, type: fc.sample(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'), 1)[0]! })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const query = fc.array(fc.oneof(
    { weight: 5, arbitrary: queryParams.length === 0 ? fc.constant(null) : fc.constantFrom(...queryParams).chain((p) => parameterFor(p.schema, knownIds).map((v) => [p.name, v] as [string, string])) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'limit', '__proto__', 'cursor'), fc.string({ maxLength: 10 })) },
  ), { maxLength: 4 }).map((pairs) => pairs.filter((p): p is [string, string] => p !== null));
  return fc.record({
    pathValues: fc.tuple(...pathParams.map((p) => parameterFor(p.schema, knownIds))),
    query,
    body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : body,
    auth: fc.oneof({ weight: 10, arbitrary: fc.constant('valid' as const) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'garbage' as const) }),
  }) as fc.Arbitrary<Case>;
}

/** Percent-encoding that also writes a lone surrogate, as the (invalid) UTF-8 bytes a careless client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      return encodeURIComponent(ch);
    }).join('');
  }
}

function urlOf(route: Route, c: Case): string {
  let i = 0;
  // A value starting with % goes as written (a malformed escape is part of what is tried); the rest percent-encoded.
  const path = route.path.replace(/\{[^}]+\}/g, () => {
    const v = c.pathValues[i++] ?? '';
    return v.startsWith('%') ? v : encode(v);
  });
  const qs = c.query.length === 0 ? '' : `?${c.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
  return path + qs;
}

/** The whole property suite on one database; a file per database, so the two can run side by side. */
export function fuzzSuite(kind: DatabaseKind): void {
  describe(`generated input on ${kind}`, () => {
    let server: TestServer;
    let token: string;
    let ownTokenIds: string[];
    let knownIds: number[];
    let routes: Route[];
    let mineAccountId: number;
    let sandboxToken: string;
    const totals = { requests: 0, byStatus: new Map<number, number>(), perRoute: new Map<string, number>() };

    beforeAll(async () => {
      server = await startTestServer(kind, { RATE_LIMIT_MAX: '10000000', SANDBOX_ENABLED: 'true' });
      const mine = await server.account();
      token = mine.token;
      ownTokenIds = (await server.services.tokens.list(mine.accountId)).map((t) => String(t.id));
      const other = await server.account();
      const bot = await server.services.bots.create(other.accountId, { name: 'theirs', interactions: [] });
      const ch = await server.services.channels.create(other.accountId, { channelType: 'web', botId: bot.id, name: 'c', description: 'd' });
      const myBot = await server.services.bots.create(mine.accountId, {
        name: 'mine', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }],
      });
      const myChannel = await server.services.channels.create(mine.accountId, { channelType: 'web', botId: myBot.id, name: 'mine', description: 'd' });
      mineAccountId = mine.accountId;
      // Its own token: the route fuzzing may revoke tokens it can name.
      sandboxToken = (await server.services.tokens.create(mine.accountId, 'sandbox fuzz')).token;
      const human = await server.services.humans.create(mine.accountId, { firstName: 'Ada', tags: ['vip'] });
      knownIds = [bot.id, ch.id, myBot.id, myChannel.id, human.id, 1, 2, 3];
      const doc = (await server.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<OpenApi>();
      routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, operation]) => ({ method: m.toUpperCase(), path, operation })));
    });
    afterAll(async () => {
      const statuses = [...totals.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ');
      console.log(`[fuzz ${kind}] ${totals.requests} requests over ${totals.perRoute.size} routes (min ${totals.perRoute.size === 0 ? 0 : Math.min(...totals.perRoute.values())} per route); statuses ${statuses}`);
      await server?.close();
    });

    it('answers every route with a spec status and an error object, never a 5xx and never hanging', async () => {
      expect(routes.length).toBeGreaterThanOrEqual(40);
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        await fc.assert(fc.asyncProperty(fc.array(caseFor(route, knownIds), { minLength: BATCH, maxLength: BATCH }), async (cases) => {
          await Promise.all(cases.map(async (c) => {
            const url = urlOf(route, c);
            // The fuzzing account's own tokens are not revoked under it (every later case would be a 401).
            if (route.path.startsWith('/v1/tokens/') && ownTokenIds.includes(c.pathValues[0] ?? '')) return;
            const headers: Record<string, string> = {};
            if (c.auth === 'valid') headers.authorization = `Bearer ${token}`;
            if (c.auth === 'garbage') headers.authorization = 'Bearer x.y.z';
            if (c.body !== undefined) headers['content-type'] = c.body.type;
            const res = await withTimeout(server.app.inject({ method: route.method as 'GET', url, headers, ...(c.body === undefined ? {} : { payload: c.body.text }) }), `${route.method} ${url}`);
            totals.requests += 1;
            totals.byStatus.set(res.statusCode, (totals.byStatus.get(res.statusCode) ?? 0) + 1);
            totals.perRoute.set(key, (totals.perRoute.get(key) ?? 0) + 1);
            const what = `${route.method} ${url} ${c.body?.type ?? ''} ${c.body?.text.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(SPEC_STATUSES.has(res.statusCode), what).toBe(true);
            if (res.statusCode >= 400) expect(isErrorObject(res.json(), res.statusCode), what).toBe(true);
          }));
        }), { numRuns: RUNS_PER_ROUTE });
      }
    }, 600_000);

    it('answers provider webhooks (carrier, messenger, microblog, RCS, voice assistant) with a spec status and an error object, whatever the body', async () => {
      const bot = await server.services.bots.create(mineAccountId, { name: 'hooks', interactions: [] });
      const make = async (channelType: string, user: string, token: string) =>
        (await server.services.channels.create(mineAccountId, { channelType, botId: bot.id, name: channelType, description: 'd', user, token, ...(channelType === 'dlc' ? { phoneType: 1, countryCode: 'US' } : {}) })).id;
      const hooks = [
        { type: 'dlc', id: await make('dlc', '+15550009000', 'AC0123456789:secret') },
        { type: 'fb', id: await make('fb', '100000000000001', JSON.stringify({ pageAccessToken: 'EAAB', appSecret: 'app-secret', verifyToken: 'verify' })) },
        { type: 'twr', id: await make('twr', '1700000000000000009', JSON.stringify({ consumerKey: 'ck', consumerSecret: 'cs', accessToken: 'at', accessTokenSecret: 'ats' })) },
        { type: 'rcs', id: await make('rcs', 'parley_fuzz_agent', rbmKeyJson()) },
        { type: 'alx', id: (await server.services.channels.create(mineAccountId, { channelType: 'alx', botId: bot.id, name: 'alx', description: 'd', user: 'amzn1.ask.skill.fuzz' })).id },
      ];
      const base64Json = fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64'));
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v) ?? 'null', type: 'application/json' })),
        fc.record({ object: fc.constantFrom('page', 'instagram'), entry: fc.array(fc.record({ id: fc.string(), time: fc.integer(), messaging: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) }), { maxLength: 2 }) })
          .map((v) => ({ text: JSON.stringify(v), type: 'application/json' })),
        fc.dictionary(fc.constantFrom('MessageSid', 'From', 'Body', 'AccountSid', 'MessageStatus', 'NumMedia', 'MediaUrl0', 'OptOutType', 'x'), fc.string({ maxLength: 30 }))
          .map((d) => ({ text: new URLSearchParams(d).toString(), type: 'application/x-www-form-urlencoded' })),
        fc.string({ maxLength: 100 }).map((t) => ({ text: t, type: fc.sample(fc.constantFrom('text/plain', 'application/json', 'application/xml', ''), 1)[0]! })),
        // RBM: the verification handshake and a push whose data is base64 JSON; the voice assistant: a request envelope.
        fc.oneof(fc.record({ clientToken: fc.string({ maxLength: 30 }), secret: fc.string({ maxLength: 30 }) }), fc.record({ message: fc.record({ data: fc.oneof(base64Json, fc.string()), messageId: fc.string() }), subscription: fc.string() }))
          .map((v) => ({ text: JSON.stringify(v), type: 'application/json' })),
        fc.record({ version: fc.constant('1.0'), session: fc.jsonValue({ maxDepth: 2 }), context: fc.jsonValue({ maxDepth: 2 }), request: fc.record({ type: fc.constantFrom('LaunchRequest', 'IntentRequest', 'SessionEndedRequest', 'x'), timestamp: fc.oneof(fc.constant(new Date().toISOString()), fc.string()), requestId: fc.string() }) })
          .map((v) => ({ text: JSON.stringify(v), type: 'application/json' })),
      );
      const headers = fc.record({
        'x-hub-signature-256': fc.oneof(fc.constant(undefined), fc.string({ maxLength: 80 }), fc.constant('sha256=00')),
        'x-twilio-signature': fc.oneof(fc.constant(undefined), fc.string({ maxLength: 40 })),
        'x-twitter-webhooks-signature': fc.oneof(fc.constant(undefined), fc.string({ maxLength: 60 })),
        'x-goog-signature': fc.oneof(fc.constant(undefined), fc.string({ maxLength: 90 })),
        signaturecertchainurl: fc.oneof(fc.constant(undefined), fc.constant('https://s3.amazonaws.com/echo.api/echo-api-cert.pem'), fc.webUrl()),
        'signature-256': fc.oneof(fc.constant(undefined), fc.string({ maxLength: 90 })),
      });
      const query = fc.oneof(fc.constant(''), fc.dictionary(fc.constantFrom('hub.mode', 'hub.verify_token', 'hub.challenge', 'crc_token', 'x'), fc.string({ maxLength: 20 }))
        .map((d) => `?${new URLSearchParams(d).toString()}`));
      let sentHooks = 0;
      for (const hook of hooks) {
        await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('GET', 'POST'), body, headers, query), { minLength: BATCH, maxLength: BATCH }), async (cases) => {
          await Promise.all(cases.map(async ([method, b, h, q]) => {
            const sent = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>;
            if (b.type !== '') sent['content-type'] = b.type;
            const url = `/hooks/${hook.type}/${hook.id}${q}`;
            const res = await withTimeout(server.app.inject({ method: method as 'GET', url, headers: sent, ...(method === 'POST' ? { payload: b.text } : {}) }), `${method} ${url}`);
            sentHooks += 1;
            const what = `${method} ${url} ${b.type} ${b.text.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(SPEC_STATUSES.has(res.statusCode), what).toBe(true);
            if (res.statusCode >= 400) expect(isErrorObject(res.json(), res.statusCode), what).toBe(true);
          }));
        }), { numRuns: RUNS_PER_ROUTE });
      }
      console.log(`[fuzz ${kind}] ${sentHooks} provider webhook requests (${hooks.map((h) => h.type).join(', ')}; ${RUNS_PER_ROUTE * BATCH} each)`);
    }, 600_000);

    it('answers every web-chat frame type, generated from its schema, with frames or error frames, never closing on it or hanging', async () => {
      // The route fuzzing may have deleted or changed the account's bot and channel: a fresh pair.
      const bot = await server.services.bots.create(mineAccountId, {
        name: 'frames', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }],
      });
      const webChannelId = (await server.services.channels.create(mineAccountId, { channelType: 'web', botId: bot.id, name: 'frames', description: 'd' })).id;
      const types = { hello: HelloFrame, message: TextFrame, postback: PostbackFrame, location: LocationFrame, form: FormFrame } as const;
      let sent = 0;
      for (const [type, schema] of Object.entries(types)) {
        const frames = framesOf(schema, FRAMES_PER_TYPE);
        // A socket takes 60 frames at once (then 5 a second): chunks of 40 per socket keep every frame read, not refused.
        for (let at = 0; at < frames.length; at += 40) {
          const chunk = frames.slice(at, at + 40);
          const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chat/${webChannelId}/ws`);
          const received: { type?: unknown; description?: unknown; visitor?: unknown }[] = [];
          let closedWith: number | null = null;
          const opened = new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
          socket.on('message', (data) => received.push(JSON.parse(String(data)) as (typeof received)[number]));
          socket.on('close', (code) => { closedWith = code; });
          await withTimeout(opened, `web-chat socket (${type})`);
          socket.send(JSON.stringify({ type: 'hello', visitor: null }));
          const visitor = await until(() => received.find((f) => f.type === 'welcome')?.visitor, `hello (got ${JSON.stringify(received).slice(0, 300)}, closed ${String(closedWith)})`);
          for (const frame of chunk) socket.send(frame);
          // Frames are read in order: once the welcome answering this last hello is back, every frame before it was read.
          socket.send(JSON.stringify({ type: 'hello', visitor }));
          await until(() => (received.filter((f) => f.type === 'welcome' && f.visitor === visitor).length >= 2 ? true : undefined), `frames of type ${type}`);
          sent += chunk.length;
          for (const f of received) {
            expect(typeof f.type, JSON.stringify(f)).toBe('string');
            if (f.type === 'error') expect(typeof f.description, JSON.stringify(f)).toBe('string');
            if (f.type === 'error') expect(String(f.description)).not.toMatch(/could not take that message/);
          }
          expect(closedWith, `socket closed while reading ${type} frames`).toBeNull();
          socket.close();
        }
      }
      console.log(`[fuzz ${kind}] ${sent} web-chat frames, ${FRAMES_PER_TYPE} per type (hello, message, postback, location, form)`);
    }, 600_000);

    it('answers every sandbox frame type, generated from its schema, with frames or error frames, never closing on it or hanging', async () => {
      const types = {
        hello: sandboxFrames.HelloFrame, open: sandboxFrames.OpenFrame, close: sandboxFrames.CloseFrame,
        text: sandboxFrames.TextFrame, tap: sandboxFrames.TapFrame, location: sandboxFrames.LocationFrame,
      } as const;
      let sent = 0;
      for (const [type, schema] of Object.entries(types)) {
        const frames = framesOf(schema, SANDBOX_FRAMES_PER_TYPE);
        const hello = JSON.stringify({ type: 'hello', token: sandboxToken });
        /** A socket said hello to with the account's token. */
        const open = async () => {
          const socket = new WebSocket(`${server.url.replace('http', 'ws')}/sandbox/ws`);
          const state = { socket, received: [] as { type?: unknown; status?: unknown; description?: unknown }[], closedWith: null as number | null };
          const opened = new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
          socket.on('message', (data) => state.received.push(JSON.parse(String(data)) as (typeof state.received)[number]));
          socket.on('close', (code) => { state.closedWith = code; });
          await withTimeout(opened, `sandbox socket (${type})`);
          socket.send(hello);
          await until(() => (state.received.some((f) => f.type === 'ready') ? true : undefined), 'sandbox hello');
          return state;
        };
        const check = (state: Awaited<ReturnType<typeof open>>) => {
          for (const f of state.received) {
            expect(typeof f.type, JSON.stringify(f)).toBe('string');
            if (f.type === 'error') {
              expect(typeof f.description, JSON.stringify(f)).toBe('string');
              expect(f.status, JSON.stringify(f)).not.toBe(500);
            }
          }
        };
        for (let at = 0; at < frames.length; at += 40) {
          const chunk = frames.slice(at, at + 40);
          let state = await open();
          if (type === 'hello') {
            // A hello with a token that is not one is answered 401 and the socket closed (4401): by design. One at a time.
            for (const frame of chunk) {
              const ready = state.received.filter((f) => f.type === 'ready').length;
              state.socket.send(frame);
              state.socket.send(hello);
              await until(() => (state.received.filter((f) => f.type === 'ready').length > ready || state.closedWith !== null ? true : undefined), 'a sandbox hello');
              check(state);
              if (state.closedWith !== null) {
                expect(state.closedWith).toBe(4401);
                expect(state.received.some((f) => f.type === 'error' && f.status === 401)).toBe(true);
                state = await open();
              }
            }
          } else {
            for (const frame of chunk) state.socket.send(frame);
            // In order: the answer to this last hello comes after every frame before it was read.
            state.socket.send(hello);
            await until(() => (state.received.filter((f) => f.type === 'ready').length >= 2 ? true : undefined), `sandbox frames of type ${type}`);
            check(state);
            expect(state.closedWith, `socket closed while reading ${type} frames`).toBeNull();
          }
          sent += chunk.length;
          state.socket.close();
        }
      }
      console.log(`[fuzz ${kind}] ${sent} sandbox frames, ${SANDBOX_FRAMES_PER_TYPE} per type (hello, open, close, text, tap, location)`);
    }, 600_000);
  });
}

/** Polls `read` until it gives a value; past HANG_MS the socket has hung. */
async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`hang: no answer to ${what} within ${HANG_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
