// A request's time limit: aborts its signal when the time is up, and never once the request has ended.
import { describe, expect, it } from 'vitest';
import { Deadline } from '../../src/net/index.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Deadline', () => {
  it('aborts its signal with a timeout when the time is up', async () => {
    const deadline = new Deadline(5);
    expect(deadline.signal.aborted).toBe(false);
    await wait(30);
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('leaves the signal alone once cleared', async () => {
    const deadline = new Deadline(5);
    deadline.clear();
    await wait(30);
    expect(deadline.signal.aborted).toBe(false);
  });
});
