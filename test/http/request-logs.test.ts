// JSON logs: every line of a request carries its id (the caller's X-Request-Id when sane, echoed back), conversation routes the conversation's id.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

interface Line { reqId?: string; conversationId?: number; msg?: string; req?: { url: string }; res?: { statusCode: number } }

describe.each(DATABASES)('request logs on %s', (kind) => {
  let server: TestServer;
  let text = '';
  const lines = (): Line[] => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    server = await startTestServer(kind, { LOG_LEVEL: 'info' }, stream);
  });
  afterAll(async () => { await server?.close(); });

  it('honours a sane X-Request-Id, echoes it, and puts it on every line of the request', async () => {
    const { token } = await server.account();
    const reply = await client(server.url, token)('GET', '/v1/humans?limit=1', undefined, { 'x-request-id': 'trace-42.abc:7' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-request-id')).toBe('trace-42.abc:7');
    const mine = lines().filter((l) => l.reqId === 'trace-42.abc:7');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an id that could forge log lines or is too long with a fresh one', async () => {
    for (const bad of ['two words', 'x'.repeat(129), 'a"b']) {
      const reply = await client(server.url)('GET', '/healthz', undefined, { 'x-request-id': bad });
      const id = reply.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines().some((l) => l.reqId === bad)).toBe(false);
    }
    const plain = await client(server.url)('GET', '/healthz');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries the conversation id on the lines of a conversation route', async () => {
    const { token } = await server.account();
    const reply = await client(server.url, token)('GET', '/v1/conversations/4242', undefined, { 'x-request-id': 'conv-line' });
    expect(reply.status).toBe(404);
    const done = lines().find((l) => l.reqId === 'conv-line' && l.msg === 'request completed');
    expect(done).toMatchObject({ conversationId: 4242, res: { statusCode: 404 } });
  });
});
