// A problem's JSON pointer placed in the editor's text: the field or item it names, in JSON and in YAML.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { placeOf } from '../../web/console/src/pages/problem-place.js';

const bot = { name: 'shop', interactions: [{ name: 'hi', intents: ['sys:start'], actions: [{ send: { message: { txt: 'Hello' } } }, { goto: 'nowhere' }] }] };

describe('placing a problem in the text', () => {
  for (const [format, text] of [['JSON', JSON.stringify(bot, null, 2)], ['YAML', stringify(bot)]] as const) {
    it(`selects the field a pointer names, its key and value, in ${format}`, () => {
      const place = placeOf(text, '/interactions/0/actions/1/goto')!;
      expect(text.slice(place.start, place.end).replace(/"/g, '')).toBe('goto: nowhere');
      expect(place.exact).toBe(true);
      const lines = text.split('\n');
      expect(lines[place.line - 1]!.slice(place.column - 1)).toMatch(/^"?goto/);
    });

    it(`selects an item of a list, and the nearest container of what is missing, in ${format}`, () => {
      const item = placeOf(text, '/interactions/0/actions/0')!;
      expect(text.slice(item.start, item.end)).toContain('txt');
      const missing = placeOf(text, '/interactions/0/actions/0/send/message/text')!;
      expect(missing.exact).toBe(false);
      expect(text.slice(missing.start, missing.end).replace(/"/g, '')).toMatch(/^message:/);
      expect(placeOf(text, '/interactions/7')!.exact).toBe(false);
    });
  }

  it('reads escaped segments, the document for an empty pointer, and nothing in a text that does not parse', () => {
    const text = JSON.stringify({ 'a/b': { 'c~d': 1 } });
    expect(text.slice(placeOf(text, '/a~1b/c~0d')!.start, placeOf(text, '/a~1b/c~0d')!.end)).toBe('"c~d":1');
    expect(placeOf(text, '')).toMatchObject({ start: 0, line: 1, column: 1, exact: true });
    expect(placeOf('{"name": ', '/name')).toBeNull();
  });
});
