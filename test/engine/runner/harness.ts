// Builds programs from definitions written in tests (cached: training a recognizer takes a moment) and talks to them in memory.
import { channelCapabilities } from '../../../src/engine/channel-capabilities.js';
import { validateDefinition, type BotModel } from '../../../src/engine/definition/index.js';
import type { RunEnvironment } from '../../../src/engine/environment.js';
import { MemoryAttributes } from '../../../src/engine/language/memory-attributes.js';
import { messageEvent, type ConversationEvent, type InboundLocation, type InboundMedia } from '../../../src/engine/events.js';
import { MemoryConversation, type MemoryConversationOptions } from '../../../src/engine/memory-host.js';
import type { OutboundEmail, OutboundItem, OutboundMessage, OutboundNote, RenderedForm } from '../../../src/engine/outbound.js';
import { HttpFailure, type HttpPort, type HttpRequest, type HttpResponse } from '../../../src/engine/ports.js';
import { buildProgram, type BotProgram } from '../../../src/engine/program.js';

type Definition = Record<string, unknown>;

function modelOf(definition: unknown, included: Record<string, Definition>): BotModel {
  const result = validateDefinition(definition, { resolveInclude: (name) => included[name] });
  if (!result.ok) throw new Error(`test definition is invalid:\n${result.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n')}`);
  return result.model;
}

const programs = new Map<string, BotProgram>();

/** The program of a definition (and of the bots it includes, by name), built once per test file. */
export function program(definition: unknown, included: Record<string, Definition> = {}): BotProgram {
  const key = JSON.stringify([definition, included]);
  let built = programs.get(key);
  if (built === undefined) {
    const models = new Map(Object.entries(included).map(([name, d]) => [name, modelOf(d, included)]));
    built = buildProgram(modelOf(definition, included), models);
    programs.set(key, built);
  }
  return built;
}

const asExpression = (e: unknown): unknown => (typeof e === 'string' ? { text: e } : e);

/**
 * The same bot in the RCS experience format: interactions become workflows (with `intents`, their
 * string expressions become Expression objects). Only for definitions using what both formats share.
 */
export function asExperience(definition: Definition, welcomeMessageExecute?: string): Definition {
  const interactions = definition.interactions as Definition[];
  const workflows = interactions.map((interaction) => {
    const { context: _context, include: _include, intents, ...rest } = interaction;
    const converted = ((intents ?? []) as unknown[]).map((intent) => {
      if (typeof intent === 'string') return intent;
      const i = intent as Definition;
      return { ...i, expressions: ((i.expressions ?? []) as unknown[]).map(asExpression) };
    });
    return { ...rest, intents: converted };
  });
  return { name: definition.name, workflows, ...(welcomeMessageExecute ? { welcomeMessageExecute } : {}) };
}

/** A definition in both formats, for `describe.each`. */
export function bothFormats(definition: Definition): [string, Definition][] {
  return [['bot format', definition], ['experience format', asExperience(definition)]];
}

export interface TalkOptions extends Omit<MemoryConversationOptions, 'program'> {
  included?: Record<string, Definition>;
}

export class Talk {
  readonly conversation: MemoryConversation;
  private read = 0;

  constructor(definition: unknown, options: TalkOptions = {}) {
    const { included, ...rest } = options;
    this.conversation = new MemoryConversation({ program: program(definition, included), now: new Date('2025-03-05T10:00:00Z'), ...rest });
  }

  async event(event: ConversationEvent): Promise<OutboundItem[]> {
    await this.conversation.handle(event);
    return this.replies();
  }

  async say(text: string | null, payload: string | null = null): Promise<OutboundItem[]> {
    return this.event(messageEvent({ text, payload }));
  }

  /** A click on a postback button or quick reply: the payload alone, as most channels report it. */
  async click(payload: string): Promise<(string | null)[]> {
    return textsOf(await this.say(null, payload));
  }

