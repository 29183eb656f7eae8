// What a process's heartbeat tells of the other serving processes: none while it is alone, each one that starts (or
// comes back after being taken for dead) once, and none again after the last one left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Liveness } from '../../../src/services/conversations/liveness.js';
import { ProcessRepository } from '../../../src/store/index.js';
import type { Store } from '../../../src/store/db.js';
import { DATABASES } from '../../helpers/server.js';
import { storeWithWebBot } from '../../helpers/store-with-web-bot.js';

const quiet = { warn: () => undefined, info: () => undefined };
const SETTINGS = { heartbeatMs: 40, deadAfterMs: 400 };

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(ok()).toBe(true);
}

describe.each(DATABASES)('the serving processes a heartbeat finds on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const started: Liveness[] = [];

  beforeAll(async () => {
    ({ store, close } = await storeWithWebBot(kind, `liveness-${kind}@example.com`));
  });
  afterAll(async () => {
    for (const l of started) await l.stop();
    await close();
  });

  function process(id: string): Liveness {
    const liveness = new Liveness(id, new ProcessRepository(store.db, store.dialect), SETTINGS, () => undefined, () => quiet);
    started.push(liveness);
    return liveness;
  }

  it('says others may listen until its first read, then not while it is alone', async () => {
    const alone = process('first');
    expect(alone.othersMayListen()).toBe(true);
    await alone.start();
    expect(alone.othersMayListen()).toBe(false);
  });

  it('tells of a process that starts once, and finds none again after it left', async () => {
    const first = started[0]!;
    const joined: string[] = [];
    first.onJoined((id) => joined.push(id));
    const second = process('second');
    await second.start();
    expect(second.othersMayListen()).toBe(true);
    await until(() => joined.length > 0);
    expect(first.othersMayListen()).toBe(true);
    await new Promise((r) => setTimeout(r, SETTINGS.heartbeatMs * 4));
    expect(joined).toEqual(['second']);

    await second.stop();
    started.pop();
    await until(() => !first.othersMayListen());
    expect(joined).toEqual(['second']);
  });

  it('tells again of a process that was taken for dead and came back', async () => {
    const first = started[0]!;
    const joined: string[] = [];
    first.onJoined((id) => joined.push(id));
    // Another process's rows, written as its heartbeat would: registered, reaped by someone, registered again.
    const processes = new ProcessRepository(store.db, store.dialect);
    await processes.register('paused', 'elsewhere', 1);
    await until(() => joined.length === 1);
    await store.db.deleteFrom('serving_processes').where('id', '=', 'paused').execute();
    await until(() => !first.othersMayListen());
    await processes.register('paused', 'elsewhere', 1);
    await until(() => joined.length === 2);
    expect(joined).toEqual(['paused', 'paused']);
    await processes.leave('paused');
  });
});
