// Normalizing a valid definition, in either format, into the BotModel the runtime executes.
import type { DefinitionFormat } from '../format.js';
import { isObject, type RawObject } from '../json-read.js';
import type { BotModel, ExpressionModel, InteractionModel, IntentModel, KeywordModel, NameTarget } from '../model.js';
import { pointerJoin } from '../problem.js';
import { validationOf } from './conditions.js';
import { list, object, objects, text, flag } from './read.js';
import { action } from './steps.js';

const KEYWORD_SLOT = 'keyword:';

function expression(value: unknown): ExpressionModel {
  if (typeof value === 'string') return { text: value, generate: true, slots: [], excludeContext: null };
  const node: RawObject = isObject(value) ? value : {};
  return {
    text: text(node, 'text') ?? '',
    generate: flag(node, 'generate', true),
    slots: objects(node, 'slots').map((slot) => {
      const type = text(slot, 'type') ?? '';
      return {
        name: text(slot, 'name') ?? '',
        type,
        keyword: type.startsWith(KEYWORD_SLOT) ? type.slice(KEYWORD_SLOT.length) : null,
        value: text(slot, 'value') ?? '',
      };
    }),
    excludeContext: text(node, 'excludeContext'),
  };
}

function expressions(node: RawObject, key: string): ExpressionModel[] {
  const value = node[key];
  return Array.isArray(value) ? value.map(expression) : [];
}

/** The spec spells the menu intent `sys::menu` once; both spellings mean `sys:menu`. */
function intentName(name: string | null): string | null {
  return name === 'sys::menu' ? 'sys:menu' : name;
}

function intents(node: RawObject): IntentModel[] {
  const value = node.intents;
  if (!Array.isArray(value)) return [];
  return value.map((intent) => {
    if (typeof intent === 'string') return { name: intentName(intent), excludeContext: null, expressions: [] };
    const obj: RawObject = isObject(intent) ? intent : {};
    return { name: intentName(text(obj, 'name')), excludeContext: text(obj, 'excludeContext'), expressions: expressions(obj, 'expressions') };
  });
}

function keywords(node: RawObject): KeywordModel[] {
  return objects(node, 'keywords').map((keyword) => ({
    name: text(keyword, 'name') ?? '',
    values: objects(keyword, 'values').map((v) => ({ value: text(v, 'value') ?? '', expressions: list(v, 'expressions') })),
  }));
}

function interaction(node: RawObject, pointer: string, format: DefinitionFormat): InteractionModel {
  return {
    name: text(node, 'name'),
    pointer,
    includes: list(node, 'include'),
    intents: intents(node),
    context: format === 'bot' ? text(node, 'context') : null,
    keywords: keywords(node),
    expressions: expressions(node, 'expressions'),
    actions: objects(node, 'actions').map((a, i) => action(a, pointerJoin(pointer, 'actions', i), format)),
    validation: validationOf(object(node, 'validation')),
  };
}

/** Builds the model; the input must already have passed the schema and the lint. */
export function normalizeDefinition(root: RawObject, format: DefinitionFormat): BotModel {
  const key = format === 'bot' ? 'interactions' : 'workflows';
  const interactions = (Array.isArray(root[key]) ? (root[key] as unknown[]) : [])
    .map((node, i) => interaction(isObject(node) ? node : {}, pointerJoin('', key, i), format));
  const names = new Map<string, NameTarget>();
  interactions.forEach((item, i) => {
    if (item.name !== null) names.set(item.name, { kind: 'interaction', interaction: i });
    item.actions.forEach((a, j) => {
      if (a.name !== null) names.set(a.name, { kind: 'action', interaction: i, action: j });
    });
  });
  return {
    format,
    name: text(root, 'name') ?? '',
    language: text(root, 'language'),
    interactions,
    welcomeExecute: text(root, 'welcomeMessageExecute'),
    includes: [...new Set(interactions.flatMap((i) => i.includes))],
    names,
  };
}
