// The dispatcher on its own: addresses are refused when the socket connects, whatever URL checks came before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { HttpFailure } from '../../src/engine/ports.js';
import { AllowList } from '../../src/net/allow-list.js';
import { createGuardedDispatcher } from '../../src/net/guarded-dispatcher.js';
import { startLocalServer, type LocalServer } from './local-server.js';

let server: LocalServer;
beforeAll(async () => { server = await startLocalServer(); });
afterAll(async () => { await server.close(); });

async function attempt(url: string, allow: string[]): Promise<number | HttpFailure> {
  const dispatcher = createGuardedDispatcher({ allowList: new AllowList(allow), connectTimeoutMs: 5000 });
  try {
    const res = await request(url, { dispatcher });
    await res.body.dump();
    return res.statusCode;
  } catch (err) {
    if (err instanceof HttpFailure) return err;
    throw err;
  } finally {
    await dispatcher.close();
  }
}

describe('createGuardedDispatcher', () => {
  it('refuses an IP literal at connect time', async () => {
    const r = await attempt(`${server.origin}/hello`, []);
    expect(r).toBeInstanceOf(HttpFailure);
    expect((r as HttpFailure).reason).toBe('blocked');
  });

  it('refuses a name through its lookup', async () => {
    const r = await attempt(`http://localhost:${server.port}/hello`, []);
    expect((r as HttpFailure).reason).toBe('blocked');
  });

  it('connects to an allow-listed host', async () => {
    expect(await attempt(`${server.origin}/hello`, [`127.0.0.1:${server.port}`])).toBe(200);
    expect(await attempt(`http://localhost:${server.port}/hello`, ['localhost'])).toBe(200);
  });
});
