// Normalization: case, punctuation, whitespace and diacritics, with offsets into the original text.
import { describe, expect, it } from 'vitest';
import { normalizeText, tokenize } from '../../../src/engine/nlu/normalize.js';

describe('normalizeText', () => {
  it('folds case, punctuation and whitespace', () => {
    expect(normalizeText('  Where IS my   order?!  ')).toBe('where is my order');
    expect(normalizeText('pizza,pasta;salad')).toBe('pizza pasta salad');
    expect(normalizeText('line\nbreak\ttab')).toBe('line break tab');
  });

  it('removes diacritics through NFKD', () => {
    expect(normalizeText('Crème Brûlée à Zürich')).toBe('creme brulee a zurich');
    expect(normalizeText('ÉCOLE')).toBe('ecole');
    expect(normalizeText('ﬁne ①')).toBe('fine 1');
  });

  it('joins words split by an apostrophe', () => {
    expect(normalizeText("Don't stop, it’s fine")).toBe('dont stop its fine');
  });

  it('keeps letters of other scripts and digits', () => {
    expect(normalizeText('Привет, мир 42')).toBe('привет мир 42');
  });

  it('gives empty text for punctuation only', () => {
    expect(normalizeText(' ?!… ')).toBe('');
  });
});

describe('tokenize', () => {
  it('keeps offsets into the original text', () => {
    const text = '  Hé, Chloé-Marie!';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(['he', 'chloe', 'marie']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Hé', 'Chloé', 'Marie']);
  });

  it('covers an apostrophe inside a word', () => {
    const text = "it's";
    const [token] = tokenize(text);
    expect(token).toEqual({ norm: 'its', start: 0, end: 4 });
  });
});
