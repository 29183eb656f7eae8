// The inverted index in the database, the same tables and the same BM25 on SQLite and PostgreSQL: chunks written with
// their postings, deleted with them, and the top chunks of a query scored by one statement.
import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../../store/index.js';
import type { Analyzer } from '../analysis/analyzer.js';
import type { Chunk } from '../chunking/chunker.js';
import { functionWordsFor } from '../analysis/stopwords.js';
import { BM25, chunkTerms, idf, queryTerms, rounded } from './bm25.js';

export interface ScoredChunk {
  chunkId: number;
  score: number;
}

/** A document's new chunks; its old ones are replaced. */
export interface DocumentChunks {
  documentId: number;
  chunks: readonly Chunk[];
}

/** Chunk rows per INSERT (six parameters each: well under SQLite's 32,766). */
const CHUNKS_PER_STATEMENT = 1000;
/** Postings per statement: they travel as one JSON (SQLite) or four arrays (PostgreSQL). */
const POSTINGS_PER_STATEMENT = 50_000;

/** Removes the chunks of these documents and their postings, and takes them off the base's statistics. */
export async function deleteChunks(tx: Kysely<Database>, knowledgeBaseId: number, documentIds: readonly number[]): Promise<void> {
  if (documentIds.length === 0) return;
  const gone = await tx.selectFrom('knowledge_chunks')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(length), 0)`.as('len')])
    .where('document_id', 'in', documentIds).executeTakeFirstOrThrow();
  if (Number(gone.n) === 0) return;
  await tx.updateTable('knowledge_bases').set({
    chunk_count: sql`chunk_count - ${Number(gone.n)}`, total_length: sql`total_length - ${Number(gone.len)}`,
  }).where('id', '=', knowledgeBaseId).execute();
  const chunks = tx.selectFrom('knowledge_chunks').select('id').where('document_id', 'in', documentIds);
  await sql`UPDATE knowledge_terms SET df = knowledge_terms.df - gone.n
    FROM (SELECT term, count(*) AS n FROM knowledge_postings WHERE chunk_id IN (${chunks}) GROUP BY term) AS gone
    WHERE knowledge_terms.knowledge_base_id = ${knowledgeBaseId} AND knowledge_terms.term = gone.term`.execute(tx);
  await tx.deleteFrom('knowledge_postings').where('chunk_id', 'in', chunks).execute();
  await tx.deleteFrom('knowledge_chunks').where('document_id', 'in', documentIds).execute();
}

/**
 * Writes the documents' chunks and postings (after removing their previous ones) and adds them to the base's statistics.
 * Run it in a transaction: a query then sees a document's old chunks or its new ones, never half of each. The base's row
 * is updated first, so concurrent writers of one base take turns from the start (no deadlock on the postings).
 * Returns the new chunk ids, per document in position order.
 */
export async function writeChunks(tx: Kysely<Database>, dialect: Dialect, knowledgeBaseId: number, analyzer: Analyzer, documents: readonly DocumentChunks[]): Promise<Map<number, number[]>> {
  const analyzed = documents.map((d) => ({ ...d, terms: d.chunks.map((c) => chunkTerms(analyzer, c.heading, c.text)) }));
  const count = analyzed.reduce((n, d) => n + d.chunks.length, 0);
  const length = analyzed.reduce((n, d) => n + d.terms.reduce((m, t) => m + t.length, 0), 0);
  await tx.updateTable('knowledge_bases').set({
    chunk_count: sql`chunk_count + ${count}`, total_length: sql`total_length + ${length}`,
  }).where('id', '=', knowledgeBaseId).execute();
  await deleteChunks(tx, knowledgeBaseId, documents.map((d) => d.documentId));
  const rows = analyzed.flatMap((d) => d.chunks.map((c, position) => ({
    knowledge_base_id: knowledgeBaseId, document_id: d.documentId, position, heading: c.heading, text: c.text,
    length: d.terms[position]!.length, embedding: null,
  })));
  const ids = new Map<number, number[]>();
  const idOf = new Map<string, number>();
  for (let i = 0; i < rows.length; i += CHUNKS_PER_STATEMENT) {
    const inserted = await tx.insertInto('knowledge_chunks').values(rows.slice(i, i + CHUNKS_PER_STATEMENT))
      .returning(['id', 'document_id', 'position']).execute();
    for (const r of inserted) idOf.set(`${r.document_id}:${r.position}`, r.id);
  }
  const postings: [string, number, number, number][] = [];
  for (const d of analyzed) {
    const list: number[] = [];
    d.terms.forEach((terms, position) => {
      const chunkId = idOf.get(`${d.documentId}:${position}`)!;
      list.push(chunkId);
      for (const [term, tf] of terms.tf) postings.push([term, chunkId, tf, terms.length]);
    });
    ids.set(d.documentId, list);
  }
  for (let i = 0; i < postings.length; i += POSTINGS_PER_STATEMENT) {
    await insertPostings(tx, dialect, knowledgeBaseId, postings.slice(i, i + POSTINGS_PER_STATEMENT));
  }
  const df = new Map<string, number>();
  for (const [term] of postings) df.set(term, (df.get(term) ?? 0) + 1);
  const entries = [...df];
  for (let i = 0; i < entries.length; i += POSTINGS_PER_STATEMENT) {
    await addFrequencies(tx, dialect, knowledgeBaseId, entries.slice(i, i + POSTINGS_PER_STATEMENT));
  }
  return ids;
}

async function addFrequencies(tx: Kysely<Database>, dialect: Dialect, knowledgeBaseId: number, entries: [string, number][]): Promise<void> {
  if (entries.length === 0) return;
  const rows = dialect === 'postgres'
    ? sql`SELECT ${knowledgeBaseId}::int, t, n FROM unnest(${entries.map((e) => e[0])}::text[], ${entries.map((e) => e[1])}::int[]) AS e(t, n)`
    : sql`SELECT ${knowledgeBaseId}, value->>0, value->>1 FROM json_each(${JSON.stringify(entries)}) WHERE true`;
  await sql`INSERT INTO knowledge_terms (knowledge_base_id, term, df) ${rows}
    ON CONFLICT (knowledge_base_id, term) DO UPDATE SET df = knowledge_terms.df + excluded.df`.execute(tx);
}

async function insertPostings(tx: Kysely<Database>, dialect: Dialect, knowledgeBaseId: number, postings: [string, number, number, number][]): Promise<void> {
  if (postings.length === 0) return;
  if (dialect === 'postgres') {
    await sql`INSERT INTO knowledge_postings (knowledge_base_id, term, chunk_id, tf, len)
      SELECT ${knowledgeBaseId}::int, t, c, f, l FROM unnest(${postings.map((p) => p[0])}::text[], ${postings.map((p) => p[1])}::int[],
        ${postings.map((p) => p[2])}::float8[], ${postings.map((p) => p[3])}::int[]) AS p(t, c, f, l)`.execute(tx);
  } else {
    await sql`INSERT INTO knowledge_postings (knowledge_base_id, term, chunk_id, tf, len)
      SELECT ${knowledgeBaseId}, value->>0, value->>1, value->>2, value->>3 FROM json_each(${JSON.stringify(postings)})`.execute(tx);
  }
}

interface WeightedTerm {
  term: string;
  /** Query frequency × idf × (k1 + 1): also the most the term can add to any chunk's score. */
  weight: number;
  df: number;
}

/** The part of BM25 that depends on the chunk: weight · tf / (tf + k0 + k1 · len), written in this order on both sides. */
interface Shape {
  k0: number;
  k1: number;
}

/** Terms in more chunks than this share are first left out (MaxScore), then added to the chunks that can still win. */
const COMMON_SHARE = 1 / 50;
const COMMON_MIN = 200;
const TIE_ROWS = 10;

/**
 * The `limit` best chunks of the base for the query by BM25 (Lucene's idf), best first, ties by chunk id. Exact, with
 * MaxScore's pruning: the common terms (in over 2 % of the chunks) are first left out; when the k-th best score of the
 * rare terms alone is above the most the common terms could add, no chunk that only holds common terms can enter the
 * top k, and the common terms' postings are read only for the chunks still in the running. Otherwise every posting of
 * every term is summed (one statement). Both databases compute in double precision; scores are compared rounded to
 * 1e-9 (bm25.rounded), since the order of a sum's terms differs between the paths and the databases.
 */
export async function searchChunks(db: Kysely<Database>, dialect: Dialect, knowledgeBaseId: number, analyzer: Analyzer, query: string, limit: number): Promise<ScoredChunk[]> {
  const counts = queryTerms(analyzer, query);
  if (counts.size === 0 || limit < 1) return [];
  // The base's statistics and the query terms' document frequencies in one round trip.
  const rows = await db.selectFrom('knowledge_bases as b')
    .leftJoin('knowledge_terms as t', (join) => join.onRef('t.knowledge_base_id', '=', 'b.id').on('t.term', 'in', [...counts.keys()]).on('t.df', '>', 0))
    .select(['b.chunk_count', 'b.total_length', 't.term', 't.df']).where('b.id', '=', knowledgeBaseId).execute();
  const chunks = Number(rows[0]?.chunk_count ?? 0);
  if (chunks === 0) return [];
  const average = Number(rows[0]!.total_length) / chunks;
  const frequencies = rows.filter((r): r is typeof r & { term: string; df: number } => r.term !== null && r.df !== null);
  const terms: WeightedTerm[] = frequencies
    .map((f) => ({ term: f.term, df: Number(f.df), weight: counts.get(f.term)! * idf(chunks, Number(f.df)) * (BM25.k1 + 1) }))
    .sort((a, b) => b.df - a.df || (a.term < b.term ? -1 : 1));
  if (terms.length === 0) return [];
  const shape: Shape = { k0: BM25.k1 * (1 - BM25.b), k1: (BM25.k1 * BM25.b) / average };
  const threshold = Math.max(COMMON_MIN, chunks * COMMON_SHARE);
  let common = terms.filter((t) => t.df > threshold);
  if (common.length === terms.length) common = common.slice(0, -1);
  if (common.length > 0) {
    const pruned = await searchPruned(db, dialect, knowledgeBaseId, terms.slice(common.length), common, shape, limit);
    if (pruned !== null) return pruned;
  }
  // A few rows beyond the limit: two chunks whose sums differ only in the last bits tie once rounded, and the one the
  // database put just past the limit may be the one the tie-break keeps.
  return ranked(await scoreAll(db, dialect, knowledgeBaseId, terms, shape, limit + TIE_ROWS)).slice(0, limit);
}

function ranked(rows: readonly ScoredChunk[]): ScoredChunk[] {
  return rows.map((r) => ({ chunkId: r.chunkId, score: rounded(r.score) })).sort((x, y) => y.score - x.score || x.chunkId - y.chunkId);
}

/** Every chunk holding one of the terms, summed by the database; the best `limit`. */
async function scoreAll(db: Kysely<Database>, dialect: Dialect, knowledgeBaseId: number, terms: readonly WeightedTerm[], shape: Shape, limit: number): Promise<ScoredChunk[]> {
  const rows = dialect === 'postgres'
    ? await sql<{ chunk_id: number; score: number }>`
      SELECT p.chunk_id, sum(w.weight * p.tf / (p.tf + ${shape.k0}::float8 + ${shape.k1}::float8 * p.len)) AS score
      FROM unnest(${terms.map((t) => t.term)}::text[], ${terms.map((t) => t.weight)}::float8[]) AS w(term, weight)
      JOIN knowledge_postings p ON p.knowledge_base_id = ${knowledgeBaseId}::int AND p.term = w.term
      GROUP BY p.chunk_id ORDER BY score DESC, p.chunk_id LIMIT ${limit}::int`.execute(db)
    : await sql<{ chunk_id: number; score: number }>`
      WITH w(term, weight) AS (SELECT value->>0, value->>1 FROM json_each(${JSON.stringify(terms.map((t) => [t.term, t.weight]))}))
      SELECT p.chunk_id, sum(w.weight * p.tf / (p.tf + ${shape.k0} + ${shape.k1} * p.len)) AS score
      FROM w CROSS JOIN knowledge_postings p ON p.knowledge_base_id = ${knowledgeBaseId} AND p.term = w.term
      GROUP BY p.chunk_id ORDER BY score DESC, p.chunk_id LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({ chunkId: Number(r.chunk_id), score: Number(r.score) }));
}

