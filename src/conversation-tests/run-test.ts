// Runs one conversation test against a bot program in memory: seeds, then each step in order until one fails.
import {
  type AttributeSeed, type BotProgram, type ConversationEvent, MemoryConversation, messageEvent, type OutboundEmail,
  type OutboundItem, type OutboundMessage, parseReference, type RunIssue,
} from '../engine/index.js';
import { deliveredFailure } from './delivered-check.js';
import {
  attributeHolds, describeAttribute, describeEmail, describeEmailExpected, describeExpected, describeMessage, emailMismatches, messageMismatches,
} from './expectations.js';
import { FixtureHttp } from './http-fixtures.js';
import { MemoryKnowledge } from './memory-knowledge.js';
import type { ConversationTest, LocatedStep } from './tests-file.js';
import type { AttributeExpectation, UserInput } from './tests-schema.js';

export interface StepFailure {
  /** 1-based, as a person counts steps. */
  step: number;
  line: number;
  /** What went wrong, then the expected and actual lines. */
  lines: string[];
}

export interface TestOutcome {
  test: ConversationTest;
  /** The channel type this run was on. */
  channel: string;
  /** The test's name as reported: with the channel, "name (on type)", when the test runs on several. */
  label: string;
  failure: StepFailure | null;
  /** What the runner reported while the test ran (failed requests, unknown targets …), shown with a failure. */
  issues: RunIssue[];
  /** Pointers of the interactions entered and actions run (for --coverage). */
  visited: ReadonlySet<string>;
}

class Failed extends Error {
  constructor(readonly lines: string[]) {
    super(lines[0]);
  }
}

