// Computing attribute writes: process, evaluate, replace, takeNext, embedding, multipleValues.
import { describe, expect, it } from 'vitest';
import { computeAssignments } from '../../../src/engine/language/assign.js';
import { DEFAULT_MULTIPLE_VALUES_SETTINGS, type AttributeAssignment, type AttributeWrite } from '../../../src/engine/language/assignment-model.js';
import { parsePath } from '../../../src/engine/language/json-path.js';
import type { AttributeSeed } from '../../../src/engine/language/memory-attributes.js';
import { fixture } from './context-fixture.js';

function assignment(name: string, fields: Partial<AttributeAssignment> = {}): AttributeAssignment {
  return {
    target: { scope: 'human', name, path: [] },
    value: undefined,
    remove: false,
    replace: null,
    process: true,
    evaluate: false,
    embeddingMode: false,
    takeNext: false,
    takeNextPath: null,
    multipleValues: null,
    multipleValuesSettings: DEFAULT_MULTIPLE_VALUES_SETTINGS,
    format: null,
    ...fields,
  };
}

const seed: AttributeSeed = {
  human: {
    name: 'Ann', price: '2.5', qty: '4', phone: '555-0100 / 555-0199', order: '{"id":5,"items":[]}',
    colors: '["red","green","blue"]', 'colors:index': '0', plain: 'not json',
  },
  bot: { counter: '7' },
};

function run(list: AttributeAssignment[], extra: AttributeSeed = {}): AttributeWrite[] {
  const { ctx } = fixture({ human: { ...seed.human, ...extra.human }, bot: { ...seed.bot, ...extra.bot } });
  const result = computeAssignments(list, ctx);
  expect(result.issues).toEqual([]);
  return result.writes;
}

const set = (name: string, value: string, scope: AttributeWrite['scope'] = 'human'): AttributeWrite => ({ kind: 'set', scope, name, value });
const remove = (name: string, scope: AttributeWrite['scope'] = 'human'): AttributeWrite => ({ kind: 'remove', scope, name });

describe('computeAssignments: values', () => {
  it.each([
    ['a plain value', assignment('x', { value: 'hello' }), [set('x', 'hello')]],
    ['process renders tags', assignment('x', { value: 'Hi {name}' }), [set('x', 'Hi Ann')]],
    ['process false keeps tags', assignment('x', { value: 'Hi {name}', process: false }), [set('x', 'Hi {name}')]],
    ['an object value is stored as JSON, tags rendered in its strings', assignment('x', { value: { who: '{name}', n: 1 } }), [set('x', '{"who":"Ann","n":1}')]],
    ['an array value is stored as JSON', assignment('x', { value: ['a', '{qty}'] }), [set('x', '["a","4"]')]],
    ['null removes the attribute and its :index', assignment('colors', { value: null }), [remove('colors'), remove('colors:index')]],
    ['remove wins over a value', assignment('name', { value: 'x', remove: true }), [remove('name'), remove('name:index')]],
    ['evaluate runs after tag processing', assignment('total', { value: '{price} * {qty}', evaluate: true }), [set('total', '10')]],
    ['evaluate with variables', assignment('total', { value: 'price * qty + 1', evaluate: true }), [set('total', '11')]],
    ['a failed evaluation assigns the empty string', assignment('total', { value: '1 / 0', evaluate: true }), [set('total', '')]],
    ['other scopes', { ...assignment('counter', { value: 'bot:counter + 1', evaluate: true }), target: { scope: 'bot', name: 'counter', path: [] } }, [set('counter', '8', 'bot')]],
    ['writable sys attributes', { ...assignment('firstName', { value: 'Bea' }), target: { scope: 'sys', name: 'firstName', path: [] } }, [set('firstName', 'Bea', 'sys')]],
    ['sys:context reset', { ...assignment('context', { value: null }), target: { scope: 'sys', name: 'context', path: [] } }, [remove('context', 'sys')]],
  ] as [string, AttributeAssignment, AttributeWrite[]][])('%s', (_label, item, expected) => {
    expect(run([item])).toEqual(expected);
  });
});

