// The analyzer, the chunker and the retrieval measures, in memory: table tests of what each gives.
import { describe, expect, it } from 'vitest';
import { analyzerFor, languageOf } from '../../src/knowledge/analysis/analyzer.js';
import { blocksOfMarkdown, markdownOf } from '../../src/knowledge/chunking/blocks.js';
import { chunkBlocks } from '../../src/knowledge/chunking/chunker.js';
import { chunkTerms, queryTerms } from '../../src/knowledge/index/bm25.js';
import { documentsRanked, ndcgAt, percentile, recallAt } from '../../src/knowledge/eval/metrics.js';

describe('the analyzer', () => {
  it.each([
    ['The Cats are running', ['cat', 'run']],
    ['Café RÉSUMÉ', ['cafe', 'resum']],
    ['IL-6 and IL6', ['il', '6', 'il6', 'il', '6']],
    ['3T3 cells', ['3t3', '3', 't', '3', 'cell']],
    ['', []],
  ])('gives the terms of %j', (text, terms) => {
    expect(analyzerFor('en').terms(text)).toEqual(terms);
  });

  it('stems by the base language and keeps every word of one it has no stemmer for', () => {
    expect(analyzerFor('fr').terms('les chanteuses chantaient')).toEqual(['le', 'chanteux', 'chant']);
    expect(analyzerFor('ja').terms('東京 tokyo')).toEqual(['東京', 'tokyo']);
    expect(languageOf('fr-CA')).toBe('fr');
    expect(languageOf('not a tag')).toBe('en');
  });

  it('weighs heading terms twice and counts a repeated query word twice', () => {
    const terms = chunkTerms(analyzerFor('en'), 'Refunds', 'Refunds take five days.');
    expect(terms.tf.get('refund')).toBe(3);
    expect(terms.length).toBe(2 + 4);
    expect([...queryTerms(analyzerFor('en'), 'refund refund days')]).toEqual([['refund', 2], ['dai', 1]]);
  });
});

describe('the chunker', () => {
  const markdown = '# Returns\n\nYou may return any item.\n\n## Damaged items\n\nWrite to us first.\n\n```\n# not a heading\n```\n\n# Shipping\n\nWe ship in two days.';

  it('starts a chunk at each heading and names the headings above it', () => {
    const chunks = chunkBlocks('Help', blocksOfMarkdown(markdown));
    expect(chunks).toEqual([
      { heading: 'Help › Returns', text: 'You may return any item.' },
      { heading: 'Help › Returns › Damaged items', text: 'Write to us first.\n\n```\n# not a heading\n```' },
      { heading: 'Help › Shipping', text: 'We ship in two days.' },
    ]);
  });

  it('cuts a long section at sentence ends, then at spaces, within the size', () => {
    const sentence = 'This sentence has some words in it. ';
    const chunks = chunkBlocks('T', [{ kind: 'paragraph', text: sentence.repeat(30).trim() }], { maxChars: 200 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(200);
      expect(c.text.endsWith('.')).toBe(true);
    }
    const word = chunkBlocks('T', [{ kind: 'paragraph', text: 'x'.repeat(450) }], { maxChars: 200 });
    expect(word.map((c) => c.text.length)).toEqual([200, 200, 50]);
  });

  it('keeps the text as Markdown it reads back the same', () => {
    const blocks = blocksOfMarkdown(markdown);
    expect(blocksOfMarkdown(markdownOf(blocks))).toEqual(blocks);
  });
});

describe('the measures', () => {
  const judged = new Map([['a', 1], ['b', 2], ['z', 1]]);

  it('score nDCG@k with graded gains and recall@k', () => {
    expect(ndcgAt(10, ['b', 'a', 'z'], judged)).toBeCloseTo(1, 10);
    const idcg = 3 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAt(10, ['x', 'a'], judged)).toBeCloseTo((1 / Math.log2(3)) / idcg, 10);
    expect(recallAt(2, ['a', 'x', 'b'], judged)).toBeCloseTo(1 / 3, 10);
    expect(ndcgAt(10, ['a'], new Map())).toBe(0);
  });

  it('rank a document at its best chunk and take percentiles by nearest rank', () => {
    expect(documentsRanked(['d1', 'd2', 'd1', 'd3'])).toEqual(['d1', 'd2', 'd3']);
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5);
  });
});