  async texts(text: string | null, payload: string | null = null): Promise<(string | null)[]> {
    return textsOf(await this.say(text, payload));
  }

  async send(parts: { text?: string; media?: InboundMedia[]; location?: InboundLocation }): Promise<(string | null)[]> {
    return textsOf(await this.event(messageEvent(parts)));
  }

  async form(token: string, action: 'submit' | 'dismiss', values: Record<string, string | string[] | boolean> = {}): Promise<(string | null)[]> {
    return textsOf(await this.event({ kind: 'form', token, action, values }));
  }

  /** Moves the virtual clock; due timers fire. Returns the texts sent meanwhile. */
  async wait(ms: number): Promise<(string | null)[]> {
    await this.conversation.advance(ms);
    return textsOf(this.replies());
  }

  /** Outbound items sent since the last call. */
  replies(): OutboundItem[] {
    const out = this.conversation.sent.slice(this.read);
    this.read = this.conversation.sent.length;
    return out;
  }

  attr(name: string, scope: 'human' | 'bot' | 'user' | 'shared' = 'human'): string | undefined {
    return this.conversation.attributes.get(scope, name);
  }

  issues(): string[] {
    return this.conversation.issues.map((i) => i.message);
  }

  get state() {
    return this.conversation.state;
  }
}

export const messagesOf = (items: readonly OutboundItem[]): OutboundMessage[] => items.filter((i): i is OutboundMessage => i.kind === 'message');
export const textsOf = (items: readonly OutboundItem[]): (string | null)[] => messagesOf(items).map((m) => m.text);
export const emailsOf = (items: readonly OutboundItem[]): OutboundEmail[] => items.filter((i): i is OutboundEmail => i.kind === 'email');
export const notesOf = (items: readonly OutboundItem[]): OutboundNote[] => items.filter((i): i is OutboundNote => i.kind === 'note');
export const formOf = (items: readonly OutboundItem[]): RenderedForm | null => messagesOf(items).find((m) => m.form !== null)?.form ?? null;

export const say = (text: string) => ({ send: { message: { text } } });

type Route = (request: HttpRequest, attempt: number) => Partial<HttpResponse> | Error | Promise<Partial<HttpResponse> | Error>;

/** A test double of the HTTP port: answers by URL, records every request. */
export class StubHttp implements HttpPort {
  readonly requests: HttpRequest[] = [];
  private readonly attempts = new Map<string, number>();

  constructor(private readonly routes: Record<string, Route>) {}

  async request(req: HttpRequest): Promise<HttpResponse> {
    this.requests.push(req);
    const route = this.routes[req.url];
    if (route === undefined) throw new HttpFailure('network', `no route for ${req.url}`);
    const attempt = (this.attempts.get(req.url) ?? 0) + 1;
    this.attempts.set(req.url, attempt);
    const answer = await route(req, attempt);
    if (answer instanceof Error) throw answer;
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '', url: req.url, ...answer };
  }
}

export const json = (value: unknown, status = 200, headers: Record<string, string> = {}): Partial<HttpResponse> =>
  ({ status, body: JSON.stringify(value), headers: { 'content-type': 'application/json', ...headers } });

/** A run environment for calling the runner directly (one event at a time, state in hand). */
export function environment(definition: unknown, overrides: Partial<RunEnvironment> = {}): RunEnvironment {
  let n = 0;
  return {
    program: program(definition),
    channel: { id: 1, type: 'web', capabilities: channelCapabilities('web') },
    human: { firstName: null, lastName: null, phone: null, email: null, tags: [], subscribed: true, rcsEnabled: null, rcsFeatures: [], communicatingChannels: [], subscribedChannels: [] },
    attributes: new MemoryAttributes(),
    device: { type: null, platform: null },
    conversationLink: null,
    clock: () => new Date('2025-03-05T10:00:00Z'),
    timeZone: 'UTC',
    uuid: () => `token-${++n}`,
    http: new StubHttp({}),
    ...overrides,
  };
}
