// Confused pairs: mistakes counted per unordered pair of intents, most first, with examples of the larger direction.
import { describe, expect, it } from 'vitest';
import { confusedPairs, weakestIntents, type Outcome } from '../../../src/engine/nlu/confusion.js';

const o = (expected: string | null, got: string | null, text = `${expected} as ${got}`): Outcome => ({
  text,
  expected,
  got,
});

describe('confusedPairs', () => {
  it('counts both directions of a pair together and ranks pairs by mistakes', () => {
    const outcomes = [
      o('balance', 'transfer', 't1'), o('balance', 'transfer', 't2'), o('transfer', 'balance', 't3'),
      o('card', null, 'c1'), o('card', 'card'), o('balance', 'balance'), o(null, 'card', 'n1'), o(null, 'card', 'n2'),
      o('pin', 'card', 'p1'),
    ];
    const pairs = confusedPairs(outcomes);
    expect(pairs.map((p) => [p.a, p.b, p.aAsB, p.bAsA, p.total])).toEqual([
      ['balance', 'transfer', 2, 1, 3],
      [null, 'card', 2, 1, 3],
      ['card', 'pin', 0, 1, 1],
    ]);
    // The larger direction's texts come first.
    expect(pairs[0]!.examples.map((e) => e.text)).toEqual(['t1', 't2']);
    expect(pairs[1]!.examples.map((e) => e.text)).toEqual(['n1', 'n2']);
  });

  it('keeps the limit and is empty when every answer is right', () => {
    const many = Array.from({ length: 30 }, (_, i) => o(`i${i}`, `j${i}`));
    expect(confusedPairs(many, 10)).toHaveLength(10);
    expect(confusedPairs([o('a', 'a'), o(null, null)])).toEqual([]);
  });
});

describe('weakestIntents', () => {
  it('lists the intents with mistakes, lowest share right first, then the one with more cases', () => {
    const outcomes = [
      o('a', 'b'), o('a', 'a'), o('b', 'b'),
      o('c', null), o('c', null), o('c', 'c'), o('c', 'c'), o('d', 'a'),
    ];
    expect(weakestIntents(outcomes)).toEqual([
      { intent: 'd', cases: 1, right: 0 },
      { intent: 'c', cases: 4, right: 2 },
      { intent: 'a', cases: 2, right: 1 },
    ]);
  });
});
