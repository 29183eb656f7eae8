// embedJson and removeField, with the failure results of the spec table.
import { describe, expect, it } from 'vitest';
import { embedJson, removeField } from '../../../../src/engine/language/functions/json-functions.js';
import { renderTemplate } from '../../../../src/engine/language/render.js';
import { fixture } from '../context-fixture.js';

const order = '{"id":5,"items":[{"sku":"a1"},{"sku":"b2"}]}';
const { ctx } = fixture({ human: { order, item: '{"sku":"c3"}', plain: 'not json' } });

describe('embedJson(<sourceJson>,<JSON-path>,<jsonToEmbed>)', () => {
  it.each([
    [[order, 'items[0].qty', '2'], '{"id":5,"items":[{"sku":"a1","qty":2},{"sku":"b2"}]}'],
    [[order, 'items[2]', '{"sku":"c3"}'], '{"id":5,"items":[{"sku":"a1"},{"sku":"b2"},{"sku":"c3"}]}'],
    [['{}', 'a.b[1].c', '"x"'], '{"a":{"b":[null,{"c":"x"}]}}'],
    [[order, 'id', 'null'], '{"id":null,"items":[{"sku":"a1"},{"sku":"b2"}]}'],
    [['[]', '[0]', 'true'], '[true]'],
    [[order, '$.id', '6'], '{"id":6,"items":[{"sku":"a1"},{"sku":"b2"}]}'],
    [[order, '"items[0].sku"', '"z"'], '{"id":5,"items":[{"sku":"z"},{"sku":"b2"}]}'],
    [['order', 'id', 'item'], '{"id":{"sku":"c3"},"items":[{"sku":"a1"},{"sku":"b2"}]}'],
  ])('%j → %s', (args, expected) => {
    expect(embedJson(args, ctx)).toBe(expected);
  });

  it.each([
    [['not json', 'a', '1'], 'the source is not JSON'],
    [[order, 'a', 'not json'], 'the value is not JSON'],
    [[order, 'items[', '1'], 'the path is invalid'],
    [[order, 'id.x', '1'], 'the path runs through a number'],
    [[order, 'items.x', '1'], 'the path puts a key into an array'],
    [['plain', 'a', '1'], 'the named attribute is not JSON'],
    [[order, 'a'], 'an argument is missing'],
  ])('%j → empty string: %s', (args) => {
    expect(embedJson(args, ctx)).toBe('');
  });
});

describe('removeField(<json>,<JSON-path>)', () => {
  it.each([
    [[order, 'items[0]'], '{"id":5,"items":[{"sku":"b2"}]}'],
    [[order, 'id'], '{"items":[{"sku":"a1"},{"sku":"b2"}]}'],
    [['order', 'items'], '{"id":5}'],
  ])('%j → %s', (args, expected) => {
    expect(removeField(args, ctx)).toBe(expected);
  });

  it.each([
    [[order, 'missing'], order, 'the path is missing'],
    [[order, 'items[9]'], order, 'the index is missing'],
    [[order, 'items['], order, 'the path is invalid'],
    [['not json', 'a'], 'not json', 'the JSON is invalid'],
    [[' {"a":1} ', 'b'], '{"a":1}', 'unchanged JSON (trimmed as an argument)'],
  ])('%j → unchanged: %s', (args, expected) => {
    expect(removeField(args, ctx)).toBe(expected);
  });
});

describe('JSON functions in tags', () => {
  it.each([
    ['{sys:function:embedJson({order},items[1].qty,3)}', '{"id":5,"items":[{"sku":"a1"},{"sku":"b2","qty":3}]}'],
    ['{sys:function:embedJson({order},items[0],{item})}', '{"id":5,"items":[{"sku":"c3"},{"sku":"b2"}]}'],
    ['{sys:function:embedJson({},greeting,"Hi, {order.id}")}', '{"greeting":"Hi, 5"}'],
    ['{sys:function:removeField({order},items)}', '{"id":5}'],
    ['{sys:function:removeField({sys:function:embedJson({order},x,1)},id)}', '{"items":[{"sku":"a1"},{"sku":"b2"}],"x":1}'],
  ])('%s', (src, expected) => {
    expect(renderTemplate(src, ctx)).toBe(expected);
  });
});
