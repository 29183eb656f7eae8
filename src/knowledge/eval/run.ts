// Scores retrieval on an evaluation set: its corpus ingested into a knowledge base of a store, every query run
// through the same search the API answers with, the figures `parley kb eval` prints.
import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../../store/index.js';
import { analyzerFor } from '../analysis/analyzer.js';
import { blocksOfMarkdown, markdownOf } from '../chunking/blocks.js';
import { chunkBlocks, DEFAULT_CHUNKING } from '../chunking/chunker.js';
import { searchChunks, writeChunks } from '../index/postings-sql.js';
import type { EvalDocument, EvalQuery } from './beir.js';
import { documentsRanked, type Judgements, ndcgAt, percentile, recallAt } from './metrics.js';

export interface EvalReport {
  database: Dialect;
  documents: number;
  chunks: number;
  queries: number;
  'ndcg@10': number;
  'recall@100': number;
  ingestSeconds: number;
  /** Time of one search for the top 300 chunks (what the figures above are scored on). */
  searchP50Ms: number;
  searchP99Ms: number;
  /** Time of one search for the top 10 chunks, what an answer step asks for. */
  top10P50Ms: number;
  top10P99Ms: number;
}

/** Documents per transaction while ingesting. */
const BATCH = 250;
/** Chunks asked of the index per query: enough that documents split in several chunks still fill the top 100. */
const CHUNKS_ASKED = 300;

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

/** Ingests the corpus into a new knowledge base of a new account, in batches, through the API's own indexing. */
async function ingest(db: Kysely<Database>, dialect: Dialect, corpus: readonly EvalDocument[], language: string): Promise<{ baseId: number; idOf: Map<number, string>; chunks: number }> {
  const now = new Date().toISOString();
  const account = await db.insertInto('accounts')
    .values({ email: `kb-eval-${Date.now()}-${Math.random().toString(36).slice(2)}@eval.invalid`, password_hash: '!', created_at: now, message_retention_days: null })
    .returning('id').executeTakeFirstOrThrow();
  const base = await db.insertInto('knowledge_bases')
    .values({ account_id: account.id, name: 'evaluation', description: '', language, embedding_endpoint_id: null, chunk_count: 0, total_length: 0, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const analyzer = analyzerFor(language);
  const idOf = new Map<number, string>();
  let chunks = 0;
  for (let i = 0; i < corpus.length; i += BATCH) {
    const batch = corpus.slice(i, i + BATCH);
    await db.transaction().execute(async (tx) => {
      const prepared = batch.map((d) => {
        const blocks = blocksOfMarkdown(d.text);
        return { doc: d, body: markdownOf(blocks), chunks: chunkBlocks(d.title, blocks, DEFAULT_CHUNKING) };
      });
      const rows = await tx.insertInto('knowledge_documents').values(prepared.map((p) => ({
        account_id: account.id, knowledge_base_id: base.id, title: p.doc.title, source_url: null, citable: 1, kind: 'text',
        status: 'ready', error: null, pending: null, body: p.body, characters: p.body.length, chunk_count: p.chunks.length,
        crawl_id: null, created_at: now, updated_at: now,
      }))).returning('id').execute();
      rows.forEach((r, j) => idOf.set(r.id, prepared[j]!.doc.id));
      await writeChunks(tx, dialect, base.id, analyzer, rows.map((r, j) => ({ documentId: r.id, chunks: prepared[j]!.chunks })));
      chunks += prepared.reduce((n, p) => n + p.chunks.length, 0);
    });
  }
  return { baseId: base.id, idOf, chunks };
}

export async function evaluate(db: Kysely<Database>, dialect: Dialect, corpus: readonly EvalDocument[], queries: readonly EvalQuery[], qrels: ReadonlyMap<string, Judgements>, language = 'en'): Promise<EvalReport> {
  const started = performance.now();
  const { baseId, idOf, chunks } = await ingest(db, dialect, corpus, language);
  const ingestSeconds = (performance.now() - started) / 1000;
  // What autovacuum does soon after a bulk insert on PostgreSQL (its insert threshold): statistics for the planner and
  // the visibility map that lets the scoring read the postings' index alone. Not counted in the ingest time.
  if (dialect === 'postgres') await sql`VACUUM (ANALYZE) knowledge_postings, knowledge_terms, knowledge_chunks`.execute(db);
  const chunkDocument = new Map<number, string>();
  const rows = await db.selectFrom('knowledge_chunks').select(['id', 'document_id']).where('knowledge_base_id', '=', baseId).execute();
  for (const r of rows) chunkDocument.set(r.id, idOf.get(r.document_id)!);
  const analyzer = analyzerFor(language);
  const judgedQueries = queries.filter((q) => qrels.has(q.id));
  // A first pass warms the database's caches (and PostgreSQL's plans); the second is timed and scored.
  for (const q of judgedQueries.slice(0, 50)) await searchChunks(db, dialect, baseId, analyzer, q.text, CHUNKS_ASKED);
  let ndcg = 0;
  let recall = 0;
  const times: number[] = [];
  for (const q of judgedQueries) {
    const t0 = performance.now();
    const hits = await searchChunks(db, dialect, baseId, analyzer, q.text, CHUNKS_ASKED);
    times.push(performance.now() - t0);
    const ranked = documentsRanked(hits.map((h) => chunkDocument.get(h.chunkId)!));
    const judged = qrels.get(q.id)!;
    ndcg += ndcgAt(10, ranked, judged);
    recall += recallAt(100, ranked, judged);
  }
  const top10: number[] = [];
  for (const q of judgedQueries) {
    const t0 = performance.now();
    await searchChunks(db, dialect, baseId, analyzer, q.text, 10);
    top10.push(performance.now() - t0);
  }
  const n = Math.max(1, judgedQueries.length);
  return {
    database: dialect, documents: corpus.length, chunks, queries: judgedQueries.length,
    'ndcg@10': round(ndcg / n), 'recall@100': round(recall / n),
    ingestSeconds: round(ingestSeconds, 1), searchP50Ms: round(percentile(times, 50), 2), searchP99Ms: round(percentile(times, 99), 2),
    top10P50Ms: round(percentile(top10, 50), 2), top10P99Ms: round(percentile(top10, 99), 2),
  };
}
