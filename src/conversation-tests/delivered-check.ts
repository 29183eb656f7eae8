// Checking what a channel receives for a bot message against a `delivered` step, and the failure report when it differs.
import { stringify } from 'yaml';
import type { OutboundMessage } from '../engine/index.js';
import type { ChannelExpectation, DeliveredExpectation } from './delivered.js';
import { jsonMismatches, type Mismatch } from './json-match.js';
import { received } from './received.js';

/** Differences listed one by one up to this many; what the channel received follows in full anyway. */
const MISMATCHES_LISTED = 8;

const quote = (s: string) => JSON.stringify(s);

/** What the channel received, as YAML (the tests file's language, so it can be copied into a step), indented under a heading. */
function receivedLines(type: string, view: Record<string, unknown>): string[] {
  const yaml = stringify(view, { lineWidth: 0 }).trimEnd();
  return [`  ${type} receives:`, ...yaml.split('\n').map((line) => (line.trim() === '' ? '' : `    ${line}`))];
}

function expectedWords(expected: ChannelExpectation): string {
  switch (expected.kind) {
    case 'text':
      return `text ${quote(expected.text)}`;
    case 'match': {
      const json = JSON.stringify(expected.fields);
      return json.length > 160 ? `${json.slice(0, 159)}…` : json;
    }
    case 'cannotShow':
      return `cannot show it: ${quote(expected.reason)}`;
  }
}

function mismatchLines(mismatches: Mismatch[]): string[] {
  const listed = mismatches.slice(0, MISMATCHES_LISTED).flatMap((m) => [`  at ${m.at}`, `    expected: ${m.expected}`, `    actual:   ${m.actual}`]);
  const more = mismatches.length - MISMATCHES_LISTED;
  return more > 0 ? [...listed, `  … and ${more} more`] : listed;
}

/**
 * Why what `type` receives for the message is not what the step expects; null when it is. A type the step does not
 * name must be able to show the message (a channel that drops a message does so only where a test says it does).
 */
export function deliveredFailure(expect: DeliveredExpectation, type: string, humanPhone: string | null, message: OutboundMessage): string[] | null {
  const expected = expect.get(type);
  const got = received(type, humanPhone, message);
  // A type Parley renders no view for (the step cannot name one): the message exists, which is all there is to check.
  if (got === null) return null;
  if (expected === undefined) {
    if (got.ok) return null;
    return [
      `${type} cannot show this message, and the step does not expect that`,
      `  reason: ${got.reason}`,
      `  (where a channel cannot show a message, the step says so: ${type}: { cannotShow: ${quote(got.reason)} })`,
    ];
  }
  if (expected.kind === 'cannotShow') {
    if (got.ok) return [`${type} shows this message, and the step expects it cannot`, `  expected: ${expectedWords(expected)}`, '  actual:   shown', ...receivedLines(type, got.view)];
    if (got.reason === expected.reason) return null;
    return [`${type} cannot show this message, for another reason`, `  expected: ${quote(expected.reason)}`, `  actual:   ${quote(got.reason)}`];
  }
  if (!got.ok) return [`${type} cannot show this message`, `  expected: ${expectedWords(expected)}`, `  actual:   cannot show it: ${quote(got.reason)}`];
  if (expected.kind === 'text' && typeof got.view.text !== 'string') {
    return [`a text alone stands for the text ${type} receives, and ${type} receives no text field: write a mapping of what it receives`, ...receivedLines(type, got.view)];
  }
  const fields = expected.kind === 'text' ? { text: expected.text } : expected.fields;
  const mismatches = jsonMismatches(fields, got.view);
  if (mismatches.length === 0) return null;
  if (mismatches.length === 1) {
    const [only] = mismatches as [Mismatch];
    return [`what ${type} receives differs at ${only.at}`, `  expected: ${only.expected}`, `  actual:   ${only.actual}`, ...receivedLines(type, got.view)];
  }
  return [`what ${type} receives differs in ${mismatches.length} places`, ...mismatchLines(mismatches), ...receivedLines(type, got.view)];
}
