// A body over the limit is answered with the 413 error object to a client that is still sending: undici's fetch (the
// SDK's transport) in a process of its own, as an integrator's would be, with the length declared and streamed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);

/** Posts `size` bytes of JSON with undici's fetch (declared length, or chunked) and prints the status and body. */
const CLIENT = `
import { fetch } from 'undici';
const [url, token, size, chunked] = process.argv.slice(1);
const payload = Buffer.from(JSON.stringify({ firstName: 'x'.repeat(Number(size)) }));
const body = chunked === 'chunked'
  ? new ReadableStream({ start(c) { for (let i = 0; i < payload.length; i += 65536) c.enqueue(payload.subarray(i, i + 65536)); c.close(); } })
  : payload;
try {
  const res = await fetch(url, { method: 'POST', body, duplex: 'half',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' } });
  console.log(JSON.stringify({ status: res.status, body: await res.json() }));
} catch (err) {
  console.log(JSON.stringify({ error: String(err.cause?.code ?? err.message) }));
}`;

describe('a body over the limit', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    token = (await server.account()).token;
  });
  afterAll(async () => server?.close());

  async function send(size: number, mode: 'declared' | 'chunked'): Promise<{ status?: number; body?: any; error?: string }> {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CLIENT, `${server.url}/v1/humans`, token, String(size), mode], { cwd: process.cwd() });
    return JSON.parse(stdout.trim());
  }

  // 32 MiB: over a loopback connection a reset reached the client before the answer every time without the drain.
  it.each([
    ['declared', 32 * 1024 * 1024],
    ['chunked', 32 * 1024 * 1024],
    ['declared', 2 * 1024 * 1024],
  ] as const)('reaches fetch as the 413 error object (%s length, %d bytes)', async (mode, size) => {
    const res = await send(size, mode);
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: '413', reasonPhrase: 'Request Entity Too Large' });
  });
});
