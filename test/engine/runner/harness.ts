// Builds a program from a definition written in a test and talks to it through the in-memory host.
import { validateDefinition } from '../../../src/engine/definition/index.js';
import { messageEvent } from '../../../src/engine/events.js';
import { MemoryConversation, type MemoryConversationOptions } from '../../../src/engine/memory-host.js';
import type { OutboundItem, OutboundMessage } from '../../../src/engine/outbound.js';
import { buildProgram, type BotProgram } from '../../../src/engine/program.js';

export function program(definition: unknown): BotProgram {
  const result = validateDefinition(definition);
  if (!result.ok) throw new Error(`test definition is invalid:\n${result.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n')}`);
  return buildProgram(result.model);
}

export class Talk {
  readonly conversation: MemoryConversation;
  private read = 0;

  constructor(definition: unknown, options: Omit<MemoryConversationOptions, 'program'> = {}) {
    this.conversation = new MemoryConversation({ program: program(definition), now: new Date('2025-03-05T10:00:00Z'), ...options });
  }

  async say(text: string | null, payload: string | null = null): Promise<OutboundItem[]> {
    await this.conversation.handle(messageEvent({ text, payload }));
    return this.replies();
  }

  /** Outbound items sent since the last call. */
  replies(): OutboundItem[] {
    const out = this.conversation.sent.slice(this.read);
    this.read = this.conversation.sent.length;
    return out;
  }

  async texts(text: string | null, payload: string | null = null): Promise<(string | null)[]> {
    return (await this.say(text, payload)).filter((i): i is OutboundMessage => i.kind === 'message').map((m) => m.text);
  }

  attr(name: string, scope: 'human' | 'bot' | 'user' | 'shared' = 'human'): string | undefined {
    return this.conversation.attributes.get(scope, name);
  }
}

export const say = (text: string) => ({ send: { message: { text } } });
