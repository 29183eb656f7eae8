// An in-memory host for one conversation: runs events through the runner with a virtual clock; for tests, `parley chat` and `parley test`.
import { sendWithRetries } from './actions/request.js';
import { responseWrites } from './actions/request-response.js';
import type { ChannelCapabilities, HumanSnapshot, RunIssue, RunResult, TimerRequest } from './environment.js';
import { channelCapabilities } from './channel-capabilities.js';
import type { ConversationEvent } from './events.js';
import { MemoryAttributes, type AttributeSeed } from './language/memory-attributes.js';
import { parseReference, type StoredScope } from './language/reference.js';
import type { OutboundItem } from './outbound.js';
import { HttpFailure, type HttpPort, type KnowledgePort } from './ports.js';
import type { BotProgram } from './program.js';
import { handleEvent } from './runner.js';
import { initialState, type ConversationState } from './state.js';

export interface MemoryConversationOptions {
  program: BotProgram;
  channelType?: string;
  human?: Partial<HumanSnapshot>;
  attributes?: AttributeSeed;
  /** The virtual clock's start (default: the real now). */
  now?: Date;
  timeZone?: string;
  /** Outbound HTTP for request and RSS actions; by default every request fails as blocked. */
  http?: HttpPort;
  /** Knowledge bases for answer steps; by default an answer step takes its fallback. */
  knowledge?: KnowledgePort;
  capabilities?: Partial<ChannelCapabilities>;
}

/** Pauses and delays the in-memory clock jumps past after one event (see settleHolds). */
const MAX_HOLDS_SETTLED = 1000;

const NO_HTTP: HttpPort = {
  request: async (req) => {
    throw new HttpFailure('blocked', `no HTTP client is configured for this conversation (${req.url})`);
  },
};

export class MemoryConversation {
  state: ConversationState = initialState();
  readonly attributes: MemoryAttributes;
  readonly human: HumanSnapshot;
  /** Everything sent so far, in order. */
  readonly sent: OutboundItem[] = [];
  readonly issues: RunIssue[] = [];
  /** Pointers of every interaction entered and action run so far (`parley test --coverage`). */
  readonly visited = new Set<string>();
  private timers: TimerRequest[] = [];
  private deferred: ConversationEvent[] = [];
  private nowMs: number;
  private uuidCounter = 0;

