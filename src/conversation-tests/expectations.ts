// Comparing what a bot sent or holds with what a test step expects, and describing both for a failure report.
import { isDeepStrictEqual } from 'node:util';
import type { OutboundEmail, OutboundMessage, RenderedButton } from '../engine/index.js';
import type { AttributeExpectation, BotExpectation, EmailExpectation } from './tests-schema.js';

const quote = (s: string | null | undefined) => (s === null || s === undefined ? 'none' : JSON.stringify(s));
const list = (items: readonly (string | null)[]) => `[${items.map((i) => i ?? '(untitled)').join(', ')}]`;
const titles = (buttons: readonly RenderedButton[]) => buttons.map((b) => b.title);

/** The parts of a message a `bot` step can name, as the test would write them. */
function parts(m: OutboundMessage): Required<{ [K in keyof BotExpectation]: unknown }> {
  return {
    text: m.text,
    title: m.title,
    media: m.media,
    quickReplies: titles(m.quickReplies),
    buttons: titles(m.buttons),
    carousel: m.carousel.map((c) => c.title),
    form: m.form?.fields.map((f) => f.title ?? f.name) ?? [],
    sources: m.answer?.sources.map((s) => s.title) ?? [],
  };
}

/** Names of the fields that differ; empty when the message matches. */
export function messageMismatches(expected: BotExpectation, actual: OutboundMessage): string[] {
  const got = parts(actual);
  return (Object.keys(expected) as (keyof BotExpectation)[]).filter((key) => !isDeepStrictEqual(expected[key] ?? null, got[key]));
}

export function describeExpected(expected: BotExpectation): string {
  return (Object.entries(expected) as [keyof BotExpectation, unknown][])
    .map(([key, value]) => `${key} ${Array.isArray(value) ? list(value as string[]) : quote(value as string | null)}`)
    .join(' · ') || 'any message';
}

export function describeMessage(m: OutboundMessage): string {
  const p = parts(m);
  const out: string[] = [];
  if (p.title !== null) out.push(`title ${quote(p.title as string)}`);
  out.push(`text ${quote(p.text as string | null)}`);
  if (p.media !== null) out.push(`media ${quote(p.media as string)}`);
  for (const key of ['quickReplies', 'buttons', 'carousel', 'form'] as const) {
    const items = p[key] as (string | null)[];
    if (items.length > 0) out.push(`${key} ${list(items)}`);
  }
  return out.join(' · ');
}

export function emailMismatches(expected: EmailExpectation, actual: OutboundEmail): string[] {
  const out: string[] = [];
  if (expected.to !== undefined && !isDeepStrictEqual(typeof expected.to === 'string' ? [expected.to] : expected.to, actual.to)) out.push('to');
  if (expected.subject !== undefined && expected.subject !== actual.subject) out.push('subject');
  if (expected.text !== undefined && expected.text !== actual.text) out.push('text');
  return out;
}

export function describeEmailExpected(expected: EmailExpectation): string {
  return Object.entries(expected).map(([k, v]) => `${k} ${Array.isArray(v) ? list(v as string[]) : quote(v as string)}`).join(' · ') || 'any e-mail';
}

export function describeEmail(e: OutboundEmail): string {
  return `to ${list(e.to)} · subject ${quote(e.subject)} · text ${quote(e.text)}`;
}

/**
 * Whether an attribute holds what a step expects. Attributes are text: a number matches the text of
 * that number (`2` matches "2" and "2.0"), true/false match "true"/"false", null means absent, and a
 * list or mapping matches an attribute holding that JSON.
 */
export function attributeHolds(expected: AttributeExpectation, actual: string | undefined): boolean {
  if (expected === null) return actual === undefined;
  if (actual === undefined) return false;
  if (typeof expected === 'string') return actual === expected;
  if (typeof expected === 'boolean') return actual === String(expected);
  if (typeof expected === 'number') return actual.trim() !== '' && Number(actual) === expected;
  try {
    return isDeepStrictEqual(JSON.parse(actual), expected);
  } catch {
    return false;
  }
}

export function describeAttribute(value: AttributeExpectation | string | undefined): string {
  return value === undefined || value === null ? 'absent' : JSON.stringify(value);
}
