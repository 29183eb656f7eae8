// The `delivered` step of a tests file: what each channel's provider receives for the next message, read and checked.
import { CHANNEL_TYPE_NAMES } from '../channel-types.js';
import { isMapping } from './json-match.js';
import { hasReceivedView, viewTypes } from './received.js';
import type { Problem } from './schema-problems.js';

/**
 * What one channel must receive: its `text` (a text written alone), fields of what it receives matched in part
 * (json-match.ts), or the reason it gives for not showing the message at all.
 */
export type ChannelExpectation =
  | { kind: 'text'; text: string }
  | { kind: 'match'; fields: Record<string, unknown> }
  | { kind: 'cannotShow'; reason: string };

/** By channel type; a type the step does not name must show the message, whatever it receives. */
export type DeliveredExpectation = ReadonlyMap<string, ChannelExpectation>;

const ALL_TYPES: readonly string[] = CHANNEL_TYPE_NAMES;

function expectationOf(type: string, value: unknown, at: (string | number)[], problems: Problem[]): ChannelExpectation | null {
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'number' || typeof value === 'boolean') {
    problems.push({ path: at, message: `must be a text: write it in quotes, "${String(value)}"` });
    return null;
  }
  if (!isMapping(value)) {
    problems.push({ path: at, message: 'must be a text (the text the channel receives), a mapping of fields it receives, or { cannotShow: reason }' });
    return null;
  }
  if (Object.keys(value).length === 0) {
    problems.push({ path: at, message: 'must not be empty (leave the channel out of the step to check only that it shows the message)' });
    return null;
  }
  if (!Object.hasOwn(value, 'cannotShow')) return { kind: 'match', fields: value };
  const others = Object.keys(value).filter((k) => k !== 'cannotShow');
  const before = problems.length;
  if (type === 'web') problems.push({ path: [...at, 'cannotShow'], message: 'web chat shows every message: cannotShow is for channels that give a reason not to' });
  if (others.length > 0) problems.push({ path: at, message: `cannotShow goes alone (a channel that cannot show the message receives none of it); remove ${others.join(', ')}` });
  if (typeof value.cannotShow !== 'string' || value.cannotShow === '') {
    problems.push({ path: [...at, 'cannotShow'], message: 'must be a text: the reason the channel gives for not showing the message' });
  }
  return problems.length > before ? null : { kind: 'cannotShow', reason: value.cannotShow as string };
}

/**
 * Reads a `delivered` step's mapping (already checked to be one) for a test that runs on `channels` (null when the
 * test names them wrongly: that is reported once, at the test). Every problem is added with its path; null when there was one.
 */
export function deliveredOf(
  value: Record<string, unknown>, at: (string | number)[], channels: readonly string[] | null, problems: Problem[],
): DeliveredExpectation | null {
  const out = new Map<string, ChannelExpectation>();
  const before = problems.length;
  for (const [type, expected] of Object.entries(value)) {
    const here = [...at, type];
    if (!ALL_TYPES.includes(type)) {
      problems.push({ path: here, message: `is not a channel type (one of ${ALL_TYPES.join(', ')})` });
      continue;
    }
    if (!hasReceivedView(type)) {
      problems.push({ path: here, message: `cannot be checked: Parley renders nothing of what ${type} channels receive yet (a step may name ${viewTypes(ALL_TYPES).join(', ')})` });
      continue;
    }
    if (channels !== null && !channels.includes(type)) {
      problems.push({ path: here, message: `names a channel this test does not run on (it runs on ${channels.join(', ')})` });
      continue;
    }
    const expectation = expectationOf(type, expected, here, problems);
    if (expectation !== null) out.set(type, expectation);
  }
  return problems.length > before ? null : out;
}
