// The guarded client against a real server on 127.0.0.1: the allow-list, connect-time checks, redirects and limits.
import { readFileSync } from 'node:fs';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedHttp, type GuardedHttp, type GuardedHttpOptions, type OutboundConfig,
} from '../../src/net/index.js';
import { HttpFailure, type HttpRequest } from '../../src/engine/ports.js';
import { closedPort, startLocalServer, type LocalServer } from './local-server.js';
import { outboundConfig } from './outbound-config.js';

let server: LocalServer;
const clients: GuardedHttp[] = [];

beforeAll(async () => { server = await startLocalServer(); });
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
});

/** A resolver that answers from a table, as a hostile or rebinding DNS server could. */
function fakeDns(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const answers = table[hostname];
    if (answers === undefined) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), options.all ? [] : '', 0);
      return;
    }
    const list: LookupAddress[] = answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) callback(null, list);
    else callback(null, list[0]?.address ?? '', list[0]?.family ?? 4);
  };
}

function client(overrides: Partial<OutboundConfig> = {}, options: GuardedHttpOptions = {}): GuardedHttp {
  const c = createGuardedHttp(outboundConfig(overrides), options);
  clients.push(c);
  return c;
}

function get(url: string, extra: Partial<HttpRequest> = {}): HttpRequest {
  return { url, method: 'GET', headers: {}, body: null, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<HttpFailure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpFailure) return err;
    throw err;
  }
  throw new Error('expected an HttpFailure, got a response');
}

const allowed = (): Partial<OutboundConfig> => ({ allowHosts: [`127.0.0.1:${server.port}`] });

describe('the allow-list', () => {
  it('refuses a server on 127.0.0.1 without it', async () => {
    const f = await failure(client().request(get(`${server.origin}/hello`)));
    expect(f.reason).toBe('blocked');
    expect(f.message).toContain('loopback');
  });

  it('reaches the server with it', async () => {
    const res = await client(allowed()).request(get(`${server.origin}/hello`));
    expect(res.status).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.url).toBe(`${server.origin}/hello`);
  });

  it('opens only the listed port', async () => {
    const f = await failure(client({ allowHosts: [`127.0.0.1:${server.port + 1}`] }).request(get(`${server.origin}/hello`)));
    expect(f.reason).toBe('blocked');
  });

  it('never opens a metadata address, even listed by name', async () => {
    const http = client({ allowHosts: ['metadata.test', '169.254.169.254'] }, { resolve: fakeDns({ 'metadata.test': ['169.254.169.254'] }) });
    expect((await failure(http.request(get('http://metadata.test/latest/meta-data/')))).message).toContain('never reachable');
    expect((await failure(http.request(get('http://169.254.169.254/latest/meta-data/')))).reason).toBe('blocked');
  });
});

describe('connect-time checks (DNS rebinding)', () => {
  it('refuses localhost: the name is harmless, what it resolves to is not', async () => {
    const f = await failure(client().request(get(`http://localhost:${server.port}/hello`)));
    expect(f.reason).toBe('blocked');
    expect(f.message).toContain('localhost resolves to a forbidden address');
  });

  it('refuses a name a resolver points at 127.0.0.1, and reaches it once the name is listed', async () => {
    const resolve = fakeDns({ 'rebind.test': ['127.0.0.1'] });
    const url = `http://rebind.test:${server.port}/echo`;
    expect((await failure(client({}, { resolve }).request(get(url)))).reason).toBe('blocked');
    const res = await client({ allowHosts: [`rebind.test:${server.port}`] }, { resolve }).request(get(url));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).headers.host).toBe(`rebind.test:${server.port}`);
  });

  it('decides on the answer the socket connects to: a resolver answering public first and loopback second never reaches loopback', async () => {
    let calls = 0;
    // A rebinding DNS server: the first answer (what a check ahead of the request would see) is public, every later one is 127.0.0.1.
    const rebinding: LookupFunction = (hostname, options, callback) => {
      calls += 1;
      const address = calls === 1 ? '93.184.215.14' : '127.0.0.1';
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
    const c = client({}, { resolve: rebinding });
    const url = `http://rebind.test:${server.port}/echo`;
    // The first exchange goes to the public answer (unreachable here, so it fails within its own limit); it never reaches 127.0.0.1.
    const first = await c.request({ ...get(url), timeoutMs: 300 }).then(() => null, (err: unknown) => err);
    expect(first).toBeInstanceOf(HttpFailure);
    expect((first as HttpFailure).reason).not.toBe('blocked');
    // Every later connection looks the name up again, and the loopback answer is refused before the socket opens.
    const second = await c.request(get(url)).then(() => null, (err: unknown) => err);
    expect((second as HttpFailure).reason).toBe('blocked');
    expect(calls).toBe(2);
  });

  it('refuses a name with one public and one internal answer', async () => {
    const resolve = fakeDns({ 'mixed.test': ['93.184.216.34', '10.0.0.5'] });
    const f = await failure(client({}, { resolve }).request(get('http://mixed.test/')));
    expect(f.reason).toBe('blocked');
    expect(f.message).not.toContain('10.0.0.5'); // internal DNS answers are not shown to bot authors
  });

  it.each(['::1', '::ffff:127.0.0.1', 'fd00:ec2::254', '100.64.0.1'])('refuses a name resolving to %s', async (address) => {
    const resolve = fakeDns({ 'evil.test': [address] });
    expect((await failure(client({}, { resolve }).request(get('https://evil.test/')))).reason).toBe('blocked');
  });

  it('reports a name that does not resolve as a network failure', async () => {
    const f = await failure(client({}, { resolve: fakeDns({}) }).request(get('http://nowhere.test/')));
    expect(f.reason).toBe('network');
  });
});

