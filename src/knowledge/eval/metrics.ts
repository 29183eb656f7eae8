// Retrieval quality by the usual measures: nDCG@k (graded gains 2^rel − 1, log2 discount) and recall@k, as BEIR scores them.

/** Judgements of one query: document id → relevance (> 0 is relevant). */
export type Judgements = ReadonlyMap<string, number>;

export function ndcgAt(k: number, ranked: readonly string[], judged: Judgements): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    const gain = judged.get(id) ?? 0;
    if (gain > 0) dcg += (2 ** gain - 1) / Math.log2(i + 2);
  });
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, gain, i) => sum + (2 ** gain - 1) / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

export function recallAt(k: number, ranked: readonly string[], judged: Judgements): number {
  const relevant = [...judged.entries()].filter(([, g]) => g > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

/** The p-th percentile (0–100) of the values, by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Chunks ranked to documents ranked: each document at the place of its best chunk. */
export function documentsRanked(chunkDocuments: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of chunkDocuments) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}
