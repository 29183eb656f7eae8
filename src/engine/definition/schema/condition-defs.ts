// Schemas of Condition, Operator (and/or/not) and Validation: shapes the spec leaves to us (see docs/bot-language.md).
import { TEXT_COMPARATORS, VALUE_TYPES } from '../../language/condition-model.js';
import { bool, enumOf, ref, targets } from './primitives.js';

const idOrIds = { type: ['integer', 'string', 'array'], items: { type: ['integer', 'string'] } } as const;
const names = { type: ['string', 'array'], items: { type: 'string' } } as const;
const operand = { type: ['string', 'number', 'boolean'] } as const;

const comparisons: Record<string, object> = {};
for (const name of TEXT_COMPARATORS) comparisons[name] = operand;

export const conditionDefs = {
  /** A Condition object, or an Operator when it has and/or/not. */
  ConditionItem: {
    type: 'object',
    if: { anyOf: [{ required: ['and'] }, { required: ['or'] }, { required: ['not'] }] },
    then: ref('Operator'),
    else: ref('Condition'),
  },
  Condition: {
    title: 'condition',
    type: 'object',
    additionalProperties: false,
    properties: {
      channelTypes: names,
      channelIds: idOrIds,
      tags: names,
      deviceTypes: names,
      devicePlatforms: names,
      attribute: { type: 'string', minLength: 1 },
      ...comparisons,
      in: { type: 'array', items: operand },
      notIn: { type: 'array', items: operand },
      exists: bool,
      empty: bool,
      is: enumOf(VALUE_TYPES),
      ignoreCase: bool,
    },
  },
  Operator: {
    title: 'operator',
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
    properties: {
      and: { type: 'array', minItems: 1, items: ref('ConditionItem') },
      or: { type: 'array', minItems: 1, items: ref('ConditionItem') },
      not: ref('ConditionItem'),
    },
  },
  Validation: {
    title: 'validation',
    type: 'object',
    required: ['conditions'],
    additionalProperties: false,
    properties: {
      conditions: { type: 'array', minItems: 1, items: ref('ConditionItem') },
      executeOnError: targets,
    },
  },
} as const;
