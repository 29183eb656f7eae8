// Calls of one turn answered by one call for all of them: each gets its own answer, the next turn makes a new call, a failure fails its calls only.
import { describe, expect, it } from 'vitest';
import { coalesced } from '../../src/store/coalesced.js';

describe('coalesced', () => {
  it('answers the calls of one turn by one call of many, each with its own answer, and the next turn by another', async () => {
    const calls: number[][] = [];
    const double = coalesced<number, number>(async (inputs) => {
      calls.push([...inputs]);
      return inputs.map((n) => n * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a turn into calls of at most max inputs', async () => {
    const calls: number[][] = [];
    const same = coalesced<number, number>(async (inputs) => {
      calls.push([...inputs]);
      return [...inputs];
    }, { max: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => same(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('answers a call alone in its turn by one, when given, and calls in company by many', async () => {
    const calls: string[] = [];
    const square = coalesced<number, number>(async (inputs) => {
      calls.push(`many ${inputs.join(',')}`);
      return inputs.map((n) => n * n);
    }, {
      one: async (n) => {
        calls.push(`one ${n}`);
        if (n < 0) throw new Error('negative');
        return n * n;
      },
    });
    expect(await square(3)).toBe(9);
    expect(await Promise.all([square(1), square(2)])).toEqual([1, 4]);
    await expect(square(-1)).rejects.toThrow('negative');
    expect(await square(4)).toBe(16);
    expect(calls).toEqual(['one 3', 'many 1,2', 'one -1', 'one 4']);
  });

  it('fails the calls of a failed call with its error, and serves the next turn', async () => {
    let fail = true;
    const echo = coalesced<string, string>(async (inputs) => {
      if (fail) throw new Error('connection lost');
      return [...inputs];
    });
    const results = await Promise.allSettled([echo('a'), echo('b')]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['connection lost', 'connection lost']);
    fail = false;
    expect(await echo('c')).toBe('c');
  });
});
