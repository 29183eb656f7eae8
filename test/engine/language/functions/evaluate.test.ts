// evaluate: decimal arithmetic, variables, cycles and bounds.
import { describe, expect, it } from 'vitest';
import { evaluateExpression, MAX_VARIABLE_DEPTH } from '../../../../src/engine/language/functions/evaluate.js';
import { MAX_EXPRESSION_LENGTH, MAX_EXPRESSION_NESTING, parseExpression } from '../../../../src/engine/language/functions/expression-parser.js';
import { renderTemplate } from '../../../../src/engine/language/render.js';
import { fixture } from '../context-fixture.js';

const { ctx } = fixture({
  human: {
    price: '2.50', qty: '4', total: 'price * qty', withTax: 'total * (1 + bot:rate)', blank: '  ', word: 'hello',
    loopA: 'loopB + 1', loopB: 'loopA * 2', self: 'self', cart: '{"items":[{"price":"1.25"},{"price":"3"}]}', list: '[1,2,3]',
    neg: '-5', bad: '2 +', digits: '007',
  },
  bot: { rate: '0.2' },
});

describe('evaluate: arithmetic', () => {
  it.each([
    ['1 + 2', '3'],
    ['0.1 + 0.2', '0.3'],
    ['10 / 4', '2.5'],
    ['1 / 3', '0.3333333333333333333333333333333333'],
    ['2 * 3 + 4', '10'],
    ['2 * (3 + 4)', '14'],
    ['7 % 3', '1'],
    ['-7 % 3', '-1'],
    ['7.5 % 2', '1.5'],
    ['2 ^ 10', '1024'],
    ['2 ^ 3 ^ 2', '512'],
    ['-2 ^ 2', '-4'],
    ['(-2) ^ 2', '4'],
    ['2 ^ -1', '0.5'],
    ['2 ^ 0.5', '1.414213562373095048801688724209698'],
    ['--3', '3'],
    ['+3', '3'],
    ['.5 + 1', '1.5'],
    ['1 - 1', '0'],
    ['-0', '0'],
    ['  ( ( 1 ) )  ', '1'],
    ['2 ^ 100', '1.267650600228229401496703205376e+30'],
    ['100000000000000000000 * 10', '1e+21'],
    ['123456789012345678 * 10', '1234567890123456780'],
  ])('%s = %s', (expression, expected) => {
    expect(evaluateExpression(expression, ctx)).toBe(expected);
  });

  it.each([
    ['1 / 0'], ['5 % 0'], ['0 ^ -1'], ['(-8) ^ 0.5'], ['2 ^ 1000000000'], ['1 +'], ['(1'], ['1)'], ['1 2'],
    ['1e3'], ['2 ** 3'], ['abs(1)'], [''], ['   '], ['1,5'], ['process.exit()'], ['1; 2'],
  ])('%j fails', (expression) => {
    expect(evaluateExpression(expression, ctx)).toBeUndefined();
  });
});

describe('evaluate: variables', () => {
  it.each([
    ['price * qty', '10'],
    ['total', '10'],
    ['withTax', '12'],
    ['total + bot:rate', '10.2'],
    ['cart.items[0].price + cart.items[1].price', '4.25'],
    ['list:size * 2', '6'],
    ['neg * 2', '-10'],
    ['digits + 1', '8'],
    ['datetime:year - 2000', '24'],
  ])('%s = %s', (expression, expected) => {
    expect(evaluateExpression(expression, ctx)).toBe(expected);
  });

  it.each([
    ['missing + 1', 'a missing variable'],
    ['blank + 1', 'a blank variable'],
    ['word + 1', 'a variable that is neither a number nor an expression'],
    ['bad * 2', 'a variable holding an invalid expression'],
    ['loopA', 'a cycle through two variables'],
    ['self + 1', 'a variable naming itself'],
  ])('%s fails: %s', (expression) => {
    expect(evaluateExpression(expression, ctx)).toBeUndefined();
  });

  it('bounds how deep variables may chain', () => {
    const chain = (length: number): Record<string, string> => {
      const human: Record<string, string> = { v0: '1' };
      for (let i = 1; i <= length; i++) human[`v${i}`] = `v${i - 1} + 1`;
      return human;
    };
    expect(evaluateExpression(`v${MAX_VARIABLE_DEPTH - 1}`, fixture({ human: chain(MAX_VARIABLE_DEPTH) }).ctx)).toBe(String(MAX_VARIABLE_DEPTH));
    expect(evaluateExpression(`v${MAX_VARIABLE_DEPTH + 1}`, fixture({ human: chain(MAX_VARIABLE_DEPTH + 1) }).ctx)).toBeUndefined();
  });

  it('evaluates each variable once, so doubling chains stay fast', () => {
    const human: Record<string, string> = { d0: '1' };
    for (let i = 1; i <= 15; i++) human[`d${i}`] = `d${i - 1} + d${i - 1}`;
    expect(evaluateExpression('d15', fixture({ human }).ctx)).toBe(String(2 ** 15));
  });
});

describe('evaluate: bounds of the parser', () => {
  it('refuses expressions longer than the limit', () => {
    expect(parseExpression('1+'.repeat(MAX_EXPRESSION_LENGTH / 2) + '1')).toBeNull();
  });

  it('refuses nesting deeper than the limit, accepts it up to the limit', () => {
    const nested = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    expect(parseExpression(nested(MAX_EXPRESSION_NESTING))).not.toBeNull();
    expect(parseExpression(nested(MAX_EXPRESSION_NESTING + 1))).toBeNull();
    expect(parseExpression(`${'-'.repeat(MAX_EXPRESSION_NESTING + 1)}1`)).toBeNull();
  });
});

describe('{sys:function:evaluate(…)}', () => {
  it.each([
    ['{sys:function:evaluate(price*qty)}', '10'],
    ['{sys:function:evaluate({price}*{qty})}', '10'],
    ['{sys:function:evaluate(({qty}+1)*2)}', '10'],
    ['[{sys:function:evaluate(1/0)}]', '[]'],
    ['[{sys:function:evaluate(missing)}]', '[]'],
    ['[{sys:function:evaluate(1,2)}]', '[]'],
  ])('%s → %s', (src, expected) => {
    expect(renderTemplate(src, ctx)).toBe(expected);
  });
});
