// The HTTP carrier provider's contract: the request it sends, what it takes from an answer, 404 fallback, 502/504 on failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarrierQuery } from '../../src/lookup/carrier-provider.js';
import { HttpCarrierProvider } from '../../src/lookup/http-carrier-provider.js';
import { OfflineCarrierProvider } from '../../src/lookup/offline-carrier-provider.js';

interface Seen { url: URL; authorization: string | undefined; method: string | undefined }

/** A live source: answers each request with whatever the test put in `reply`. */
let reply: (url: URL) => { status: number; body: string } | 'hang';
let seen: Seen[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ url, authorization: req.headers.authorization, method: req.method });
    const r = reply(url);
    if (r === 'hang') return;
    res.writeHead(r.status, { 'content-type': 'application/json', ...(r.status === 302 ? { location: '/moved' } : {}) }).end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => { seen = []; });

const mobile: CarrierQuery = { phoneNumber: '+447400123456', countryCode: 'GB', callingCountryCode: '44', nationalNumber: '7400123456', numberType: 'MOBILE', lineType: 'mobile' };
const provider = (overrides: { token?: string | null; timeoutMs?: number; url?: string } = {}) => new HttpCarrierProvider({
  url: overrides.url ?? `${base}/lookup?key=k1`, token: overrides.token ?? null, timeoutMs: overrides.timeoutMs ?? 2000, fallback: new OfflineCarrierProvider(),
});

describe('HttpCarrierProvider', () => {
  it('sends GET with the number, region and line type, keeping the URL\'s own query, and the bearer token when set', async () => {
    reply = () => ({ status: 200, body: '{}' });
    await provider({ token: 's3cret' }).lookup(mobile);
    expect(seen).toHaveLength(1);
    const [{ url, authorization, method }] = seen as [Seen];
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/lookup');
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'k1', phoneNumber: '+447400123456', countryCode: 'GB', lineType: 'mobile' });
    expect(authorization).toBe('Bearer s3cret');
    await provider().lookup(mobile);
    expect(seen[1]?.authorization).toBeUndefined();
  });

  it('takes the live answer, and the offline data for fields it leaves out', async () => {
    reply = () => ({ status: 200, body: JSON.stringify({ lineType: 'mobile', carrierName: 'EE', mobileNetworkCode: '30' }) });
    expect(await provider().lookup(mobile)).toEqual({ lineType: 'mobile', carrierName: 'EE', mobileCountryCode: '234' });
    reply = () => ({ status: 200, body: JSON.stringify({ carrierName: null, mobileCountryCode: '235' }) });
    expect(await provider().lookup(mobile)).toEqual({ lineType: 'mobile', carrierName: null, mobileCountryCode: '235' });
  });

  it('falls back to the offline answer on 404', async () => {
    reply = () => ({ status: 404, body: '{"error":"unknown number"}' });
    expect(await provider().lookup(mobile)).toEqual({ lineType: 'mobile', carrierName: 'Three', mobileCountryCode: '234' });
  });

  it('answers 502 for an error status or a body outside the contract', async () => {
    reply = () => ({ status: 500, body: 'oops' });
    await expect(provider().lookup(mobile)).rejects.toMatchObject({ status: 502 });
    for (const body of ['not json', '[]', '{"lineType":"cellphone"}', '{"mobileCountryCode":"23"}', '{"carrierName":42}']) {
      reply = () => ({ status: 200, body });
      await expect(provider().lookup(mobile), body).rejects.toMatchObject({ status: 502 });
    }
  });

  it('answers 504 when the source does not answer in time or cannot be reached', async () => {
    reply = () => 'hang';
    await expect(provider({ timeoutMs: 200 }).lookup(mobile)).rejects.toMatchObject({ status: 504, message: expect.stringContaining('200 ms') });
    await expect(provider({ url: 'http://127.0.0.1:1/lookup' }).lookup(mobile)).rejects.toMatchObject({ status: 504, message: expect.stringContaining('ECONNREFUSED') });
  });

  it('keeps the socket error under a 504 as its cause', async () => {
    const refused = await provider({ url: 'http://127.0.0.1:1/lookup' }).lookup(mobile).catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 504, cause: { code: 'ECONNREFUSED' } });
  });

  it('does not follow redirects', async () => {
    reply = (url) => (url.pathname === '/moved' ? { status: 200, body: '{"carrierName":"Redirected"}' } : { status: 302, body: '' });
    await expect(provider().lookup(mobile)).rejects.toMatchObject({ status: 502 });
    expect(seen.map((s) => s.url.pathname)).toEqual(['/lookup']);
  });
});
