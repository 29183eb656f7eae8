// Evaluating conditions: conversation facts (channel, tags, device) and attribute comparisons, under and/or/not.
import { DateTime } from 'luxon';
import { Decimal } from 'decimal.js';
import type { LanguageContext } from './context.js';
import { canonicalChannelId, type AttributeComparison, type ComparisonCheck, type ConditionNode, type ConditionTest, type ConversationFacts } from './condition-model.js';
import { parseJson } from './json-value.js';
import { renderTemplate } from './render.js';
import { resolveRef } from './resolve.js';
import { compileUserRegex } from './user-regex.js';
import { hasValueType, isNumberText } from './value-types.js';

/** A list of conditions holds when every item holds (the spec: "without operators, all must hold"). */
export function conditionsHold(conditions: readonly ConditionNode[], facts: ConversationFacts, ctx: LanguageContext): boolean {
  return conditions.every((node) => nodeHolds(node, facts, ctx));
}

export function nodeHolds(node: ConditionNode, facts: ConversationFacts, ctx: LanguageContext): boolean {
  switch (node.kind) {
    case 'all':
      return node.items.every((item) => nodeHolds(item, facts, ctx));
    case 'any':
      return node.items.some((item) => nodeHolds(item, facts, ctx));
    case 'not':
      return !nodeHolds(node.item, facts, ctx);
    case 'test':
      return testHolds(node.test, facts, ctx);
  }
}

function oneOf(list: string[] | null, value: string | null): boolean {
  if (list === null) return true;
  if (value === null) return false;
  const wanted = value.toLowerCase();
  return list.some((item) => item.toLowerCase() === wanted);
}

function testHolds(test: ConditionTest, facts: ConversationFacts, ctx: LanguageContext): boolean {
  if (!oneOf(test.channelTypes, facts.channelType)) return false;
  if (test.channelIds !== null && !test.channelIds.includes(canonicalChannelId(facts.channelId))) return false;
  if (test.tags !== null && !facts.humanTags.some((tag) => oneOf(test.tags, tag))) return false;
  if (!oneOf(test.deviceTypes, facts.deviceType)) return false;
  if (!oneOf(test.devicePlatforms, facts.devicePlatform)) return false;
  return test.comparison === null || comparisonHolds(test.comparison, ctx);
}

export function comparisonHolds(comparison: AttributeComparison, ctx: LanguageContext): boolean {
  const value = resolveRef(comparison.ref, ctx);
  return comparison.checks.every((check) => checkHolds(check, value, comparison.ignoreCase, ctx));
}

function checkHolds(check: ComparisonCheck, value: string | undefined, ignoreCase: boolean, ctx: LanguageContext): boolean {
  const actual = value ?? '';
  switch (check.op) {
    case 'exists':
      return (value !== undefined) === check.expected;
    case 'empty':
      return isEmpty(value) === check.expected;
    case 'is':
      return value !== undefined && hasValueType(actual, check.type);
    case 'in':
      return check.values.some((item) => same(actual, renderTemplate(item, ctx), ignoreCase));
    case 'notIn':
      return !check.values.some((item) => same(actual, renderTemplate(item, ctx), ignoreCase));
    default:
      return textCheck(check.op, actual, renderTemplate(check.value, ctx), ignoreCase, value !== undefined, ctx.timeZone);
  }
}

function textCheck(op: Exclude<ComparisonCheck['op'], 'exists' | 'empty' | 'is' | 'in' | 'notIn'>, actual: string, operand: string, ignoreCase: boolean, present: boolean, zone: string): boolean {
  const a = ignoreCase ? actual.toLowerCase() : actual;
  const b = ignoreCase ? operand.toLowerCase() : operand;
  switch (op) {
    case 'equals':
      return same(actual, operand, ignoreCase);
    case 'notEquals':
      return !same(actual, operand, ignoreCase);
    case 'contains':
      return contains(actual, operand, ignoreCase);
    case 'notContains':
      return !contains(actual, operand, ignoreCase);
    case 'startsWith':
      return a.startsWith(b);
    case 'endsWith':
      return a.endsWith(b);
    case 'matches': {
      const regex = compileUserRegex(operand, ignoreCase ? 'iu' : 'u');
      return regex !== null && regex.test(actual);
    }
    default: {
      const order = present ? compare(actual, operand, zone) : null;
      if (order === null) return false;
      if (op === 'greaterThan') return order > 0;
      if (op === 'greaterThanOrEqual') return order >= 0;
      if (op === 'lessThan') return order < 0;
      return order <= 0;
    }
  }
}

/** Absent, blank, or an empty JSON array/object/null. */
function isEmpty(value: string | undefined): boolean {
  if (value === undefined) return true;
  const text = value.trim();
  return text === '' || text === '[]' || text === '{}' || text === 'null';
}

/** Equal as numbers when both are numbers ("1.0" equals 1), otherwise as text. */
function same(a: string, b: string, ignoreCase: boolean): boolean {
  if (isNumberText(a) && isNumberText(b)) return new Decimal(a.trim()).eq(b.trim());
  return ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Substring test, or element test when the attribute holds a JSON array. */
function contains(actual: string, operand: string, ignoreCase: boolean): boolean {
  const parsed = parseJson(actual);
  if (parsed.ok && Array.isArray(parsed.value)) {
    return parsed.value.some((item) => same(typeof item === 'string' ? item : JSON.stringify(item), operand, ignoreCase));
  }
  return ignoreCase ? actual.toLowerCase().includes(operand.toLowerCase()) : actual.includes(operand);
}

/** Orders two values as numbers, else as ISO date-times; null when neither applies. */
function compare(a: string, b: string, zone: string): number | null {
  if (isNumberText(a) && isNumberText(b)) return new Decimal(a.trim()).cmp(b.trim());
  const da = DateTime.fromISO(a.trim(), { zone, setZone: true });
  const db = DateTime.fromISO(b.trim(), { zone, setZone: true });
  if (da.isValid && db.isValid) return Math.sign(da.toMillis() - db.toMillis());
  return null;
}