describe('computeAssignments: replace (RE2)', () => {
  it.each([
    ['replaces every match in the current value', assignment('phone', { value: 'XXX', replace: '\\d{3}-\\d{4}' }), [set('phone', 'XXX / XXX')]],
    ['supports group references', assignment('phone', { value: '($1)', replace: '(\\d{3})-\\d{4}' }), [set('phone', '(555) / (555)')]],
    ['leaves the value when nothing matches', assignment('name', { value: 'x', replace: '\\d' }), [set('name', 'Ann')]],
    ['works on an absent attribute', assignment('none', { value: 'x', replace: 'a' }), [set('none', '')]],
  ] as [string, AttributeAssignment, AttributeWrite[]][])('%s', (_label, item, expected) => {
    expect(run([item])).toEqual(expected);
  });

  it('reports a pattern RE2 rejects instead of writing', () => {
    const { ctx } = fixture(seed);
    const result = computeAssignments([assignment('name', { value: 'x', replace: '(?<=A)n' })], ctx);
    expect(result.writes).toEqual([]);
    expect(result.issues).toEqual([{ index: 0, message: expect.stringContaining('RE2') }]);
  });
});

describe('computeAssignments: takeNext', () => {
  const list = '["red","green","blue"]';
  it('takes the element after the one :index remembers and updates :index', () => {
    expect(run([assignment('colors', { value: list, takeNext: true })])).toEqual([set('colors', 'green'), set('colors:index', '1')]);
  });

  it('starts at 0 without an index', () => {
    expect(run([assignment('pick', { value: list, takeNext: true })])).toEqual([set('pick', 'red'), set('pick:index', '0')]);
  });

  it('clears the attribute and the index past the end, so the next run starts over', () => {
    expect(run([assignment('colors', { value: list, takeNext: true })], { human: { 'colors:index': '2' } })).toEqual([remove('colors'), remove('colors:index')]);
  });

  it('walks a list held in an attribute, object items stored as JSON', () => {
    const items = '[{"sku":"a"},{"sku":"b"}]';
    expect(run([assignment('item', { value: '{items}', takeNext: true })], { human: { items } })).toEqual([set('item', '{"sku":"a"}'), set('item:index', '0')]);
  });

  it('takeNextPath finds the array inside the value', () => {
    const value = '{"order":{"lines":["x","y"]}}';
    expect(run([assignment('line', { value, takeNext: true, takeNextPath: parsePath('order.lines') })], { human: { 'line:index': '0' } })).toEqual([set('line', 'y'), set('line:index', '1')]);
  });

  it('treats a value that is not an array as exhausted', () => {
    expect(run([assignment('x', { value: 'plain', takeNext: true })])).toEqual([remove('x'), remove('x:index')]);
  });

  it('is readable as {<attribute>:index} afterwards', async () => {
    const { renderTemplate } = await import('../../../src/engine/language/render.js');
    const { ctx, store } = fixture(seed);
    store.apply(computeAssignments([assignment('colors', { value: list, takeNext: true })], ctx).writes);
    expect(renderTemplate('{colors} is item {colors:index} of {sys:function:evaluate(colors:index + 1)}', ctx)).toBe('green is item 1 of 2');
  });
});

