// Retrieval for people and for answers: the best passages of one or more knowledge bases, with their documents.
import type { Kysely } from 'kysely';
import { analyzerFor, type Passage, searchChunks } from '../../knowledge/index.js';
import type { Database, Dialect } from '../../store/index.js';
import type { BaseRow } from './views.js';

export type { Passage };

/** Most passages one search returns. */
export const MAX_RESULTS = 100;

export class KnowledgeSearch {
  constructor(private readonly db: Kysely<Database>, private readonly dialect: Dialect) {}

  /**
   * The `limit` best passages of the bases for the query. Several bases: each base's best, merged by score (each base
   * has its own statistics, so merged scores are only roughly comparable).
   */
  async search(bases: readonly BaseRow[], query: string, limit: number): Promise<Passage[]> {
    const hits = (await Promise.all(bases.map(async (b) => (await searchChunks(this.db, this.dialect, b.id, analyzerFor(b.language), query, limit))
      .map((h) => ({ ...h, baseId: b.id })))))
      .flat().sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, limit);
    if (hits.length === 0) return [];
    const rows = await this.db.selectFrom('knowledge_chunks as c').innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
      .select(['c.id', 'c.document_id', 'c.heading', 'c.text', 'd.title', 'd.source_url', 'd.citable'])
      .where('c.id', 'in', hits.map((h) => h.chunkId)).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return hits.flatMap((h) => {
      const r = byId.get(h.chunkId);
      return r === undefined ? [] : [{
        chunkId: h.chunkId, documentId: r.document_id, knowledgeBaseId: h.baseId, title: r.title, heading: r.heading, text: r.text,
        score: h.score, sourceUrl: r.source_url, citable: r.citable === 1,
      }];
    });
  }
}
