// The PostgreSQL fan-out between processes: a process alone notifies nobody, and one that joins is told it may have
// missed signals, so its sockets catch up; after that it hears every signal.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessPeers } from '../../../src/channels/ports.js';
import { type ChatSignal, PostgresFanout } from '../../../src/channels/web/fanout.js';
import { ChatHub, type ChatSocket, NEWEST } from '../../../src/channels/web/hub.js';
import { TEST_DATABASE_URL } from '../../helpers/server.js';

/** What a process's heartbeat read of the serving processes would say, set by the test. */
class Peers implements ProcessPeers {
  others = false;
  private readonly listeners: ((id: string) => void)[] = [];
  constructor(readonly self: string) {}
  othersMayListen(): boolean {
    return this.others;
  }
  onJoined(listener: (id: string) => void): void {
    this.listeners.push(listener);
  }
  join(id: string): void {
    this.others = true;
    for (const l of this.listeners) l(id);
  }
}

/** A socket of the hub that records what it was asked to show. */
function recordingSocket(): ChatSocket & { syncs: number[] } {
  const syncs: number[] = [];
  return { syncs, send: () => undefined, syncTo: async (id) => { syncs.push(id); } };
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
}

describe('the PostgreSQL fan-out', () => {
  // A URL of its own: the channel is named after it, so no other test's processes hear these signals.
  const url = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}application_name=fanout-test-${process.pid}`;
  const notifier = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const notified: string[] = [];
  const notify = async (channel: string, payload: string) => {
    notified.push(payload);
    await notifier.query('SELECT pg_notify($1, $2)', [channel, payload]);
  };
  const peersA = new Peers('process-a');
  const peersB = new Peers('process-b');
  const a = new PostgresFanout(url, notify, peersA);
  const b = new PostgresFanout(url, notify, peersB);
  const heardByA: ChatSignal[] = [];
  const heardByB: ChatSignal[] = [];
  const socketOnB = recordingSocket();

  beforeAll(async () => {
    await notifier.connect();
    await a.start();
    await b.start();
    a.subscribe((s) => heardByA.push(s));
    b.subscribe((s) => heardByB.push(s));
    new ChatHub(b).attach(7, socketOnB);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await notifier.end();
  });

  it('keeps the signals of a process that found no other in the process, without a NOTIFY', async () => {
    await a.publish({ conversationId: 7, messageId: 70 });
    expect(heardByA).toEqual([{ conversationId: 7, messageId: 70 }]);
    expect(notified).toEqual([]);
  });

  it('tells a process that joined that it may have missed signals, and its sockets catch up; then it hears every signal', async () => {
    peersA.join('process-b');
    await until(() => socketOnB.syncs.length > 0);
    expect(socketOnB.syncs).toEqual([NEWEST]);
    expect(heardByB).toEqual([]);
    await a.publish({ conversationId: 7, messageId: 71 });
    await until(() => heardByB.length > 0);
    expect(heardByB).toEqual([{ conversationId: 7, messageId: 71 }]);
    expect(socketOnB.syncs).toEqual([NEWEST, 71]);
  });

  it('does not make a process catch up for a welcome meant for another', async () => {
    peersB.others = true;
    const syncs = socketOnB.syncs.length;
    peersA.join('process-c');
    await a.publish({ conversationId: 7, messageId: 72 });
    await until(() => heardByB.length === 2);
    expect(socketOnB.syncs.slice(syncs)).toEqual([72]);
  });
});
