// Reading a tests file: YAML parsed with line numbers, checked against the schema, turned into typed tests and steps.
import { IANAZone } from 'luxon';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { CHANNEL_TYPE_NAMES } from '../channel-types.js';
import { durationMs, parseReference } from '../engine/index.js';
import { deliveredOf, type DeliveredExpectation } from './delivered.js';
import { check, pointer, type Problem } from './schema-problems.js';
import {
  STEP_SCHEMAS, TestCase, TestsObject,
  type AttributeExpectation, type BotExpectation, type HttpFixture, type KnowledgeFixture, type ModelFixture, type EmailExpectation, type HumanSeed, type StepKind, type UserInput,
} from './tests-schema.js';

export type Step =
  | { kind: 'user'; input: UserInput }
  | { kind: 'bot'; expect: BotExpectation }
  | { kind: 'delivered'; expect: DeliveredExpectation }
  | { kind: 'email'; expect: EmailExpectation }
  | { kind: 'wait'; ms: number }
  | { kind: 'attributes'; expect: Record<string, AttributeExpectation> }
  | { kind: 'silent' }
  | { kind: 'welcome' };

export type LocatedStep = Step & { line: number };

export interface ConversationTest {
  name: string;
  line: number;
  /** The channel types it runs on, once each, in order: `channel` (default web), or the list `channels` gives. */
  channels: string[];
  /** Written with `channels`: each run is reported as "name (on type)". */
  perChannel: boolean;
  human: HumanSeed;
  attributes: Record<string, AttributeExpectation>;
  now: Date | null;
  timeZone: string | null;
  /** The test's own fixtures first, then the file's. */
  http: HttpFixture[];
  /** The test's knowledge bases, else the file's; and the scripted model, if any. */
  knowledge: KnowledgeFixture[];
  model: ModelFixture | null;
  steps: LocatedStep[];
}

/** A tests file that cannot be run as written; the message lists every problem with its place. */
export class TestsFileError extends Error {
  override name = 'TestsFileError';
}

/** Why a name cannot be seeded (`stored`) or checked; null when it can. */
function attributeNameProblem(name: string, stored: boolean): string | null {
  const ref = parseReference(name);
  if (ref === null || ref.kind !== 'attribute' || ref.path.length > 0 || ref.suffix !== null) return 'is not an attribute name (a name with an optional scope: name, bot:name, sys:firstName)';
  if (stored && ref.scope === 'sys') return 'is a sys: attribute; seed the human record with human: (firstName, lastName, phone, email, tags)';
  return null;
}

function attributeProblems(values: Record<string, unknown>, at: (string | number)[], stored: boolean): Problem[] {
  return Object.keys(values).flatMap((name) => {
    const problem = attributeNameProblem(name, stored);
    return problem === null ? [] : [{ path: [...at, name], message: problem }];
  });
}

function stepOf(raw: Record<string, unknown>, at: (string | number)[], channels: readonly string[] | null, problems: Problem[]): Step | null {
  const keys = Object.keys(raw);
  const kinds = Object.keys(STEP_SCHEMAS);
  if (keys.length !== 1 || !kinds.includes(keys[0]!)) {
    problems.push({ path: at, message: `a step has exactly one of ${kinds.join(', ')}; this one has ${keys.length === 0 ? 'none' : keys.join(', ')}` });
    return null;
  }
  const kind = keys[0] as StepKind;
  const value = raw[kind];
  const spec = STEP_SCHEMAS[kind];
  const here = [...at, kind];
  if (kind === 'wait') {
    const ms = typeof value === 'string' ? durationMs(value.trim()) : null;
    if (ms === null) problems.push({ path: here, message: 'must be a duration such as "30s", "10m", "2h" or "1d"' });
    return ms === null ? null : { kind, ms };
  }
  if (spec.text && typeof value === 'string') return kind === 'user' ? { kind, input: { text: value } } : { kind: 'bot', expect: { text: value } };
  if (spec.text && (typeof value === 'number' || typeof value === 'boolean')) {
    // YAML reads 10423 and true as a number and a boolean; what a human types is text.
    problems.push({ path: here, message: `must be a text: write it in quotes, "${String(value)}"` });
    return null;
  }
  if (spec.text && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    const fields = Object.keys((spec.schema as { properties?: object }).properties ?? {}).join(', ');
    problems.push({ path: here, message: `must be a text, or a mapping with some of ${fields}` });
    return null;
  }
  const found = check(spec.schema!, value, here);
  if (found.length > 0) {
    problems.push(...found);
    return null;
  }
  switch (kind) {
    case 'user': {
      const input = value as UserInput;
      const form = input.submit !== undefined || input.dismiss !== undefined;
      if (form && (input.text !== undefined || input.payload !== undefined || input.location !== undefined || (input.submit !== undefined && input.dismiss !== undefined))) {
        problems.push({ path: here, message: 'submit and dismiss send a form back: each goes alone, without text, payload or location' });
        return null;
      }
      return { kind, input };
    }
    case 'bot':
      return { kind, expect: value as BotExpectation };
    case 'delivered': {
      const expect = deliveredOf(value as Record<string, unknown>, here, channels, problems);
      return expect === null ? null : { kind, expect };
    }
    case 'email':
      return { kind, expect: value as EmailExpectation };
    case 'attributes': {
      const names = attributeProblems(value as Record<string, unknown>, here, false);
      problems.push(...names);
      return names.length > 0 ? null : { kind, expect: value as Record<string, AttributeExpectation> };
    }
    case 'silent':
      return { kind };
    case 'welcome':
      return { kind };
  }
}

/** Where in the source a path's node starts (the nearest node that exists: a missing field is reported at its parent). */
function offsetOf(doc: Document, path: readonly (string | number)[]): number {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range !== undefined) return range[0];
  }
  return 0;
}

