// Attribute references: scopes, paths, :size and :index.
import { describe, expect, it } from 'vitest';
import { formatRef, parseReference } from '../../../src/engine/language/reference.js';

describe('parseReference', () => {
  it.each([
    ['name', { kind: 'attribute', scope: 'human', name: 'name', path: [], suffix: null }],
    ['human:name', { kind: 'attribute', scope: 'human', name: 'name', path: [], suffix: null }],
    ['bot:count', { kind: 'attribute', scope: 'bot', name: 'count', path: [], suffix: null }],
    ['user:plan', { kind: 'attribute', scope: 'user', name: 'plan', path: [], suffix: null }],
    ['shared:cart', { kind: 'attribute', scope: 'shared', name: 'cart', path: [], suffix: null }],
    ['sys:firstName', { kind: 'attribute', scope: 'sys', name: 'firstName', path: [], suffix: null }],
    ['root[0].id', { kind: 'attribute', scope: 'human', name: 'root', path: [{ kind: 'index', index: 0 }, { kind: 'key', key: 'id' }], suffix: null }],
    ['root[1].text', { kind: 'attribute', scope: 'human', name: 'root', path: [{ kind: 'index', index: 1 }, { kind: 'key', key: 'text' }], suffix: null }],
    ['a.b[2].c', { kind: 'attribute', scope: 'human', name: 'a', path: [{ kind: 'key', key: 'b' }, { kind: 'index', index: 2 }, { kind: 'key', key: 'c' }], suffix: null }],
    ['a["odd key"]', { kind: 'attribute', scope: 'human', name: 'a', path: [{ kind: 'key', key: 'odd key' }], suffix: null }],
    ['list:size', { kind: 'attribute', scope: 'human', name: 'list', path: [], suffix: 'size' }],
    ['bot:list:index', { kind: 'attribute', scope: 'bot', name: 'list', path: [], suffix: 'index' }],
    ['order.items:size', { kind: 'attribute', scope: 'human', name: 'order', path: [{ kind: 'key', key: 'items' }], suffix: 'size' }],
    ['first-name', { kind: 'attribute', scope: 'human', name: 'first-name', path: [], suffix: null }],
    ['  name  ', { kind: 'attribute', scope: 'human', name: 'name', path: [], suffix: null }],
    ['datetime:year', { kind: 'datetime', name: 'year' }],
  ])('%s', (text, expected) => {
    expect(parseReference(text)).toEqual(expected);
  });

  it.each(['', '1abc', 'a b', 'a.', 'a[', 'a[x]', 'a:length', 'sys:function:uuid', 'a..b', 'bot:', ':a', 'a[-1]'])('rejects %j', (text) => {
    expect(parseReference(text)).toBeNull();
  });

  it('formats references back to their written form', () => {
    for (const text of ['name', 'bot:count', 'root[0].id', 'list:size', 'sys:email', 'datetime:hour']) {
      expect(formatRef(parseReference(text)!)).toBe(text);
    }
  });
});