describe('redirects', () => {
  const via = (to: string, status = 302): string => `${server.origin}/redirect?status=${status}&to=${encodeURIComponent(to)}`;

  it('follows a redirect on an allowed host and reports the final URL', async () => {
    const res = await client(allowed()).request(get(via('/hello')));
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${server.origin}/hello`);
  });

  it.each([
    ['another loopback address', () => `http://127.0.0.2:${server.port}/hello`],
    ['the same address on an unlisted port', () => `http://127.0.0.1:${server.port + 1}/hello`],
    ['localhost (checked when connecting)', () => `http://localhost:${server.port}/hello`],
    ['an IPv4-mapped IPv6 address', () => `http://[::ffff:7f00:1]:${server.port}/hello`],
    ['a hex-written address', () => `http://0x7f000001:${server.port}/hello`],
    ['a decimal-written address', () => `http://2130706433:${server.port}/hello`],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network', () => 'http://192.168.1.1/'],
    ['a file', () => 'file:///etc/passwd'],
    ['an ftp server', () => 'ftp://8.8.8.8/x'],
    ['another scheme', () => 'gopher://8.8.8.8/'],
  ])('refuses a redirect from an allowed host to %s', async (_, to) => {
    const http = client({ ...allowed(), allowFile: true, fileRoot: '/', allowFtp: true });
    expect((await failure(http.request(get(via(to()))))).reason).toBe('blocked');
  });

  it('allows five redirects and refuses the sixth', async () => {
    const http = client(allowed());
    expect((await http.request(get(`${server.origin}/chain/5`))).body).toBe('end of chain');
    expect((await failure(http.request(get(`${server.origin}/chain/6`)))).reason).toBe('redirects');
    expect((await failure(http.request(get(`${server.origin}/loop`)))).reason).toBe('redirects');
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const http = client(allowed());
    const post = (url: string): HttpRequest => ({ url, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'payload' });
    const after303 = JSON.parse((await http.request(post(via('/echo', 303)))).body);
    expect(after303.method).toBe('GET');
    expect(after303.body).toBe('');
    expect(after303.headers['content-type']).toBeUndefined();
    const after307 = JSON.parse((await http.request(post(via('/echo', 307)))).body);
    expect(after307.method).toBe('POST');
    expect(after307.body).toBe('payload');
  });

  it('drops Authorization and Cookie when a redirect leaves the origin', async () => {
    const resolve = fakeDns({ 'other.test': ['127.0.0.1'] });
    const http = client({ allowHosts: [`127.0.0.1:${server.port}`, 'other.test'] }, { resolve });
    const headers = { authorization: 'Bearer secret', cookie: 'k=v', 'x-kept': 'yes' };
    const same = JSON.parse((await http.request(get(via('/echo'), { headers }))).body).headers;
    expect(same.authorization).toBe('Bearer secret');
    const cross = JSON.parse((await http.request(get(via(`http://other.test:${server.port}/echo`), { headers }))).body).headers;
    expect(cross.authorization).toBeUndefined();
    expect(cross.cookie).toBeUndefined();
    expect(cross['x-kept']).toBe('yes');
  });
});

