// The error model: Fastify's own failures, body limit, rate limit, unknown routes, OpenAPI and docs, log redaction.
import http from 'node:http';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('errors on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let token: string;
  let log = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    server = await startTestServer(kind, { LOG_LEVEL: 'debug', CONTACT_EMAIL: 'help@example.com' }, stream);
    token = (await server.account()).token;
    api = client(server.url, token);
  });
  afterAll(async () => server?.close());

  it('answers unparseable JSON with 400', async () => {
    const res = await api('POST', '/v1/bots', '{"name": ');
    expect(res.status).toBe(400);
    expect(isErrorObject(res.body, 400)).toBe(true);
    expect(res.body).toMatchObject({ reasonPhrase: 'Bad Request', contactEmail: 'help@example.com', homeRef: server.url.replace('127.0.0.1', '127.0.0.1'), uri: 'https://www.rfc-editor.org/rfc/rfc9110#status.400' });
  });

  it('answers a wrong content type and an empty JSON body with 400', async () => {
    const text = await api('POST', '/v1/bots', 'name=x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.description).toContain('application/json');
    const empty = await api('POST', '/v1/bots', '', { 'content-type': 'application/json' });
    expect(empty.status).toBe(400);
    expect(isErrorObject(empty.body, 400)).toBe(true);
  });

  it('accepts a body at 1 MiB and answers 413 past it', async () => {
    const padding = (size: number) => JSON.stringify({ name: 'b', pad: 'x'.repeat(size - JSON.stringify({ name: 'b', pad: '' }).length) });
    // validate answers 200 for any JSON, so the status shows only whether the body was taken.
    const atLimit = await api('POST', '/v1/bots/validate', padding(1024 * 1024));
    expect(atLimit.status).toBe(200);
    const over = await api('POST', '/v1/bots/validate', padding(1024 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(isErrorObject(over.body, 413)).toBe(true);
    expect(over.body.reasonPhrase).toBe('Request Entity Too Large');
  });

  it('answers an unknown route with 404 and the error object', async () => {
    for (const [method, path] of [['GET', '/v1/nothing'], ['POST', '/v1/channels/1/explode'], ['GET', '/']]) {
      const res = await api(method!, path!);
      expect(res.status).toBe(404);
      expect(isErrorObject(res.body, 404)).toBe(true);
    }
  });

  it('answers a method a path does not offer with 405 and Allow', async () => {
    const list = await api('DELETE', '/v1/channels');
    expect(list.status).toBe(405);
    expect(isErrorObject(list.body, 405)).toBe(true);
    expect(list.headers.get('allow')).toBe('GET, HEAD, POST');
    const one = await api('PATCH', '/v1/tokens/abc?x=1');
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('DELETE');
    // fetch refuses to send TRACE: a plain HTTP request does.
    const trace = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/v1/humans`, { method: 'TRACE' }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => { body += c.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(trace.status).toBe(405);
    expect(trace.allow).toBe('GET, HEAD, POST');
    expect(isErrorObject(JSON.parse(trace.body), 405)).toBe(true);
  });

  it('serves OpenAPI 3.1 where every route has a summary and its error responses', async () => {
    const res = await client(server.url)('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = Object.keys(res.body.paths);
    for (const p of ['/v1/channels/types', '/v1/channels', '/v1/channels/{channel_id}', '/v1/channels/{channel_id}/subscribe', '/v1/channels/{channel_id}/unsubscribe', '/v1/channels/{channel_id}/subscription', '/v1/tokens', '/v1/humans', '/v1/bots']) {
      expect(paths).toContain(p);
    }
    for (const [path, ops] of Object.entries<Record<string, { summary?: string; responses: Record<string, unknown> }>>(res.body.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
      }
    }
    expect(res.body.components.schemas.ErrorObject.properties).toHaveProperty('reasonPhrase');
  });

  it('renders the API reference at /docs', async () => {
    const res = await fetch(`${server.url}/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });

  it('never writes a token or a channel credential into the log', async () => {
    const bot = (await api('POST', '/v1/bots', { name: 'log test' })).body.id;
    await api('POST', '/v1/channels', { channelType: 'fb', botId: bot, name: 'n', description: 'd', user: 'page', token: 'EAAG-page-token-SECRET' });
    await api('POST', '/v1/channels', { channelType: 'fb', botId: bot, name: 'x'.repeat(300), description: 'd', token: 'EAAG-page-token-SECRET' });
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain('EAAG-page-token-SECRET');
    expect(log).not.toContain(token);
  });
});

describe('rate limiting', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer('sqlite', { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' }); });
  afterAll(async () => server?.close());

  it('answers 429 with Retry-After past the limit, counted per token', async () => {
    const a = client(server.url, (await server.account()).token);
    const b = client(server.url, (await server.account()).token);
    for (let i = 0; i < 3; i++) expect((await a('GET', '/v1/channels')).status).toBe(200);
    const limited = await a('GET', '/v1/channels');
    expect(limited.status).toBe(429);
    expect(isErrorObject(limited.body, 429)).toBe(true);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await b('GET', '/v1/channels')).status).toBe(200);
  });

  it('counts made-up tokens against the sender\'s address, not each as a fresh allowance', async () => {
    const stranger = client(server.url);
    for (const made of ['a', 'b.c.d', 'e']) expect((await stranger('GET', '/v1/channels', undefined, { authorization: `Bearer ${made}` })).status).toBe(401);
    const limited = await stranger('GET', '/v1/channels', undefined, { authorization: 'Bearer f' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stranger('GET', '/v1/channels')).status).toBe(429);
    // A real token still has its own allowance.
    expect((await client(server.url, (await server.account()).token)('GET', '/v1/channels')).status).toBe(200);
  });

  it('keeps counting a token after it is revoked', async () => {
    const owner = client(server.url, (await server.account()).token);
    const created = (await owner('POST', '/v1/tokens', { name: 'short-lived' })).body;
    const revokedCall = client(server.url, created.token);
    expect((await owner('DELETE', `/v1/tokens/${created.id}`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await revokedCall('GET', '/v1/channels')).status).toBe(401);
    expect((await revokedCall('GET', '/v1/channels')).status).toBe(429);
  });
});

/** Sends raw bytes and returns the status and JSON body of whatever the server answers before closing. */
async function rawExchange(url: string, bytes: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(url);
  const text = await new Promise<string>((resolve, reject) => {
    let data = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => { data += chunk.toString(); });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('requests the server cannot read', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer('sqlite', { REQUEST_TIMEOUT_MS: '1000' }); });
  afterAll(async () => server?.close());

  it('answers a request whose body never arrives in full with 408 and the error object', async () => {
    const { token } = await server.account();
    const res = await rawExchange(server.url, `POST /v1/bots HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`);
    expect(res.status).toBe(408);
    expect(isErrorObject(res.body, 408)).toBe(true);
    expect(res.body).toMatchObject({ reasonPhrase: 'Request Timeout', homeRef: server.url });
  });

  it('answers a malformed request line or oversized headers with 400 and the error object', async () => {
    for (const bytes of ['NOT AN HTTP REQUEST\r\n\r\n', `GET /v1/channels HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]) {
      const res = await rawExchange(server.url, bytes);
      expect(res.status, bytes.slice(0, 20)).toBe(400);
      expect(isErrorObject(res.body, 400)).toBe(true);
    }
  });
});
