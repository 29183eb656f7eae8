// Small definitions the definition tests build on.
import { validateDefinition, type ValidateOptions } from '../../../src/engine/definition/validate.js';
import type { Problem } from '../../../src/engine/definition/problem.js';

export function botWith(actions: unknown[], interaction: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'test bot',
    interactions: [
      { name: 'main', intents: ['sys:start'], actions, ...interaction },
      { name: 'other', intents: ['help'], actions: [{ name: 'otherAction', send: { message: { text: 'other' } } }] },
    ],
  };
}

export function experienceWith(actions: unknown[], workflow: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'test experience',
    workflows: [
      { name: 'main', intents: ['sys:start'], actions, ...workflow },
      { name: 'other', intents: ['help'], actions: [{ name: 'otherAction', send: { message: { text: 'other' } } }] },
    ],
  };
}

export function problemsOf(input: unknown, options?: ValidateOptions): Problem[] {
  const result = validateDefinition(input, options);
  return result.ok ? [] : result.problems;
}

/** Problems as "pointer: message" lines, the easiest form to assert on. */
export function linesOf(input: unknown, options?: ValidateOptions): string[] {
  return problemsOf(input, options).map((p) => `${p.pointer}: ${p.message}`);
}
