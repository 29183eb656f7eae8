// ftp:// URLs: off by default; when on, a passive-mode RETR under the same address rules as HTTP.
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttp, type GuardedHttp, type OutboundConfig } from '../../src/net/index.js';
import { HttpFailure, type HttpRequest } from '../../src/engine/ports.js';
import { startFakeFtp, type FakeFtpServer } from './fake-ftp-server.js';
import { outboundConfig } from './outbound-config.js';

const FILES = { 'pub/hello.txt': 'hello over ftp', 'pub/big.bin': 'y'.repeat(4096) };
let ftp: FakeFtpServer;
let pasvOnly: FakeFtpServer;
const clients: GuardedHttp[] = [];

beforeAll(async () => {
  ftp = await startFakeFtp({ files: FILES });
  pasvOnly = await startFakeFtp({ files: FILES, epsv: false, pasvAddress: '10.0.0.1' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ftp.close();
  await pasvOnly.close();
});

function client(overrides: Partial<OutboundConfig>, resolve?: LookupFunction): GuardedHttp {
  const c = createGuardedHttp(outboundConfig({ allowFtp: true, ...overrides }), resolve === undefined ? {} : { resolve });
  clients.push(c);
  return c;
}

const get = (url: string, extra: Partial<HttpRequest> = {}): HttpRequest => ({ url, method: 'GET', headers: {}, body: null, ...extra });

async function failure(promise: Promise<unknown>): Promise<HttpFailure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpFailure) return err;
    throw err;
  }
  throw new Error('expected an HttpFailure');
}

describe('ftp:// URLs', () => {
  it('are refused by default', async () => {
    const http = createGuardedHttp(outboundConfig({ allowHosts: [`127.0.0.1:${ftp.port}`] }));
    clients.push(http);
    const f = await failure(http.request(get(`ftp://127.0.0.1:${ftp.port}/pub/hello.txt`)));
    expect(f.reason).toBe('blocked');
    expect(f.message).toContain('OUTBOUND_ALLOW_FTP');
  });

  it('obey the address rules when enabled', async () => {
    const f = await failure(client({}).request(get(`ftp://127.0.0.1:${ftp.port}/pub/hello.txt`)));
    expect(f.reason).toBe('blocked');
    const resolve: LookupFunction = (_host, options, cb) => (options.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4));
    expect((await failure(client({}, resolve).request(get(`ftp://files.test:${ftp.port}/pub/hello.txt`)))).reason).toBe('blocked');
  });

  it('retrieve a file anonymously from an allow-listed server', async () => {
    const res = await client({ allowHosts: [`127.0.0.1:${ftp.port}`] }).request(get(`ftp://127.0.0.1:${ftp.port}/pub/hello.txt`));
    expect(res.status).toBe(200);
    expect(res.body).toBe('hello over ftp');
    expect(ftp.commands).toContain('USER anonymous');
    expect(ftp.commands).toContain('RETR pub/hello.txt');
  });

  it('log in with the URL’s credentials', async () => {
    await client({ allowHosts: [`127.0.0.1:${ftp.port}`] }).request(get(`ftp://bob:s%40cret@127.0.0.1:${ftp.port}/pub/hello.txt`));
    expect(ftp.commands).toContain('USER bob');
    expect(ftp.commands).toContain('PASS s@cret');
  });

  it('fall back to PASV and ignore the address it names', async () => {
    const res = await client({ allowHosts: [`127.0.0.1:${pasvOnly.port}`] }).request(get(`ftp://127.0.0.1:${pasvOnly.port}/pub/hello.txt`));
    expect(res.body).toBe('hello over ftp');
    expect(pasvOnly.commands).toContain('PASV');
  });

  it('answer 404 for a missing file', async () => {
    const res = await client({ allowHosts: [`127.0.0.1:${ftp.port}`] }).request(get(`ftp://127.0.0.1:${ftp.port}/pub/missing.txt`));
    expect(res.status).toBe(404);
  });

  it('refuse a path that would smuggle in another command', async () => {
    const http = client({ allowHosts: [`127.0.0.1:${ftp.port}`] });
    const f = await failure(http.request(get(`ftp://127.0.0.1:${ftp.port}/pub/x%0d%0aDELE%20pub/hello.txt`)));
    expect(f.reason).toBe('blocked');
    expect(ftp.commands.some((c) => c.startsWith('DELE'))).toBe(false);
  });

  it('refuse directory listings, writes, oversized files', async () => {
    const http = client({ allowHosts: [`127.0.0.1:${ftp.port}`], maxResponseBytes: 1024 });
    expect((await failure(http.request(get(`ftp://127.0.0.1:${ftp.port}/pub/`)))).reason).toBe('blocked');
    expect((await failure(http.request(get(`ftp://127.0.0.1:${ftp.port}/pub/hello.txt`, { method: 'PUT', body: 'x' })))).reason).toBe('blocked');
    expect((await failure(http.request(get(`ftp://127.0.0.1:${ftp.port}/pub/big.bin`)))).reason).toBe('too-large');
  });

  it('time out on a server that never greets', async () => {
    const silent = await startFakeFtp({ files: {}, silent: true });
    try {
      const f = await failure(client({ allowHosts: [`127.0.0.1:${silent.port}`] }).request(get(`ftp://127.0.0.1:${silent.port}/a.txt`, { timeoutMs: 200 })));
      expect(f.reason).toBe('timeout');
    } finally {
      await silent.close();
    }
  });
});
