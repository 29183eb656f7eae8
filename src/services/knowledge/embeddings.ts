// Vectors for the chunks of a base whose embeddings endpoint is set, written after the document's chunks; and the
// vector side of a hybrid search (brute force over the base's vectors: fine for bases of some thousands of chunks).
import type { Kysely } from 'kysely';
import type { Logger } from '../../channels/index.js';
import { cosine, decodeVector, encodeVector, type ModelClient } from '../../knowledge/index.js';
import type { Database } from '../../store/index.js';
import type { ModelEndpointService } from './endpoints.js';

/** Inputs per embeddings call. */
const BATCH = 32;

export class ChunkEmbeddings {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly endpoints: ModelEndpointService,
    private readonly client: ModelClient,
    private readonly log: () => Logger,
  ) {}

  private async endpointOf(knowledgeBaseId: number) {
    const base = await this.db.selectFrom('knowledge_bases').select('embedding_endpoint_id').where('id', '=', knowledgeBaseId).executeTakeFirst();
    if (base?.embedding_endpoint_id === null || base?.embedding_endpoint_id === undefined) return null;
    const endpoint = await this.endpoints.byId(base.embedding_endpoint_id);
    return endpoint?.embeddingModel ? endpoint : null;
  }

  /** After a document is indexed: its chunks' vectors. A failure leaves them without (lexical retrieval still finds them). */
  async embedDocument(documentId: number, knowledgeBaseId: number): Promise<void> {
    const endpoint = await this.endpointOf(knowledgeBaseId);
    if (endpoint === null) return;
    const chunks = await this.db.selectFrom('knowledge_chunks').select(['id', 'heading', 'text']).where('document_id', '=', documentId).orderBy('position').execute();
    try {
      for (let i = 0; i < chunks.length; i += BATCH) {
        const batch = chunks.slice(i, i + BATCH);
        const { vectors } = await this.client.embed(endpoint, batch.map((c) => `${c.heading}\n${c.text}`));
        for (const [j, c] of batch.entries()) {
          await this.db.updateTable('knowledge_chunks').set({ embedding: encodeVector(vectors[j]!) }).where('id', '=', c.id).execute();
        }
      }
    } catch (err) {
      this.log().warn({ err, documentId, knowledgeBaseId }, 'the chunks of a document got no vectors; it is found by its words only');
    }
  }

  /** The base's chunks nearest the query, best first; null when the base has no embeddings endpoint or the call fails. */
  async nearest(knowledgeBaseId: number, query: string, limit: number): Promise<number[] | null> {
    const endpoint = await this.endpointOf(knowledgeBaseId);
    if (endpoint === null) return null;
    let vector: number[];
    try {
      vector = (await this.client.embed(endpoint, [query])).vectors[0]!;
    } catch (err) {
      this.log().warn({ err, knowledgeBaseId }, 'the query could not be embedded; this search is lexical only');
      return null;
    }
    const rows = await this.db.selectFrom('knowledge_chunks').select(['id', 'embedding'])
      .where('knowledge_base_id', '=', knowledgeBaseId).where('embedding', 'is not', null).execute();
    return rows.map((r) => ({ id: r.id, score: cosine(vector, decodeVector(r.embedding!)) }))
      .sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit).map((r) => r.id);
  }

  /** The rerank model of the base's endpoint, if it has one. */
  async reranker(knowledgeBaseId: number) {
    const endpoint = await this.endpointOf(knowledgeBaseId);
    return endpoint?.rerankModel ? endpoint : null;
  }
}
