// The shape of conditions once normalized: tests on the conversation and on attributes, combined by and/or/not.
import type { ValueRef } from './reference.js';

export type ConditionNode =
  | { kind: 'all'; items: ConditionNode[] }
  | { kind: 'any'; items: ConditionNode[] }
  | { kind: 'not'; item: ConditionNode }
  | { kind: 'test'; test: ConditionTest };

/** One Condition object: every field given must hold. Null means the field was not given. */
export interface ConditionTest {
  channelTypes: string[] | null;
  /** Canonical ids (see canonicalChannelId). */
  channelIds: string[] | null;
  tags: string[] | null;
  deviceTypes: string[] | null;
  devicePlatforms: string[] | null;
  comparison: AttributeComparison | null;
}

export interface AttributeComparison {
  /** The reference as written, for messages and logs. */
  attribute: string;
  ref: ValueRef;
  ignoreCase: boolean;
  /** Every check must hold. */
  checks: ComparisonCheck[];
}

/** Checks whose operand is a text (tags allowed) compared with the attribute's value. */
export const TEXT_COMPARATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'matches',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
] as const;
export type TextComparator = (typeof TEXT_COMPARATORS)[number];

export const LIST_COMPARATORS = ['in', 'notIn'] as const;
export type ListComparator = (typeof LIST_COMPARATORS)[number];

export const FLAG_COMPARATORS = ['exists', 'empty'] as const;
export type FlagComparator = (typeof FLAG_COMPARATORS)[number];

/** Value kinds the `is` check recognizes; handy in validations of captured input. */
export const VALUE_TYPES = ['number', 'integer', 'boolean', 'email', 'phone', 'url', 'json', 'array', 'object', 'date', 'time', 'datetime'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export type ComparisonCheck =
  | { op: TextComparator; value: string }
  | { op: ListComparator; values: string[] }
  | { op: FlagComparator; expected: boolean }
  | { op: 'is'; type: ValueType };

export const COMPARATOR_FIELDS: readonly string[] = [...TEXT_COMPARATORS, ...LIST_COMPARATORS, ...FLAG_COMPARATORS, 'is'];

/** A channel id as compared in conditions: trimmed, leading zeros dropped, so 7, "7" and "007" are one id. */
export function canonicalChannelId(id: number | string): string {
  return String(id).trim().replace(/^0+(?=\d)/, '');
}

/** What the runtime knows about the conversation an action runs in. */
export interface ConversationFacts {
  channelType: string;
  channelId: number | string;
  humanTags: readonly string[];
  deviceType: string | null;
  devicePlatform: string | null;
}