/**
 * MaxScore: the rare terms' best chunks, then the common terms' postings of those that can still reach the top. null
 * when the pruning cannot be shown exact for this query (the caller then sums everything).
 */
async function searchPruned(db: Kysely<Database>, dialect: Dialect, knowledgeBaseId: number, rare: readonly WeightedTerm[], common: readonly WeightedTerm[], shape: Shape, limit: number): Promise<ScoredChunk[] | null> {
  const fetched = limit * 4 + 50;
  const partial = await scoreAll(db, dialect, knowledgeBaseId, rare, shape, fetched);
  if (partial.length < limit) return null;
  const bound = common.reduce((sum, t) => sum + t.weight, 0);
  const kth = partial[limit - 1]!.score;
  // A chunk outside these rows scores at most the common terms' bound (it holds none of the rare ones) or its partial
  // score below the last row's plus that bound: both must fall short of the k-th partial score, which only grows.
  const margin = 1e-9;
  if (bound + margin >= kth) return null;
  if (partial.length === fetched && partial.at(-1)!.score + bound + margin >= kth) return null;
  const running = partial.filter((p) => p.score + bound + margin >= kth);
  const ids = running.map((p) => p.chunkId);
  const rows = dialect === 'postgres'
    ? await sql<{ term: string; chunk_id: number; tf: number; len: number }>`
      SELECT term, chunk_id, tf, len FROM knowledge_postings WHERE knowledge_base_id = ${knowledgeBaseId}::int
        AND term = ANY(${common.map((t) => t.term)}::text[]) AND chunk_id = ANY(${ids}::int[])`.execute(db)
    : await sql<{ term: string; chunk_id: number; tf: number; len: number }>`
      SELECT term, chunk_id, tf, len FROM knowledge_postings WHERE knowledge_base_id = ${knowledgeBaseId}
        AND term IN (SELECT value FROM json_each(${JSON.stringify(common.map((t) => t.term))}))
        AND chunk_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`.execute(db);
  const weightOf = new Map(common.map((t) => [t.term, t.weight]));
  const scores = new Map(running.map((p) => [p.chunkId, p.score]));
  for (const r of rows.rows) {
    const tf = Number(r.tf);
    scores.set(Number(r.chunk_id), scores.get(Number(r.chunk_id))! + (weightOf.get(r.term)! * tf) / (tf + shape.k0 + shape.k1 * Number(r.len)));
  }
  return ranked([...scores].map(([chunkId, score]) => ({ chunkId, score }))).slice(0, limit);
}