function seedValue(value: AttributeExpectation): string | null {
  if (value === null) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Seeds by scope; names were checked when the file was read. */
function seeds(attributes: Record<string, AttributeExpectation>): AttributeSeed {
  const out: AttributeSeed = {};
  for (const [name, value] of Object.entries(attributes)) {
    const ref = parseReference(name);
    const text = seedValue(value);
    if (ref === null || ref.kind !== 'attribute' || ref.scope === 'sys' || text === null) continue;
    (out[ref.scope] ??= {})[ref.name] = text;
  }
  return out;
}

class TestRun {
  private read = 0;
  /** What the bot sent since the last user, welcome or wait step and no step has checked yet. */
  private pending: OutboundItem[] = [];

  constructor(private readonly conversation: MemoryConversation, private readonly http: FixtureHttp) {}

  private async turn(run: () => Promise<unknown>): Promise<void> {
    await run();
    const sent = this.conversation.sent;
    this.pending = sent.slice(this.read).filter((i) => i.kind !== 'note');
    this.read = sent.length;
    const unmatched = this.http.takeUnmatched();
    if (unmatched.length > 0) {
      throw new Failed(['the bot made an HTTP request that no fixture answers (tests run offline; add it under http:)', ...unmatched.map((u) => `  request: ${u}`)]);
    }
  }

  private formEvent(input: UserInput): ConversationEvent {
    const state = this.conversation.state;
    const token = state.suspended?.kind === 'form' && state.suspended.field === null ? state.suspended.token : state.openForms.at(-1)?.token;
    if (token === undefined) throw new Failed(['no form is waiting to be sent back', `  actual: ${state.suspended?.kind === 'form' ? 'the form is being asked field by field (answer with user: text)' : 'no open form'}`]);
    if (input.dismiss === true) return { kind: 'form', token, action: 'dismiss', values: {} };
    const values: Record<string, string | string[] | boolean> = {};
    for (const [name, v] of Object.entries(input.submit ?? {})) values[name] = typeof v === 'number' ? String(v) : v;
    return { kind: 'form', token, action: 'submit', values };
  }

  private next<K extends 'message' | 'email'>(kind: K): Extract<OutboundItem, { kind: K }> | null {
    const index = this.pending.findIndex((i) => i.kind === kind);
    if (index < 0) return null;
    return this.pending.splice(index, 1)[0] as Extract<OutboundItem, { kind: K }>;
  }

  async step(step: LocatedStep): Promise<void> {
    const c = this.conversation;
    switch (step.kind) {
      case 'user': {
        const input = step.input;
        const event = input.submit !== undefined || input.dismiss !== undefined
          ? this.formEvent(input)
          : messageEvent({ text: input.text ?? null, payload: input.payload ?? null, location: input.location ? { ...input.location, label: null } : null });
        await this.turn(() => c.handle(event));
        return;
      }
      case 'welcome':
        await this.turn(() => c.handle({ kind: 'welcome' }));
        return;
      case 'wait':
        await this.turn(() => c.advance(step.ms));
        return;
      case 'bot': {
        const message = this.next('message');
        if (message === null) throw new Failed(['the bot sent no message here', `  expected: ${describeExpected(step.expect)}`, '  actual:   no message']);
        const wrong = messageMismatches(step.expect, message as OutboundMessage);
        if (wrong.length > 0) {
          throw new Failed([`the message differs in ${wrong.join(', ')}`, `  expected: ${describeExpected(step.expect)}`, `  actual:   ${describeMessage(message)}`]);
        }
        return;
      }
      case 'delivered': {
        const message = this.next('message');
        if (message === null) throw new Failed(['the bot sent no message here', `  expected: a message ${c.channelType} receives`, '  actual:   no message']);
        const failure = deliveredFailure(step.expect, c.channelType, c.human.phone, message as OutboundMessage);
        if (failure !== null) throw new Failed(failure);
        return;
      }
      case 'email': {
        const email = this.next('email');
        if (email === null) throw new Failed(['the bot sent no e-mail here', `  expected: ${describeEmailExpected(step.expect)}`, '  actual:   no e-mail']);
        const wrong = emailMismatches(step.expect, email as OutboundEmail);
        if (wrong.length > 0) throw new Failed([`the e-mail differs in ${wrong.join(', ')}`, `  expected: ${describeEmailExpected(step.expect)}`, `  actual:   ${describeEmail(email)}`]);
        return;
      }
      case 'silent': {
        const messages = this.pending.filter((i): i is OutboundMessage => i.kind === 'message');
        if (messages.length > 0) throw new Failed(['the bot was expected to be silent', '  expected: no message', ...messages.map((m) => `  actual:   ${describeMessage(m)}`)]);
        return;
      }
      case 'attributes': {
        const wrong = Object.entries(step.expect).filter(([name, value]) => !attributeHolds(value, c.read(name)));
        if (wrong.length > 0) {
          throw new Failed([
            `${wrong.length === 1 ? 'an attribute does' : 'attributes do'} not hold the expected value`,
            ...wrong.map(([name, value]) => `  ${name}: expected ${describeAttribute(value)}, actual ${describeAttribute(c.read(name))}`),
          ]);
        }
        return;
      }
    }
  }
}

/** How a run of the test is reported: its name, with the channel when the test runs on several. */
export function runLabel(test: ConversationTest, channel: string): string {
  return test.perChannel ? `${test.name} (on ${channel})` : test.name;
}

/** Runs a test on one of its channel types from a fresh conversation; `timeZone` is the default when the test names none. */
export async function runTest(program: BotProgram, test: ConversationTest, channel: string, timeZone: string): Promise<TestOutcome> {
  const http = new FixtureHttp(test.http);
  const conversation = new MemoryConversation({
    program,
    channelType: channel,
    human: { ...test.human, firstName: test.human.firstName ?? null, lastName: test.human.lastName ?? null, phone: test.human.phone ?? null, email: test.human.email ?? null, tags: [...(test.human.tags ?? [])] },
    attributes: seeds(test.attributes),
    now: test.now ?? undefined,
    timeZone: test.timeZone ?? timeZone,
    http,
    ...(test.knowledge.length > 0 || test.model !== null ? { knowledge: new MemoryKnowledge(test.knowledge, test.model) } : {}),
  });
  const run = new TestRun(conversation, http);
  for (const [i, step] of test.steps.entries()) {
    try {
      await run.step(step);
    } catch (error) {
      // A runner that throws is a bug in Parley, not in the bot; it fails this test and the others still run.
      const lines = error instanceof Failed ? error.lines : [`the runner threw: ${error instanceof Error ? error.stack ?? error.message : String(error)}`];
      return { test, channel, label: runLabel(test, channel), failure: { step: i + 1, line: step.line, lines }, issues: conversation.issues, visited: conversation.visited };
    }
  }
  return { test, channel, label: runLabel(test, channel), failure: null, issues: conversation.issues, visited: conversation.visited };
}
