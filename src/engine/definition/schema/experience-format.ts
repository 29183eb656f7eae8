// Schema definitions only the RCS experience format has: the top level, Workflow, IntentObject, Keyword, Expression, Action.
import { bool, languageTag, ref, str, stringOrStrings, stringsOr, targets } from './primitives.js';
import { definitionName, serverFields, slotDef } from './bot-format.js';

export const experienceFormatDefs = {
  ExperienceDefinition: {
    title: 'experience definition',
    type: 'object',
    required: ['name', 'workflows'],
    additionalProperties: false,
    properties: {
      name: definitionName,
      workflows: { type: 'array', items: ref('Workflow') },
      welcomeMessageExecute: str,
      language: languageTag,
      ...serverFields,
    },
  },
  Workflow: {
    title: 'workflow',
    type: 'object',
    required: ['intents', 'actions'],
    additionalProperties: false,
    properties: {
      name: str,
      intents: stringsOr('IntentObject'),
      keywords: { type: 'array', items: ref('Keyword') },
      expressions: stringsOr('Expression'),
      actions: { type: 'array', items: ref('Action') },
      validation: ref('Validation'),
    },
  },
  IntentObject: {
    title: 'intent',
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name: str, expressions: { type: 'array', items: ref('Expression') }, excludeContext: str },
  },
  Keyword: {
    title: 'keyword',
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name: str, values: { type: 'array', items: ref('KeywordValue') } },
  },
  KeywordValue: {
    title: 'keyword value',
    type: 'object',
    required: ['value'],
    additionalProperties: false,
    properties: { value: str, expressions: { type: 'array', items: str } },
  },
  Expression: {
    title: 'expression',
    type: 'object',
    required: ['text'],
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
      validation: ref('Validation'),
      channel: str,
      send: ref('Send'),
      waitFor: ref('WaitFor'),
      delay: ref('Delay'),
      execute: targets,
      goto: str,
      assignTags: stringOrStrings,
      assignAttributes: ref('AssignAttributes'),
      updateAttribute: ref('UpdateAttributeExperience'),
      subscribe: bool,
      updateSettings: ref('UpdateSettings'),
      pause: ref('Pause'),
    },
  },
} as const;
