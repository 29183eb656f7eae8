// Keyword values found by their synonyms with typos tolerated in proportion to word length.
import { describe, expect, it } from 'vitest';
import { boundedDistance, typoBudget } from '../../../src/engine/nlu/edit-distance.js';
import { KeywordMatcher } from '../../../src/engine/nlu/keywords.js';
import { words } from '../../../src/engine/nlu/normalize.js';

describe('boundedDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(boundedDistance('pizza', 'pizza', 2)).toBe(0);
    expect(boundedDistance('piza', 'pizza', 2)).toBe(1);
    expect(boundedDistance('pizzza', 'pizza', 2)).toBe(1);
    expect(boundedDistance('pozza', 'pizza', 2)).toBe(1);
    expect(boundedDistance('lagre', 'large', 2)).toBe(1);
    expect(boundedDistance('airprot', 'airport', 2)).toBe(1);
  });

  it('stops at the bound', () => {
    expect(boundedDistance('pepperoni', 'margherita', 2)).toBe(3);
    expect(boundedDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('typoBudget', () => {
  it('scales with word length and forbids typos in short words', () => {
    expect([2, 3, 4, 7, 8, 12].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('KeywordMatcher', () => {
  const matcher = new KeywordMatcher([
    {
      name: 'size',
      values: [
        { value: 'small', expressions: ['little', 'tiny'] },
        { value: 'large', expressions: ['big', 'family size'] },
      ],
    },
    { name: 'city', values: [{ value: 'New York', expressions: ['nyc', 'new york city'] }, { value: 'Amsterdam', expressions: [] }] },
  ]);

  const find = (text: string, only?: string) => matcher.find(words(text), only).map((h) => [h.keyword, h.value, h.edits]);

  it('finds values by their value and by their synonyms', () => {
    expect(find('a tiny one please')).toEqual([['size', 'small', 0]]);
    expect(find('the big one')).toEqual([['size', 'large', 0]]);
    expect(find('I want a LARGE')).toEqual([['size', 'large', 0]]);
  });

  it('tolerates typos in proportion to word length', () => {
    expect(find('a smal pizza')).toEqual([['size', 'small', 1]]);
    expect(find('fly to amstredam')).toEqual([['city', 'Amsterdam', 1]]);
    expect(find('fly to amstrdm')).toEqual([['city', 'Amsterdam', 2]]);
    expect(find('fly to emstrdm')).toEqual([]);
    // Three-letter words allow no typo: "bag" is not "big".
    expect(find('a bag')).toEqual([]);
  });

  it('matches multi-word synonyms and prefers the longest exact hit', () => {
    expect(find('a family sise pizza')).toEqual([['size', 'large', 1]]);
    expect(find('trip to new york city with a little dog')).toEqual([
      ['city', 'New York', 0],
      ['size', 'small', 0],
    ]);
  });

  it('restricts the search to one keyword on request', () => {
    expect(find('a little trip to nyc', 'city')).toEqual([['city', 'New York', 0]]);
  });
});
