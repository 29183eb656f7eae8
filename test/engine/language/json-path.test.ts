// JSON paths: parsing, reading, building and removing.
import { describe, expect, it } from 'vitest';
import { getAt, MAX_PATH_INDEX, parsePath, removeAt, setAt } from '../../../src/engine/language/json-path.js';
import type { JsonValue } from '../../../src/engine/language/json-value.js';

describe('parsePath', () => {
  it.each([
    ['items[0].sku', [{ kind: 'key', key: 'items' }, { kind: 'index', index: 0 }, { kind: 'key', key: 'sku' }]],
    ['$.items[0]', [{ kind: 'key', key: 'items' }, { kind: 'index', index: 0 }]],
    ['[1].text', [{ kind: 'index', index: 1 }, { kind: 'key', key: 'text' }]],
    ["['a b'].c", [{ kind: 'key', key: 'a b' }, { kind: 'key', key: 'c' }]],
    ['', []],
    ['$', []],
  ])('%j', (text, expected) => {
    expect(parsePath(text)).toEqual(expected);
  });

  it.each(['a..b', 'a.', 'a[', 'a[x]', 'a]', `a[${MAX_PATH_INDEX + 1}]`])('rejects %j', (text) => {
    expect(parsePath(text)).toBeNull();
  });
});

describe('getAt / setAt / removeAt', () => {
  const doc: JsonValue = { items: [{ sku: 'a1' }, { sku: 'b2' }], n: 1 };

  it('reads values at a path, undefined where there is none', () => {
    expect(getAt(doc, parsePath('items[1].sku')!)).toBe('b2');
    expect(getAt(doc, parsePath('items[5].sku')!)).toBeUndefined();
    expect(getAt(doc, parsePath('n.x')!)).toBeUndefined();
  });

  it('builds missing objects and arrays, padding arrays with null', () => {
    expect(setAt({}, parsePath('a.b[2].c')!, 1)).toEqual({ a: { b: [null, null, { c: 1 }] } });
    expect(setAt(null, parsePath('[1]')!, 'x')).toEqual([null, 'x']);
  });

  it('does not modify its input', () => {
    const copy = structuredClone(doc);
    setAt(doc, parsePath('items[0].sku')!, 'zz');
    expect(doc).toEqual(copy);
  });

  it('refuses paths through values of the wrong kind', () => {
    expect(setAt({ a: 5 }, parsePath('a.b')!, 1)).toBeUndefined();
    expect(setAt([], parsePath('a')!, 1)).toBeUndefined();
    expect(setAt({}, parsePath('[0]')!, 1)).toBeUndefined();
  });

  it('keeps __proto__ as an ordinary field', () => {
    const result = setAt({}, [{ kind: 'key', key: '__proto__' }], { polluted: true }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('removes fields and array elements; undefined when the path is missing', () => {
    expect(removeAt(doc, parsePath('items[0]')!)).toEqual({ items: [{ sku: 'b2' }], n: 1 });
    expect(removeAt(doc, parsePath('items[1].sku')!)).toEqual({ items: [{ sku: 'a1' }, {}], n: 1 });
    expect(removeAt(doc, parsePath('nope')!)).toBeUndefined();
  });
});