describe('computeAssignments: embedding mode', () => {
  const embed = (path: string, fields: Partial<AttributeAssignment>) =>
    assignment('order', { embeddingMode: true, ...fields, target: { scope: 'human', name: 'order', path: parsePath(path)! } });

  it.each([
    ['a JSON value goes in as JSON', embed('items[0]', { value: '{"sku":"a1"}' }), '{"id":5,"items":[{"sku":"a1"}]}'],
    ['a number stays a number', embed('total', { value: '{price}' }), '{"id":5,"items":[],"total":2.5}'],
    ['text goes in as a string', embed('customer.name', { value: '{name}' }), '{"id":5,"items":[],"customer":{"name":"Ann"}}'],
    ['remove takes only the field out', embed('id', { remove: true }), '{"items":[]}'],
  ] as [string, AttributeAssignment, string][])('%s', (_label, item, expected) => {
    expect(run([item])).toEqual([set('order', expected)]);
  });

  it('builds the JSON from nothing when the attribute is absent', () => {
    const item = assignment('fresh', { value: 'x', embeddingMode: true, target: { scope: 'human', name: 'fresh', path: parsePath('a.b')! } });
    expect(run([item])).toEqual([set('fresh', '{"a":{"b":"x"}}')]);
  });

  it('reports an attribute whose text is not JSON', () => {
    const { ctx } = fixture(seed);
    const item = assignment('plain', { value: 'x', embeddingMode: true, target: { scope: 'human', name: 'plain', path: parsePath('a')! } });
    expect(computeAssignments([item], ctx).issues).toHaveLength(1);
  });
});

describe('computeAssignments: multipleValues', () => {
  const s = DEFAULT_MULTIPLE_VALUES_SETTINGS;
  it.each([
    ['array from delimited text', { value: 'a, b ,c', multipleValues: 'array' }, '["a","b","c"]'],
    ['array from a JSON array', { value: '["a",1]', multipleValues: 'array' }, '["a","1"]'],
    ['a single value stays standalone', { value: 'a', multipleValues: 'array' }, 'a'],
    ['unless singleValueStandalone is off', { value: 'a', multipleValues: 'array', multipleValuesSettings: { ...s, singleValueStandalone: false } }, '["a"]'],
    ['custom delimiter, prefix and suffix', { value: 'a;b', multipleValues: 'array', multipleValuesSettings: { ...s, delimiter: ';', prefix: '<', suffix: '>' } }, '["<a>","<b>"]'],
    ['array with valueElement and rootElement', { value: 'a,b', multipleValues: 'array', multipleValuesSettings: { ...s, valueElement: 'v', rootElement: 'r' } }, '{"r":[{"v":"a"},{"v":"b"}]}'],
    ['object', { value: 'a,b', multipleValues: 'object' }, '{"value":["a","b"]}'],
    ['object with names', { value: 'a,b', multipleValues: 'object', multipleValuesSettings: { ...s, valueElement: 'color', rootElement: 'colors' } }, '{"colors":{"color":["a","b"]}}'],
    ['xml', { value: 'a,b<', multipleValues: 'array', format: 'xml', multipleValuesSettings: { ...s, rootElement: 'colors', valueElement: 'color', xmlOptions: { declaration: 'true' } } }, '<?xml version="1.0" encoding="UTF-8"?><colors><color>a</color><color>b&lt;</color></colors>'],
    ['text', { value: '["a","b"]', multipleValues: 'array', format: 'text', multipleValuesSettings: { ...s, delimiter: ' | ' } }, 'a | b'],
  ] as [string, Partial<AttributeAssignment>, string][])('%s', (_label, fields, expected) => {
    expect(run([assignment('x', fields)])).toEqual([set('x', expected)]);
  });
});

describe('computeAssignments: order and issues', () => {
  it('lets a later assignment read an earlier one of the same action', () => {
    expect(run([assignment('a', { value: '2' }), assignment('b', { value: '{a}', evaluate: true }), assignment('a', { value: null })]))
      .toEqual([set('a', '2'), set('b', '2'), remove('a'), remove('a:index')]);
  });

  it('refuses to write read-only sys attributes and assignments without a value', () => {
    const { ctx } = fixture(seed);
    const result = computeAssignments([
      { ...assignment('subscribed', { value: 'x' }), target: { scope: 'sys', name: 'subscribed', path: [] } },
      assignment('x'),
      assignment('ok', { value: '1' }),
    ], ctx);
    expect(result.writes).toEqual([set('ok', '1')]);
    expect(result.issues.map((i) => i.index)).toEqual([0, 1]);
  });

  it('does not change the snapshot it reads', () => {
    const { ctx, store } = fixture(seed);
    computeAssignments([assignment('name', { value: 'Bob' })], ctx);
    expect(store.get('human', 'name')).toBe('Ann');
  });
});