const TYPES: readonly unknown[] = CHANNEL_TYPE_NAMES;

/** The channel types a test runs on; null when its `channel` or `channels` is wrong (the schema or this says why). */
function channelsOf(t: Partial<Record<keyof TestCase, unknown>>, at: (string | number)[], problems: Problem[]): string[] | null {
  if (t.channel !== undefined && t.channels !== undefined) {
    problems.push({ path: [...at, 'channels'], message: 'a test runs on one channel (channel) or on several (channels), not both' });
    return null;
  }
  if (t.channels === undefined) return typeof t.channel === 'string' && TYPES.includes(t.channel) ? [t.channel] : t.channel === undefined ? ['web'] : null;
  if (!Array.isArray(t.channels)) return null;
  const list: unknown[] = t.channels;
  const twice = list.flatMap((type, i) => (typeof type === 'string' && list.indexOf(type) < i ? [i] : []));
  for (const i of twice) problems.push({ path: [...at, 'channels', i], message: `names ${String(list[i])} a second time` });
  // Types that are not channel types, and an empty list, are the schema's to report.
  return twice.length > 0 || list.length === 0 || !list.every((c) => TYPES.includes(c)) ? null : (list as string[]);
}

function testOf(raw: unknown, at: (string | number)[], shared: HttpFixture[], sharedKnowledge: KnowledgeFixture[], problems: Problem[], line: (path: readonly (string | number)[]) => number): ConversationTest | null {
  const found = check(TestCase, raw, at);
  problems.push(...found);
  // The parts are checked even when the shape is wrong elsewhere, so one run shows every problem in the file.
  const t = (raw !== null && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof TestCase, unknown>>;
  let now: Date | null = null;
  if (typeof t.now === 'string') {
    now = new Date(t.now);
    if (Number.isNaN(now.getTime())) problems.push({ path: [...at, 'now'], message: 'must be an ISO date-time such as 2025-03-05T10:00:00Z' });
  }
  if (typeof t.timeZone === 'string' && !IANAZone.isValidZone(t.timeZone)) {
    problems.push({ path: [...at, 'timeZone'], message: 'must be an IANA time zone such as Europe/Paris' });
  }
  if (t.attributes !== null && typeof t.attributes === 'object') problems.push(...attributeProblems(t.attributes as Record<string, unknown>, [...at, 'attributes'], true));
  const channels = channelsOf(t, at, problems);
  const steps: LocatedStep[] = [];
  if (Array.isArray(t.steps)) {
    t.steps.forEach((rawStep: unknown, i) => {
      if (rawStep === null || typeof rawStep !== 'object' || Array.isArray(rawStep)) return;
      const step = stepOf(rawStep as Record<string, unknown>, [...at, 'steps', i], channels, problems);
      if (step !== null) steps.push({ ...step, line: line([...at, 'steps', i]) });
    });
  }
  if (found.length > 0 || channels === null) return null;
  const test = raw as TestCase;
  return {
    name: test.name, line: line(at), channels, perChannel: test.channels !== undefined, human: test.human ?? {}, attributes: test.attributes ?? {}, now,
    timeZone: test.timeZone ?? null, http: [...(test.http ?? []), ...shared], steps,
    knowledge: test.knowledge ?? sharedKnowledge, model: test.model ?? null,
  };
}

/**
 * Parses a tests file: a list of tests, or `{ http: [fixtures], tests: [...] }` when fixtures are
 * shared. Throws TestsFileError listing every problem as `file:line: /path: message`.
 */
export function parseTestsFile(source: string, fileName: string): ConversationTest[] {
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new TestsFileError(`${fileName}:${counter.linePos(e.pos[0]).line}: not valid YAML: ${e.message.split('\n')[0]}`);
  }
  const root: unknown = doc.toJS();
  const problems: Problem[] = [];
  let list: unknown[] = [];
  let shared: HttpFixture[] = [];
  let sharedKnowledge: KnowledgeFixture[] = [];
  let base: (string | number)[] = [];
  if (Array.isArray(root)) {
    list = root;
  } else if (root !== null && typeof root === 'object') {
    problems.push(...check(TestsObject, root, []));
    if (problems.length === 0) {
      const object = root as { http?: HttpFixture[]; knowledge?: KnowledgeFixture[]; tests: unknown[] };
      shared = object.http ?? [];
      sharedKnowledge = object.knowledge ?? [];
      list = object.tests;
      base = ['tests'];
    }
  } else {
    problems.push({ path: [], message: 'a tests file is a list of tests, or a mapping with "tests" (and optional shared "http" fixtures)' });
  }
  if (Array.isArray(root) && root.length === 0) problems.push({ path: [], message: 'the file has no tests' });
  const line = (path: readonly (string | number)[]) => counter.linePos(offsetOf(doc, path)).line;
  const tests = list.map((raw, i) => testOf(raw, [...base, i], shared, sharedKnowledge, problems, line));
  const names = new Set<string>();
  tests.forEach((t, i) => {
    if (t === null) return;
    if (names.has(t.name)) problems.push({ path: [...base, i, 'name'], message: `another test is already named "${t.name}"` });
    names.add(t.name);
  });
  if (problems.length > 0) {
    // In the order of the file, so problems on one line (items of a flow list) come in the order they are written.
    const sorted = problems.map((p) => ({ ...p, offset: offsetOf(doc, p.path) })).sort((a, b) => a.offset - b.offset).map((p) => ({ ...p, line: line(p.path) }));
    throw new TestsFileError(sorted.map((p) => `${fileName}:${p.line}: ${pointer(p.path)} ${p.message}`).join('\n'));
  }
  return tests.filter((t): t is ConversationTest => t !== null);
}
