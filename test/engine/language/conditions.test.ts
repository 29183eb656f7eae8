// Conditions: conversation facts, operators and attribute comparisons.
import { describe, expect, it } from 'vitest';
import type { ComparisonCheck, ConditionNode, ConditionTest, ConversationFacts } from '../../../src/engine/language/condition-model.js';
import { conditionsHold } from '../../../src/engine/language/conditions.js';
import { parseReference } from '../../../src/engine/language/reference.js';
import { fixture } from './context-fixture.js';

const facts: ConversationFacts = { channelType: 'rcs', channelId: 42, humanTags: ['vip', 'Beta'], deviceType: 'mobile', devicePlatform: 'android' };
const { ctx } = fixture({
  human: { age: '42', name: 'Ann Lee', email: 'ann@example.com', list: '["red","green"]', empty: '', when: '2024-03-05', json: '{"a":1}', zero: '0.0' },
  bot: { limit: '40' },
});

function test(fields: Partial<ConditionTest>): ConditionNode {
  return { kind: 'test', test: { channelTypes: null, channelIds: null, tags: null, deviceTypes: null, devicePlatforms: null, comparison: null, ...fields } };
}

function compare(attribute: string, checks: ComparisonCheck[], ignoreCase = false): ConditionNode {
  return test({ comparison: { attribute, ref: parseReference(attribute)!, ignoreCase, checks } });
}

describe('conversation conditions', () => {
  it.each([
    ['channelTypes matches', test({ channelTypes: ['dlc', 'RCS'] }), true],
    ['channelTypes misses', test({ channelTypes: ['dlc'] }), false],
    ['channelIds as numbers or strings', test({ channelIds: ['7', '42'] }), true],
    ['channelIds misses', test({ channelIds: ['7'] }), false],
    ['tags: any listed tag, any case', test({ tags: ['beta'] }), true],
    ['tags misses', test({ tags: ['gold'] }), false],
    ['deviceTypes', test({ deviceTypes: ['mobile'] }), true],
    ['devicePlatforms misses', test({ devicePlatforms: ['ios'] }), false],
    ['all fields of one condition must hold', test({ channelTypes: ['rcs'], tags: ['gold'] }), false],
    ['an empty condition holds', test({}), true],
  ])('%s', (_label, node, expected) => {
    expect(conditionsHold([node], facts, ctx)).toBe(expected);
  });

  it('compares channel ids canonically, whatever form the runtime gives', () => {
    expect(conditionsHold([test({ channelIds: ['42'] })], { ...facts, channelId: ' 0042' }, ctx)).toBe(true);
  });

  it('fails device conditions when the device is unknown', () => {
    expect(conditionsHold([test({ deviceTypes: ['mobile'] })], { ...facts, deviceType: null }, ctx)).toBe(false);
  });
});

describe('operators', () => {
  const yes = test({ channelTypes: ['rcs'] });
  const no = test({ channelTypes: ['web'] });
  it.each([
    ['a list without operators needs all', [yes, no], false],
    ['a list of true conditions holds', [yes, yes], true],
    ['an empty list holds', [], true],
    ['or: one is enough', [{ kind: 'any', items: [no, yes] }], true],
    ['or: none fails', [{ kind: 'any', items: [no, no] }], false],
    ['and: all needed', [{ kind: 'all', items: [yes, no] }], false],
    ['not inverts', [{ kind: 'not', item: no }], true],
    ['nested: not(or(no, and(yes, yes)))', [{ kind: 'not', item: { kind: 'any', items: [no, { kind: 'all', items: [yes, yes] }] } }], false],
  ] as [string, ConditionNode[], boolean][])('%s', (_label, nodes, expected) => {
    expect(conditionsHold(nodes, facts, ctx)).toBe(expected);
  });
});

describe('attribute comparisons', () => {
  it.each([
    ['age', [{ op: 'equals', value: '42' }], true],
    ['age', [{ op: 'equals', value: '42.0' }], true],
    ['zero', [{ op: 'equals', value: '0' }], true],
    ['name', [{ op: 'equals', value: 'ann lee' }], false],
    ['name', [{ op: 'notEquals', value: 'Bob' }], true],
    ['age', [{ op: 'greaterThan', value: '{bot:limit}' }], true],
    ['age', [{ op: 'greaterThan', value: '100' }], false],
    ['age', [{ op: 'greaterThanOrEqual', value: '42' }, { op: 'lessThan', value: '65' }], true],
    ['age', [{ op: 'lessThanOrEqual', value: '41.99' }], false],
    ['name', [{ op: 'greaterThan', value: '1' }], false],
    ['missing', [{ op: 'lessThan', value: '1' }], false],
    ['when', [{ op: 'lessThan', value: '2024-12-25' }], true],
    ['when', [{ op: 'greaterThan', value: '2024-03-05T00:00:01' }], false],
    ['name', [{ op: 'contains', value: 'nn L' }], true],
    ['list', [{ op: 'contains', value: 'green' }], true],
    ['list', [{ op: 'contains', value: 'gre' }], false],
    ['list', [{ op: 'notContains', value: 'blue' }], true],
    ['name', [{ op: 'startsWith', value: 'Ann' }], true],
    ['name', [{ op: 'endsWith', value: 'Lee' }], true],
    ['email', [{ op: 'matches', value: '^[a-z]+@example\\.com$' }], true],
    ['email', [{ op: 'matches', value: '^bob' }], false],
    ['email', [{ op: 'matches', value: '(?<=a)nn' }], false],
    ['age', [{ op: 'in', values: ['41', '42'] }], true],
    ['age', [{ op: 'notIn', values: ['41', '42'] }], false],
    ['age', [{ op: 'exists', expected: true }], true],
    ['missing', [{ op: 'exists', expected: false }], true],
    ['empty', [{ op: 'exists', expected: true }], true],
    ['empty', [{ op: 'empty', expected: true }], true],
    ['missing', [{ op: 'empty', expected: true }], true],
    ['age', [{ op: 'empty', expected: false }], true],
    ['age', [{ op: 'is', type: 'integer' }], true],
    ['email', [{ op: 'is', type: 'email' }], true],
    ['name', [{ op: 'is', type: 'number' }], false],
    ['json', [{ op: 'is', type: 'object' }], true],
    ['list', [{ op: 'is', type: 'array' }], true],
    ['when', [{ op: 'is', type: 'date' }], true],
    ['missing', [{ op: 'equals', value: '' }], true],
    ['list:size', [{ op: 'equals', value: '2' }], true],
    ['json.a', [{ op: 'equals', value: '1' }], true],
    ['datetime:year', [{ op: 'equals', value: '2024' }], true],
  ] as [string, ComparisonCheck[], boolean][])('%s %j → %s', (attribute, checks, expected) => {
    expect(conditionsHold([compare(attribute, checks)], facts, ctx)).toBe(expected);
  });

  it('ignoreCase applies to text checks and regexes', () => {
    expect(conditionsHold([compare('name', [{ op: 'equals', value: 'ANN LEE' }], true)], facts, ctx)).toBe(true);
    expect(conditionsHold([compare('name', [{ op: 'matches', value: '^ann' }], true)], facts, ctx)).toBe(true);
    expect(conditionsHold([compare('name', [{ op: 'in', values: ['ann lee'] }], true)], facts, ctx)).toBe(true);
  });
});
