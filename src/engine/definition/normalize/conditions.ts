// Normalizing Condition and Operator objects into condition trees, and Validation objects.
import {
  canonicalChannelId, FLAG_COMPARATORS, LIST_COMPARATORS, TEXT_COMPARATORS, VALUE_TYPES,
  type ComparisonCheck, type ConditionNode, type ConditionTest,
} from '../../language/condition-model.js';
import { parseReference } from '../../language/reference.js';
import { isObject, type RawObject } from '../json-read.js';
import type { ValidationModel } from '../model.js';
import { flag, list, objects, oneOf, text } from './read.js';

function operandText(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** A "string or array" field, or null when the condition does not use it. */
function optionalList(node: RawObject, key: string): string[] | null {
  if (!Object.hasOwn(node, key)) return null;
  const value = node[key];
  if (Array.isArray(value)) return value.map(operandText);
  return value === null || value === undefined ? null : [operandText(value)];
}

function checksOf(node: RawObject): ComparisonCheck[] {
  const checks: ComparisonCheck[] = [];
  for (const op of TEXT_COMPARATORS) if (Object.hasOwn(node, op)) checks.push({ op, value: operandText(node[op]) });
  for (const op of LIST_COMPARATORS) if (Object.hasOwn(node, op)) checks.push({ op, values: optionalList(node, op) ?? [] });
  for (const op of FLAG_COMPARATORS) if (Object.hasOwn(node, op)) checks.push({ op, expected: flag(node, op, true) });
  const type = oneOf(node, 'is', VALUE_TYPES, null);
  if (type !== null) checks.push({ op: 'is', type });
  return checks;
}

function testOf(node: RawObject): ConditionTest {
  const attribute = text(node, 'attribute');
  const ref = attribute === null ? null : parseReference(attribute);
  return {
    channelTypes: optionalList(node, 'channelTypes'),
    channelIds: optionalList(node, 'channelIds')?.map(canonicalChannelId) ?? null,
    tags: optionalList(node, 'tags'),
    deviceTypes: optionalList(node, 'deviceTypes'),
    devicePlatforms: optionalList(node, 'devicePlatforms'),
    comparison: attribute === null || ref === null
      ? null
      : { attribute, ref, ignoreCase: flag(node, 'ignoreCase', false), checks: checksOf(node) },
  };
}

export function conditionNode(node: RawObject): ConditionNode {
  if (Object.hasOwn(node, 'and')) return { kind: 'all', items: objects(node, 'and').map(conditionNode) };
  if (Object.hasOwn(node, 'or')) return { kind: 'any', items: objects(node, 'or').map(conditionNode) };
  if (Object.hasOwn(node, 'not') && isObject(node.not)) return { kind: 'not', item: conditionNode(node.not) };
  return { kind: 'test', test: testOf(node) };
}

export function conditionList(node: RawObject, key = 'conditions'): ConditionNode[] {
  return objects(node, key).map(conditionNode);
}

export function validationOf(node: RawObject | null): ValidationModel | null {
  if (node === null) return null;
  return { conditions: conditionList(node), executeOnError: list(node, 'executeOnError') };
}
