// Every JSON example in docs/bot-language.md is a valid definition (or fragment of one).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../src/engine/definition/validate.js';

/** Every ```json block of the reference, parsed (fragments such as `"conditions": […]` wrapped in braces). */
function examples(): { source: string; value: unknown }[] {
  const doc = readFileSync(new URL('../../../docs/bot-language.md', import.meta.url), 'utf8');
  const out: { source: string; value: unknown }[] = [];
  for (const match of doc.matchAll(/```json\n([\s\S]*?)```/g)) {
    const source = match[1]!;
    for (const text of [source, `{${source}}`]) {
      try {
        out.push({ source, value: JSON.parse(text) });
        break;
      } catch {
        // try the next reading
      }
    }
  }
  return out;
}

/** Places a fragment where it belongs in a bot definition. */
function asDefinition(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.includes('interactions') || keys.includes('workflows')) return value;
  if (keys.includes('intents')) return { name: 'doc', interactions: [{ ...value, actions: [] }] };
  if (keys.includes('conditions') && keys.length === 1) return { name: 'doc', interactions: [{ actions: [{ ...value, execute: 'x' }] }] };
  if (keys.includes('validation') && keys.length === 1) return { name: 'doc', interactions: [{ actions: [], ...value }] };
  if (keys.includes('email') || keys.includes('request')) return { name: 'doc', interactions: [{ actions: [{ send: value }] }] };
  if (keys.includes('text') || keys.includes('buttons') || keys.includes('media')) return { name: 'doc', interactions: [{ actions: [{ send: { message: value } }] }] };
  return { name: 'doc', interactions: [{ actions: [value] }] };
}

describe('the examples of docs/bot-language.md', () => {
  const blocks = examples().filter((e) => !Array.isArray(e.value));

  it('has examples to check', () => {
    expect(blocks.length).toBeGreaterThan(12);
  });

  it.each(blocks.map((b) => [b.source.split('\n')[0]!.slice(0, 60), b.value] as const))('%s… is valid', (_label, value) => {
    const result = validateDefinition(asDefinition(value));
    // Examples name interactions they do not show; everything else must be clean.
    const problems = result.ok ? [] : result.problems.filter((p) => !p.message.includes('does not name'));
    expect(problems).toEqual([]);
  });
});
