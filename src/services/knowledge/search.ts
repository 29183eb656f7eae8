// Retrieval for people and for answers: the best passages of one or more knowledge bases, with their documents. A base
// with an embeddings endpoint is searched both ways, the rankings fused by reciprocal rank, then reranked when the
// endpoint has a rerank model; otherwise BM25 alone.
import type { Kysely } from 'kysely';
import type { Logger } from '../../channels/index.js';
import { analyzerFor, fuse, type ModelClient, type Passage, searchChunks } from '../../knowledge/index.js';
import type { Database, Dialect } from '../../store/index.js';
import type { ChunkEmbeddings } from './embeddings.js';
import type { BaseRow } from './views.js';

export type { Passage };

/** Most passages one search returns. */
export const MAX_RESULTS = 100;
/** Candidates each side of a hybrid search brings, per passage wanted (and at least). */
const CANDIDATES_PER_RESULT = 3;
const MIN_CANDIDATES = 30;

interface Hit {
  chunkId: number;
  baseId: number;
  score: number;
}

export class KnowledgeSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly embeddings: ChunkEmbeddings | null = null,
    private readonly client: ModelClient | null = null,
    private readonly log: (() => Logger) | null = null,
  ) {}

  private async hitsOf(base: BaseRow, query: string, limit: number): Promise<Hit[]> {
    const analyzer = analyzerFor(base.language);
    if (base.embedding_endpoint_id === null || this.embeddings === null) {
      return (await searchChunks(this.db, this.dialect, base.id, analyzer, query, limit)).map((h) => ({ ...h, baseId: base.id }));
    }
    const wanted = Math.max(MIN_CANDIDATES, limit * CANDIDATES_PER_RESULT);
    const [lexical, nearest] = await Promise.all([
      searchChunks(this.db, this.dialect, base.id, analyzer, query, wanted), this.embeddings.nearest(base.id, query, wanted),
    ]);
    if (nearest === null) return lexical.slice(0, limit).map((h) => ({ ...h, baseId: base.id }));
    return fuse([lexical.map((h) => h.chunkId), nearest]).slice(0, wanted).map((f) => ({ chunkId: f.id, score: f.score, baseId: base.id }));
  }

  /**
   * The `limit` best passages of the bases for the query. Several bases: each base's best, merged by score (each base
   * has its own statistics, so merged scores are only roughly comparable).
   */
  async search(bases: readonly BaseRow[], query: string, limit: number): Promise<Passage[]> {
    const perBase = await Promise.all(bases.map((b) => this.hitsOf(b, query, limit)));
    const hybrid = bases.some((b) => b.embedding_endpoint_id !== null);
    let hits = perBase.flat().sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
    if (!hybrid) hits = hits.slice(0, limit);
    if (hits.length === 0) return [];
    const rows = await this.db.selectFrom('knowledge_chunks as c').innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
      .select(['c.id', 'c.document_id', 'c.heading', 'c.text', 'd.title', 'd.source_url', 'd.citable'])
      .where('c.id', 'in', hits.map((h) => h.chunkId)).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    let passages: Passage[] = hits.flatMap((h) => {
      const r = byId.get(h.chunkId);
      return r === undefined ? [] : [{
        chunkId: h.chunkId, documentId: r.document_id, knowledgeBaseId: h.baseId, title: r.title, heading: r.heading, text: r.text,
        score: h.score, sourceUrl: r.source_url, citable: r.citable === 1,
      }];
    });
    if (hybrid) passages = await this.reranked(bases, query, passages);
    return passages.slice(0, limit);
  }

  /** Reorders by the rerank model of the first base that has one; as they were when there is none or it fails. */
  private async reranked(bases: readonly BaseRow[], query: string, passages: Passage[]): Promise<Passage[]> {
    if (this.embeddings === null || this.client === null) return passages;
    for (const base of bases) {
      const endpoint = await this.embeddings.reranker(base.id);
      if (endpoint === null) continue;
      try {
        const order = await this.client.rerank(endpoint, query, passages.map((p) => `${p.heading}\n${p.text}`));
        return order.map((o) => ({ ...passages[o.index]!, score: o.score }));
      } catch (err) {
        this.log?.().warn({ err, knowledgeBaseId: base.id }, 'the rerank model failed; the fused order is kept');
        return passages;
      }
    }
    return passages;
  }
}