/**
 * How much of the query a passage covers: the idf-weighted share of the query's terms found in it (0–1), the words
 * that only shape a question (when, does, you …) left out. A term the base never holds weighs most: a question about
 * something the documents never name is not grounded by them.
 */
export async function coverage(db: Kysely<Database>, knowledgeBaseId: number, analyzer: Analyzer, query: string, passage: string): Promise<number> {
  const counts = queryTerms(analyzer, query);
  for (const word of functionWordsFor(analyzer.language)) for (const term of analyzer.terms(word)) counts.delete(term);
  if (counts.size === 0) return 0;
  const stats = await db.selectFrom('knowledge_bases').select('chunk_count').where('id', '=', knowledgeBaseId).executeTakeFirst();
  const chunks = Math.max(1, Number(stats?.chunk_count ?? 0));
  const rows = await db.selectFrom('knowledge_terms').select(['term', 'df'])
    .where('knowledge_base_id', '=', knowledgeBaseId).where('term', 'in', [...counts.keys()]).execute();
  const df = new Map(rows.map((r) => [r.term, Number(r.df)]));
  const held = new Set(analyzer.terms(passage));
  let total = 0;
  let found = 0;
  for (const [term, count] of counts) {
    const weight = count * idf(chunks, df.get(term) ?? 0);
    total += weight;
    if (held.has(term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}
