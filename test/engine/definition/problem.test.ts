// Problem pointers (RFC 6901) and the order problems are reported in.
import { describe, expect, it } from 'vitest';
import { orderProblems, pointerJoin } from '../../../src/engine/definition/problem.js';

describe('pointerJoin (RFC 6901)', () => {
  it.each([
    [['', 'a', 0, 'b'], '/a/0/b'],
    [['', 'a/b'], '/a~1b'],
    [['', 'm~n'], '/m~0n'],
    [['/x', ''], '/x/'],
  ] as [[string, ...(string | number)[]], string][])('%j → %s', ([base, ...segments], expected) => {
    expect(pointerJoin(base, ...segments)).toBe(expected);
  });
});

describe('orderProblems', () => {
  it('orders by location, array indexes numerically, parents first, and drops duplicates', () => {
    const p = (pointer: string, message = 'm') => ({ pointer, message });
    expect(orderProblems([p('/a/10'), p('/a/2/x'), p('/a/2'), p(''), p('/a/2'), p('/a/2', 'other')]))
      .toEqual([p(''), p('/a/2'), p('/a/2', 'other'), p('/a/2/x'), p('/a/10')]);
  });
});
