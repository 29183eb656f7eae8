// The BM25 ranking function, its parameters, and the terms a chunk or a query contributes: the one definition that the
// SQL of both databases and the in-memory index compute alike.
import type { Analyzer } from '../analysis/analyzer.js';

/**
 * Robertson's k1 and b at their textbook values (Lucene's and Anserini's defaults); headings weigh twice their words.
 * On SciFact's training queries k1 from 0.9 to 1.5 and b from 0.6 to 1 moved nDCG@10 by under 0.006; the heading weight
 * of 2 added 0.005 (docs/knowledge.md has the figures and the command).
 */
export const BM25 = { k1: 1.2, b: 0.75, headingWeight: 2 } as const;

/** Most distinct terms of a query that are looked up: a pasted page is still one bounded statement. */
export const MAX_QUERY_TERMS = 64;

/** Lucene's idf: never negative, however common the term. */
export function idf(chunks: number, withTerm: number): number {
  return Math.log(1 + (chunks - withTerm + 0.5) / (withTerm + 0.5));
}

/** One term's part of a chunk's score, before its idf and query weight. */
export function saturation(tf: number, length: number, averageLength: number): number {
  return (tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * length) / averageLength));
}

export interface ChunkTerms {
  /** Weighted length: heading terms count headingWeight times. */
  length: number;
  /** Weighted frequency of each term. */
  tf: Map<string, number>;
}

export function chunkTerms(analyzer: Analyzer, heading: string, text: string): ChunkTerms {
  const tf = new Map<string, number>();
  const head = analyzer.terms(heading);
  const body = analyzer.terms(text);
  for (const t of head) tf.set(t, (tf.get(t) ?? 0) + BM25.headingWeight);
  for (const t of body) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { length: head.length * BM25.headingWeight + body.length, tf };
}

/** The query's distinct terms and how often each occurs (a repeated word weighs more), at most MAX_QUERY_TERMS. */
export function queryTerms(analyzer: Analyzer, query: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of analyzer.terms(query)) {
    if (!counts.has(t) && counts.size >= MAX_QUERY_TERMS) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return counts;
}

/** Scores compared at this precision: the databases may sum a chunk's terms in another order (the last bits differ). */
export function rounded(score: number): number {
  return Math.round(score * 1e9) / 1e9;
}
