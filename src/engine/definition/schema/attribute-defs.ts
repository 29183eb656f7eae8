// Schemas of attribute assignment: AssignAttributes, AttributeValue, MultipleValuesSettings and both UpdateAttribute shapes.
import { bool, boolOrNull, enumOrNull, str, strOrNull, stringOrStrings } from './primitives.js';

const anyValue = { type: ['string', 'object', 'array', 'null'] } as const;

/** Options an AssignAttributes action sets as defaults and each AttributeValue may override. */
const assignOptions = {
  value: anyValue,
  replace: strOrNull,
  process: boolOrNull,
  evaluate: boolOrNull,
  embeddingMode: boolOrNull,
  takeNext: boolOrNull,
  takeNextPath: strOrNull,
  multipleValues: enumOrNull(['array', 'object']),
  multipleValuesSettings: { $ref: '#/$defs/MultipleValuesSettings' },
  format: strOrNull,
  remove: boolOrNull,
};

export const attributeDefs = {
  AssignAttributes: {
    title: 'assign attributes action',
    type: 'object',
    required: ['attributes'],
    properties: {
      attributes: { type: 'array', items: { $ref: '#/$defs/AttributeValue' } },
      ...assignOptions,
    },
  },
  AttributeValue: {
    title: 'attribute value',
    type: 'object',
    required: ['attributePath'],
    properties: {
      attributePath: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_.]*$' },
      ...assignOptions,
    },
  },
  MultipleValuesSettings: {
    title: 'multiple values settings',
    type: 'object',
    additionalProperties: false,
    properties: {
      singleValueStandalone: bool,
      delimiter: str,
      prefix: str,
      suffix: str,
      rootElement: str,
      valueElement: str,
      xmlOptions: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  /** The bot format's deprecated Update Attribute: value required, null removes, process defaults to false. */
  UpdateAttributeBot: {
    title: 'update attribute action',
    type: 'object',
    required: ['attribute', 'value'],
    additionalProperties: false,
    properties: {
      attribute: str,
      value: anyValue,
      replace: str,
      evaluate: bool,
      takeNext: bool,
      process: bool,
    },
  },
  /** The experience format's UpdateAttributeAction: one or several attributes, process defaults to true. */
  UpdateAttributeExperience: {
    title: 'update attribute action',
    type: 'object',
    required: ['attribute'],
    additionalProperties: false,
    properties: {
      attribute: stringOrStrings,
      value: { type: ['string', 'object', 'array'] },
      replace: str,
      process: bool,
      evaluate: bool,
      takeNext: bool,
    },
  },
} as const;
