// A batch's counts: counted at every request while counting is cheap, served again for a while when it is not, and
// shared by requests that ask at once.
import { describe, expect, it } from 'vitest';
import { BatchCounter } from '../../../src/services/messages/batch-counts.js';
import type { Repositories } from '../../../src/store/index.js';

/**
 * A store whose counting takes `ms` and answers how many times it was asked. The counter's clock moves only by what
 * counting takes and what the test waits, so a loaded machine (which once made a 0 ms count take 10) changes nothing.
 */
function slowStore(ms: number) {
  const store = { counted: 0, sent: 0 };
  const clock = { now: 0 };
  const repos = {
    batches: {
      statusCounts: async () => {
        store.counted += 1;
        await new Promise((r) => setTimeout(r, ms));
        clock.now += ms;
        return { sent: store.sent };
      },
    },
    inbox: { anyPendingOfBatch: async () => false },
  } as unknown as Repositories;
  return { store, clock, counter: new BatchCounter(repos, () => clock.now) };
}

describe('batch counts', () => {
  it('counts a cheap batch again at every request', async () => {
    const { store, counter } = slowStore(0);
    expect((await counter.count(1, true)).messages.sent).toBe(0);
    store.sent = 3;
    expect((await counter.count(1, true)).messages.sent).toBe(3);
    expect(store.counted).toBe(2);
  });

  it('serves an expensive count again for a while, then counts afresh', async () => {
    const { store, clock, counter } = slowStore(30);
    await counter.count(1, true);
    store.sent = 5;
    expect((await counter.count(1, true)).messages.sent).toBe(0);
    expect(store.counted).toBe(1);
    // Reused for twenty times what it took (never past five seconds): then counted again.
    // It began at 0 and took 30 ms: served again until 600.
    clock.now = 599;
    expect((await counter.count(1, true)).messages.sent).toBe(0);
    clock.now = 600;
    expect((await counter.count(1, true)).messages.sent).toBe(5);
  });

  it('shares one count among requests that ask at once, and keeps batches apart', async () => {
    const { store, counter } = slowStore(5);
    await Promise.all([counter.count(1, true), counter.count(1, true), counter.count(1, true), counter.count(2, true)]);
    expect(store.counted).toBe(2);
  });
});
