// One run's working memory: attributes as the run changed them, the human's pending changes, and everything the run produces.
import { createLanguageContext, type AttributeReader, type LanguageContext } from './language/context.js';
import type { AttributeWrite } from './language/assignment-model.js';
import { parseReference, type StoredScope } from './language/reference.js';
import type { SysAttributeName } from './language/sys-attributes.js';
import { DEFAULT_LIMITS, type AsyncRequest, type HumanChanges, type RunEnvironment, type RunIssue, type RunLimits, type RunResult, type StoredWrite, type TimerRequest } from './environment.js';
import type { ConversationEvent } from './events.js';
import type { OutboundItem } from './outbound.js';
import type { ConversationState } from './state.js';
import { hasValueType } from './language/value-types.js';

const key = (scope: StoredScope, name: string): string => `${scope}\u0000${name}`;

export class RunContext {
  readonly limits: RunLimits;
  readonly outbound: OutboundItem[] = [];
  readonly timers: TimerRequest[] = [];
  readonly asyncRequests: AsyncRequest[] = [];
  readonly issues: RunIssue[] = [];
  readonly entered: string[] = [];
  /** The human's text matched no choice, answer or intent (analytics: what the bot did not understand). */
  unrecognised = false;
  readonly visited: string[] = [];
  readonly human: HumanChanges = { addTags: [], subscribed: null };
  readonly language: LanguageContext;
  actionsRun = 0;
  deferred = false;
  /** sys:text and sys:payload of the event being handled. */
  text: string | null = null;
  payload: string | null = null;
  /** sys:index while a populate renders its items. */
  index: number | null = null;
  private readonly pending = new Map<string, StoredWrite>();
  /** Attributes visible only while a populate renders one item (its fields, with allowInnerAttributes). */
  private scratch: Map<string, string> | null = null;

  constructor(readonly env: RunEnvironment, readonly state: ConversationState, readonly event: ConversationEvent) {
    this.limits = { ...DEFAULT_LIMITS, ...env.limits };
    this.text = state.lastText ?? null;
    this.payload = state.lastPayload ?? null;
    const attributes: AttributeReader = {
      get: (scope, name) => {
        if (scope === 'human' && this.scratch?.has(name)) return this.scratch.get(name);
        const write = this.pending.get(key(scope, name));
        if (write !== undefined) return write.value ?? undefined;
        return env.attributes.get(scope, name);
      },
    };
    this.language = createLanguageContext({
      attributes,
      clock: env.clock,
      timeZone: env.timeZone,
      sys: (name) => this.sys(name),
      ...(env.uuid ? { uuid: env.uuid } : {}),
    });
  }

  private sys(name: Exclude<SysAttributeName, 'uuid'>): string | null {
    const human = this.env.human;
    switch (name) {
      case 'firstName':
      case 'lastName':
      case 'phone':
        return this.human[name] !== undefined ? this.human[name] ?? null : human[name];
      case 'email':
        return this.human.email !== undefined ? this.human.email : human.email;
      case 'subscribed':
        return String(this.human.subscribed ?? human.subscribed);
      case 'rcsEnabled':
        return human.rcsEnabled === null ? null : String(human.rcsEnabled);
      case 'rcsFeatures':
      case 'communicatingChannels':
      case 'subscribedChannels':
        return JSON.stringify(human[name]);
      case 'conversationLink':
        return this.env.conversationLink;
      case 'context':
        return this.state.context;
      case 'text':
        return this.text === '' ? null : this.text;
      case 'payload':
        return this.payload === '' ? null : this.payload;
      case 'index':
        return this.index === null ? null : String(this.index);
    }
  }

  /** Applies writes computed by the language: stored scopes to the overlay, sys ones to the human or the conversation. */
  apply(writes: readonly AttributeWrite[], pointer = ''): void {
    for (const write of writes) {
      const value = write.kind === 'set' ? write.value : null;
      if (write.scope !== 'sys') {
        this.pending.set(key(write.scope, write.name), { kind: write.kind, scope: write.scope, name: write.name, value });
        continue;
      }
      switch (write.name) {
        case 'firstName':
        case 'lastName':
        case 'phone':
          this.human[write.name] = value === '' ? null : value;
          break;
        case 'email': {
          const address = value?.trim() ?? '';
          // The contact's address, as the inbox and the humans' search find it: only an address is kept.
          if (address !== '' && !hasValueType(address, 'email')) {
            this.issue(pointer, `sys:email takes an e-mail address such as ada@example.com; "${address.slice(0, 100)}" is not one, so the human's e-mail was left unchanged.`);
            break;
          }
          this.human.email = address === '' ? null : address;
          break;
        }
        case 'context':
          this.state.context = value === '' ? null : value;
          break;
        default:
          this.issue(pointer, `sys:${write.name} cannot be written; the write was ignored.`);
      }
    }
  }

  set(scope: StoredScope, name: string, value: string | null): void {
    this.pending.set(key(scope, name), { kind: value === null ? 'remove' : 'set', scope, name, value });
  }

  /** Writes an attribute named as an author writes it (`name`, `bot:name`, `sys:firstName`); null removes it. */
  assign(attribute: string, value: string | null, pointer = ''): void {
    const ref = parseReference(attribute);
    if (ref === null || ref.kind !== 'attribute' || ref.path.length > 0 || ref.suffix !== null) {
      this.issue(pointer, `"${attribute}" is not an attribute that can be written; the value was not stored.`);
      return;
    }
    if (ref.scope === 'sys') this.apply([value === null ? { kind: 'remove', scope: 'sys', name: ref.name } : { kind: 'set', scope: 'sys', name: ref.name, value }], pointer);
    else this.set(ref.scope, ref.name, value);
  }

  withScratch<T>(values: Map<string, string> | null, run: () => T): T {
    const before = this.scratch;
    this.scratch = values;
    try {
      return run();
    } finally {
      this.scratch = before;
    }
  }

  issue(pointer: string, message: string): void {
    this.issues.push({ pointer, message });
  }

  result(): RunResult {
    return {
      state: this.state,
      writes: [...this.pending.values()],
      human: this.human,
      outbound: this.outbound,
      timers: this.timers,
      asyncRequests: this.asyncRequests,
      issues: this.issues,
      deferred: this.deferred,
      entered: this.entered,
      unrecognised: this.unrecognised,
      visited: this.visited,
    };
  }
}
