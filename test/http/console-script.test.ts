// The console's script as a browser gets it: gzipped when it may be, with a tag that makes a revalidation a bodiless 304,
// under the console's CSP, with the bundled libraries' licences kept.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /console/assets/console.js', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer('sqlite'); }, 60_000);
  afterAll(async () => { await server?.close(); });

  const get = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: '/console/assets/console.js', headers });

  it('is gzipped for a browser that accepts it, plain otherwise, the same script either way', async () => {
    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
    expect(plain.headers.vary).toBe('accept-encoding');
    const zipped = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('answers a browser revalidating the copy it has with 304 and no body', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get({ 'if-none-match': '"another"' })).statusCode).toBe(200);
  });
});

describe('GET /console/assets/chunks/…', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer('sqlite'); }, 60_000);
  afterAll(async () => { await server?.close(); });

  it('serves the chunks the console loads with a page (the builder, the code editor, the charts), kept by the browser (their names hold their hashes)', async () => {
    const entry = await server.app.inject({ method: 'GET', url: '/console/assets/console.js' });
    // The entry names the pages' chunks; a page's chunk names the chunks it loads in turn (the code editor's).
    const chunks: string[] = [];
    const named = (text: string) => [...text.matchAll(/\.\/(?:chunks\/)?([\w-]+-[A-Z0-9]{8}\.js)/g)].map((m) => m[1]!);
    for (const next = named(entry.body); next.length > 0;) {
      const chunk = next.shift()!;
      if (chunks.includes(chunk)) continue;
      chunks.push(chunk);
      next.push(...named((await server.app.inject({ method: 'GET', url: `/console/assets/chunks/${chunk}` })).body));
    }
    expect(chunks.length).toBeGreaterThan(0);
    const bodies = await Promise.all(chunks.map((c) => server.app.inject({ method: 'GET', url: `/console/assets/chunks/${c}`, headers: { 'accept-encoding': 'gzip' } })));
    for (const chunk of bodies) {
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(chunk.headers['content-encoding']).toBe('gzip');
    }
    // CodeMirror and the reference's words are in a chunk, not in the console's own script.
    const texts = bodies.map((b) => zlib.gunzipSync(b.rawPayload).toString());
    expect(texts.some((t) => t.includes('stop this chain and continue from there'))).toBe(true);
    // The libraries' licences stay with their code: Chart.js's MIT notice in the Analytics page's chunk.
    expect(texts.some((t) => /Chart\.js v[\d.]+[\s\S]*Released under the MIT License/.test(t))).toBe(true);
    expect(entry.body).not.toContain('stop this chain and continue from there');
    const missing = await server.app.inject({ method: 'GET', url: '/console/assets/chunks/nothing-here.js' });
    expect(missing.statusCode).toBe(404);
  });
});