  constructor(private readonly options: MemoryConversationOptions) {
    this.attributes = new MemoryAttributes(options.attributes);
    this.human = {
      firstName: null, lastName: null, phone: null, email: null, tags: [], subscribed: true, rcsEnabled: null, rcsFeatures: [],
      communicatingChannels: [options.channelType ?? 'web'], subscribedChannels: [options.channelType ?? 'web'], ...options.human,
    };
    this.nowMs = (options.now ?? new Date()).getTime();
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  get channelType(): string {
    return this.options.channelType ?? 'web';
  }

  /** How the channel shows forms and choices, as the runner sees it. */
  get capabilities(): ChannelCapabilities {
    return { ...channelCapabilities(this.channelType), ...this.options.capabilities };
  }

  /** When the next pending timer (a wait's timeout) falls due; null when none is pending. */
  nextTimerAt(): Date | null {
    const next = this.timers.map((t) => t.at.getTime()).sort((a, b) => a - b)[0];
    return next === undefined ? null : new Date(next);
  }

  /**
   * An attribute as a bot would read it, by name with an optional scope (`name`, `bot:name`,
   * `sys:firstName`, `sys:context`); undefined when absent or not something a host stores.
   */
  read(name: string): string | undefined {
    const ref = parseReference(name);
    if (ref === null || ref.kind !== 'attribute' || ref.path.length > 0 || ref.suffix !== null) return undefined;
    if (ref.scope !== 'sys') return this.attributes.get(ref.scope, ref.name);
    return this.sysSnapshot()[ref.name];
  }

  /** Every stored attribute of a scope; for `sys`, the values the human record and the conversation hold. */
  snapshot(scope: StoredScope | 'sys'): Record<string, string> {
    return scope === 'sys' ? this.sysSnapshot() : this.attributes.snapshot(scope);
  }

  private sysSnapshot(): Record<string, string> {
    const h = this.human;
    const values: Record<string, string | null> = {
      firstName: h.firstName, lastName: h.lastName, phone: h.phone, email: h.email, subscribed: String(h.subscribed),
      rcsEnabled: h.rcsEnabled === null ? null : String(h.rcsEnabled), rcsFeatures: JSON.stringify(h.rcsFeatures),
      communicatingChannels: JSON.stringify(h.communicatingChannels), subscribedChannels: JSON.stringify(h.subscribedChannels),
      context: this.state.context,
    };
    return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== null));
  }

  /** Handles an event, then any pause or delay it started (pacing only: the clock jumps past them). */
  async handle(event: ConversationEvent): Promise<RunResult> {
    const result = await this.runOne(event);
    await this.settleHolds();
    return result;
  }

  /** Moves the clock forward; timers that fall due fire in order. */
  async advance(ms: number): Promise<void> {
    const until = this.nowMs + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at.getTime() <= until).sort((a, b) => a.at.getTime() - b.at.getTime())[0];
      if (due === undefined) break;
      this.nowMs = Math.max(this.nowMs, due.at.getTime());
      await this.fire(due);
    }
    this.nowMs = until;
  }

  private async fire(timer: TimerRequest): Promise<void> {
    this.timers = this.timers.filter((t) => t !== timer);
    await this.runOne({ kind: 'timer', token: timer.token });
    await this.settleHolds();
  }

  private async settleHolds(): Promise<void> {
    // A delay whose executeOnTimeout leads back to itself would hold forever: the clock jumps past at most this many.
    for (let settled = 0; this.state.suspended?.kind === 'hold'; settled++) {
      if (settled >= MAX_HOLDS_SETTLED) {
        this.issues.push({ pointer: '', message: `More than ${MAX_HOLDS_SETTLED} pauses or delays followed one another; the clock stopped jumping past them.` });
        break;
      }
      const token = this.state.suspended.token;
      const timer = this.timers.find((t) => t.token === token);
      if (timer === undefined) break;
      this.nowMs = Math.max(this.nowMs, timer.at.getTime());
      this.timers = this.timers.filter((t) => t !== timer);
      await this.runOne({ kind: 'timer', token });
    }
    // Messages that arrived during a hold get their turn once it is over.
    while (this.deferred.length > 0 && this.state.suspended?.kind !== 'hold') {
      const next = this.deferred.shift()!;
      await this.runOne(next);
    }
  }

  private async runOne(event: ConversationEvent): Promise<RunResult> {
    const result = await handleEvent({
      program: this.options.program,
      channel: { id: 1, type: this.channelType, capabilities: this.capabilities },
      human: this.human,
      attributes: this.attributes,
      device: { type: null, platform: null },
      conversationLink: null,
      clock: () => this.now(),
      timeZone: this.options.timeZone ?? 'UTC',
      uuid: () => `00000000-0000-4000-8000-${String(++this.uuidCounter).padStart(12, '0')}`,
      http: this.options.http ?? NO_HTTP,
      ...(this.options.knowledge ? { knowledge: this.options.knowledge } : {}),
      canTextThrough: () => true,
      // Retries of a request wait on the virtual clock, so tests and `parley chat` never sleep for real.
      sleep: async (ms) => { this.nowMs += ms; },
    }, this.state, event);
    if (result.deferred) {
      this.deferred.push(event);
      return result;
    }
    this.apply(result);
    for (const request of result.asyncRequests) {
      const outcome = await sendWithRetries(this.options.http ?? NO_HTTP, request.request, request.retries, request.allowHtml, async () => {});
      const writes = outcome.ok ? responseWrites(request, outcome.response).writes : [];
      await this.runOne({ kind: 'requestResult', writes, failed: !outcome.ok, fallback: request.fallback });
    }
    return result;
  }

  private apply(result: RunResult): void {
    this.state = result.state;
    this.attributes.apply(result.writes.map((w) => (w.kind === 'set' ? { kind: 'set', scope: w.scope, name: w.name, value: w.value ?? '' } : { kind: 'remove', scope: w.scope, name: w.name })));
    const h = result.human;
    if (h.firstName !== undefined) this.human.firstName = h.firstName;
    if (h.lastName !== undefined) this.human.lastName = h.lastName;
    if (h.phone !== undefined) this.human.phone = h.phone;
    if (h.email !== undefined) this.human.email = h.email;
    for (const tag of h.addTags) if (!this.human.tags.includes(tag)) this.human.tags.push(tag);
    if (h.subscribed !== null) this.human.subscribed = h.subscribed;
    // A new suspension replaces the old one, whose timer is then stale; dropping it keeps `advance` honest.
    const live = new Set([this.state.suspended?.token].filter((t): t is string => t !== undefined));
    this.timers = [...this.timers.filter((t) => live.has(t.token)), ...result.timers.filter((t) => live.has(t.token))];
    this.sent.push(...result.outbound);
    this.issues.push(...result.issues);
    for (const pointer of result.visited) this.visited.add(pointer);
  }
}