describe('limits', () => {
  it('fails with timeout when the server never answers (per-request limit)', async () => {
    const f = await failure(client(allowed()).request(get(`${server.origin}/slow`, { timeoutMs: 200 })));
    expect(f.reason).toBe('timeout');
  });

  it('fails with timeout when the body stalls (configured limit)', async () => {
    const f = await failure(client({ ...allowed(), timeoutMs: 200 }).request(get(`${server.origin}/stall-body`)));
    expect(f.reason).toBe('timeout');
  });

  it('fails with too-large past the response limit, with or without Content-Length', async () => {
    const http = client({ ...allowed(), maxResponseBytes: 1024 });
    expect((await http.request(get(`${server.origin}/big?n=1024`))).body).toHaveLength(1024);
    expect((await failure(http.request(get(`${server.origin}/big?n=1025`)))).reason).toBe('too-large');
    expect((await failure(http.request(get(`${server.origin}/big?n=5000&chunked`)))).reason).toBe('too-large');
  });

  it('counts decompressed bytes, so a small gzip body cannot inflate past the limit', async () => {
    const http = client({ ...allowed(), maxResponseBytes: 4096 });
    expect((await http.request(get(`${server.origin}/gzip?n=4000`))).body).toBe('z'.repeat(4000));
    expect((await failure(http.request(get(`${server.origin}/gzip?n=10000000`)))).reason).toBe('too-large');
  });

  it('refuses a request body past the request limit before connecting', async () => {
    const http = client({ maxRequestBytes: 1024 }); // not even allow-listed: the size is checked first
    const f = await failure(http.request({ url: `${server.origin}/echo`, method: 'POST', headers: {}, body: 'é'.repeat(513) }));
    expect(f.reason).toBe('too-large');
    expect(f.message).toContain('request body');
  });

  it('reports a refused connection as a network failure', async () => {
    const port = await closedPort();
    const f = await failure(client({ allowHosts: [`127.0.0.1:${port}`] }).request(get(`http://127.0.0.1:${port}/`)));
    expect(f.reason).toBe('network');
  });
});

describe('requests and responses', () => {
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

  it('sends User-Agent: Parley/<version> unless the bot sets one', async () => {
    const http = client(allowed());
    expect(JSON.parse((await http.request(get(`${server.origin}/echo`))).body).headers['user-agent']).toBe(`Parley/${version}`);
    const own = await http.request(get(`${server.origin}/echo`, { headers: { 'User-Agent': 'MyBot/2' } }));
    expect(JSON.parse(own.body).headers['user-agent']).toBe('MyBot/2');
  });

  it('sends method, headers and body, but not a Host of the bot’s choosing', async () => {
    const res = await client(allowed()).request({
      url: `${server.origin}/echo`, method: 'PUT', headers: { 'Content-Type': 'application/json', Host: 'internal.example' }, body: '{"a":1}',
    });
    const echoed = JSON.parse(res.body);
    expect(echoed.method).toBe('PUT');
    expect(echoed.body).toBe('{"a":1}');
    expect(echoed.headers['content-type']).toBe('application/json');
    expect(echoed.headers.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('turns user:pass@ into Basic authorization', async () => {
    const res = await client(allowed()).request(get(`http://bot:s%40cret@127.0.0.1:${server.port}/echo`));
    expect(JSON.parse(res.body).headers.authorization).toBe(`Basic ${Buffer.from('bot:s@cret').toString('base64')}`);
  });

  it('lower-cases header names and joins repeated headers', async () => {
    const res = await client(allowed()).request(get(`${server.origin}/hello`));
    expect(res.headers['x-mixed-case']).toBe('yes');
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    expect(Object.keys(res.headers).every((k) => k === k.toLowerCase())).toBe(true);
  });

  it('answers 4xx and 5xx as responses, not failures', async () => {
    const http = client(allowed());
    expect((await http.request(get(`${server.origin}/status/404`))).status).toBe(404);
    const res = await http.request(get(`${server.origin}/status/503`));
    expect(res.status).toBe(503);
    expect(res.body).toBe('status 503');
  });

  it('decodes the body with the charset the server names', async () => {
    expect((await client(allowed()).request(get(`${server.origin}/latin1`))).body).toBe('café');
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of ['gopher://example.com/', 'data:text/plain,hi', 'javascript:alert(1)', 'ws://example.com/']) {
      expect((await failure(client().request(get(url)))).reason).toBe('blocked');
    }
  });
});
