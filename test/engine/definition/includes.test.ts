// Included bots: resolving names across them, missing and cyclic includes.
import { describe, expect, it } from 'vitest';
import { loadIncludedBots } from '../../../src/engine/definition/lint/include-loader.js';
import { includedBotNames } from '../../../src/engine/definition/lint/targets.js';
import { linesOf } from './definitions.js';

const library = {
  name: 'library',
  interactions: [{ name: 'faq', include: 'deeper', actions: [{ name: 'faqAnswer', send: { message: { text: 'answer' } } }] }],
};
const deeper = { name: 'deeper', interactions: [{ name: 'deepInteraction', actions: [] }] };
const stored: Record<string, unknown> = { library, deeper };
const resolveInclude = (name: string): unknown => stored[name];

function including(include: unknown, execute: string[]): Record<string, unknown> {
  return { name: 'main', interactions: [{ name: 'start', include, intents: ['sys:start'], actions: [{ execute }] }] };
}

describe('include', () => {
  it('lists the bots a definition includes, once each', () => {
    expect(includedBotNames({ name: 'x', interactions: [{ include: ['a', 'b'], actions: [] }, { include: 'a', actions: [] }] })).toEqual(['a', 'b']);
    expect(includedBotNames({ name: 'x', workflows: [] })).toEqual([]);
  });

  it('resolves targets in included bots, transitively', () => {
    expect(linesOf(including('library', ['faq', 'faqAnswer', 'deepInteraction', 'start']), { resolveInclude })).toEqual([]);
  });

  it('still reports targets found nowhere', () => {
    expect(linesOf(including('library', ['nowhere']), { resolveInclude })).toEqual([
      '/interactions/0/actions/0/execute/0: "nowhere" does not name an interaction or action of this bot or of a bot it includes.',
    ]);
  });

  it('reports included bots that do not exist and a bot including itself', () => {
    expect(linesOf(including(['library', 'ghost', 'main'], ['faq']), { resolveInclude })).toEqual([
      '/interactions/0/include/1: There is no bot named "ghost" to include.',
      '/interactions/0/include/2: A bot cannot include itself ("main").',
    ]);
  });

  it('lets slots use keywords declared in an included bot, transitively', () => {
    const sizes = { name: 'sizes', interactions: [{ keywords: [{ name: 'size', values: [{ value: 'large', expressions: ['big'] }] }], actions: [] }] };
    const menu = { name: 'menu', interactions: [{ include: 'sizes', actions: [] }] };
    const bots: Record<string, unknown> = { sizes, menu };
    const slotUser = (include: string) => ({ name: 'main', interactions: [{ include, intents: [{ name: 'order', expressions: [{ text: 'a large one', slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] }] }], actions: [] }] });
    expect(linesOf(slotUser('sizes'), { resolveInclude: (n) => bots[n] })).toEqual([]);
    expect(linesOf(slotUser('menu'), { resolveInclude: (n) => bots[n] })).toEqual([]);
    expect(linesOf(slotUser('library'), { resolveInclude })).toEqual([
      '/interactions/0/intents/0/expressions/0/slots/0/type: Slot type "keyword:size" names keyword "size", which neither this definition nor a bot it includes declares.',
    ]);
  });

  it('survives include cycles', () => {
    const a = { name: 'a', interactions: [{ name: 'inA', include: 'b', actions: [] }] };
    const b = { name: 'b', interactions: [{ name: 'inB', include: 'a', actions: [] }] };
    const bots: Record<string, unknown> = { a, b };
    expect(linesOf(including('a', ['inA', 'inB']), { resolveInclude: (n) => bots[n] })).toEqual([]);
  });

  it('without a resolver, lets unknown targets of an including bot pass (it cannot know)', () => {
    expect(linesOf(including('library', ['faqAnswer']))).toEqual([]);
    expect(linesOf({ name: 'x', interactions: [{ actions: [{ execute: 'faqAnswer' }] }] })).toHaveLength(1);
  });

  it('loads included bots transitively through an async loader, once each', async () => {
    const asked: string[] = [];
    const resolver = await loadIncludedBots(including(['library', 'ghost'], ['faq']), async (name) => {
      asked.push(name);
      return stored[name];
    });
    expect(asked).toEqual(['library', 'ghost', 'deeper']);
    expect(resolver('deeper')).toBe(deeper);
    expect(linesOf(including('library', ['deepInteraction']), { resolveInclude: resolver })).toEqual([]);
  });
});
