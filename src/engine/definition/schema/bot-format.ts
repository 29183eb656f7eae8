// Schema definitions only the bot format has: Bot, Interaction, Intent, Keyword, Expression, Slot and its Action.
import { LIMITS } from '../limits.js';
import { bool, languageTag, ref, str, strOrNull, stringOrStrings, stringsOr, targets } from './primitives.js';

/** Fields GET returns; accepted (and ignored) so that a fetched bot can be sent back unchanged. */
export const serverFields = {
  id: { type: 'integer' },
  dateCreated: str,
  currentRevision: { type: 'integer' },
  latestRevision: { type: 'integer' },
} as const;

export const definitionName = { type: 'string', minLength: LIMITS.definitionName.min, maxLength: LIMITS.definitionName.max } as const;

export const slotDef = {
  title: 'slot',
  type: 'object',
  required: ['name', 'type', 'value'],
  additionalProperties: false,
  properties: { name: str, type: str, value: str },
} as const;

export const botFormatDefs = {
  BotDefinition: {
    title: 'bot definition',
    type: 'object',
    required: ['name', 'interactions'],
    additionalProperties: false,
    properties: { name: definitionName, interactions: { type: 'array', items: ref('Interaction') }, language: languageTag, ...serverFields },
  },
  Interaction: {
    title: 'interaction',
    type: 'object',
    required: ['actions'],
    additionalProperties: false,
    properties: {
      name: str,
      include: stringOrStrings,
      intents: stringsOr('Intent'),
      context: strOrNull,
      keywords: { type: 'array', items: ref('Keyword') },
      expressions: { type: 'array', items: ref('Expression') },
      actions: { type: 'array', items: ref('Action') },
      validation: ref('Validation'),
    },
  },
  Intent: {
    title: 'intent',
    type: 'object',
    required: ['expressions'],
    additionalProperties: false,
    properties: { name: str, excludeContext: str, expressions: stringsOr('Expression') },
  },
  Keyword: {
    title: 'keyword',
    type: 'object',
    required: ['name', 'values'],
    additionalProperties: false,
    properties: { name: str, values: { type: 'array', items: ref('KeywordValue') } },
  },
  KeywordValue: {
    title: 'keyword value',
    type: 'object',
    required: ['value', 'expressions'],
    additionalProperties: false,
    properties: { value: str, expressions: { type: 'array', items: str } },
  },
  Expression: {
    title: 'expression',
    type: 'object',
    required: ['text', 'slots'],
    additionalProperties: false,
    properties: { text: str, generate: bool, slots: { type: 'array', items: ref('Slot') }, excludeContext: str },
  },
  Slot: slotDef,
  Action: {
    title: 'action',
    type: 'object',
    additionalProperties: false,
    properties: {
      name: str,
      conditions: { type: 'array', items: ref('ConditionItem') },
      send: ref('Send'),
      dataCapture: ref('DataCapture'),
      updateAttribute: ref('UpdateAttributeBot'),
      assignAttributes: ref('AssignAttributes'),
      waitFor: ref('WaitFor'),
      startDialog: ref('StartDialog'),
      finishDialog: { const: true },
      assignTags: stringOrStrings,
      subscribe: bool,
      execute: targets,
      goto: str,
      pause: ref('Pause'),
      updateSettings: ref('UpdateSettings'),
      validation: ref('Validation'),
      answer: ref('Answer'),
      classify: ref('Classify'),
    },
  },
} as const;
