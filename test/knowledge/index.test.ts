// The BM25 index on SQLite and PostgreSQL: the same ranking as a plain reference computation, on both databases, with
// and without MaxScore's pruning; chunks replaced and deleted with their statistics.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzerFor } from '../../src/knowledge/analysis/analyzer.js';
import type { Chunk } from '../../src/knowledge/chunking/chunker.js';
import { BM25, chunkTerms, idf, queryTerms, rounded } from '../../src/knowledge/index/bm25.js';
import { deleteChunks, searchChunks, writeChunks } from '../../src/knowledge/index/postings-sql.js';
import { openMigratedStore, type Store } from '../../src/store/index.js';
import { TEST_DATABASE_URL } from '../helpers/server.js';

const analyzer = analyzerFor('en');
const WORDS = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);

/** A deterministic corpus whose word frequencies fall off as in text (Zipf): some words are in most chunks. */
function corpus(n: number): Chunk[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 20 + Math.floor(next() * 60) }, () => WORDS[Math.floor(WORDS.length * next() ** 3)]!);
    return { heading: `Doc ${i} ${WORDS[Math.floor(next() * 40)]}`, text: words.join(' ') };
  });
}

/** BM25 computed plainly over the chunks, the definition the SQL must agree with. */
function reference(chunks: readonly { id: number; chunk: Chunk }[], query: string, limit: number) {
  const analyzed = chunks.map((c) => ({ id: c.id, ...chunkTerms(analyzer, c.chunk.heading, c.chunk.text) }));
  const average = analyzed.reduce((s, c) => s + c.length, 0) / analyzed.length;
  const scores = new Map<number, number>();
  for (const [term, count] of queryTerms(analyzer, query)) {
    const holding = analyzed.filter((c) => c.tf.has(term));
    for (const c of holding) {
      const tf = c.tf.get(term)!;
      const part = (count * idf(analyzed.length, holding.length) * (BM25.k1 + 1) * tf) / (tf + BM25.k1 * (1 - BM25.b) + ((BM25.k1 * BM25.b) / average) * c.length);
      scores.set(c.id, (scores.get(c.id) ?? 0) + part);
    }
  }
  return [...scores].map(([chunkId, score]) => ({ chunkId, score: rounded(score) }))
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, limit);
}

async function open(kind: 'sqlite' | 'postgres'): Promise<{ store: Store; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-kb-'));
    const store = await openMigratedStore({ kind: 'sqlite', file: path.join(dir, 'kb.db') });
    return { store, drop: async () => { await store.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => { const c = new pg.Client({ connectionString: TEST_DATABASE_URL }); await c.connect(); await c.query(q); await c.end(); };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = await openMigratedStore({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  return { store, drop: async () => { await store.close(); await admin(`DROP SCHEMA ${schema} CASCADE`); } };
}

const QUERIES = ['w0x w1x w2x', 'w3x w1ax w2bx', 'w0x w0x w9x', 'doc w5x w1x', 'w4x w6x w8x w2x w1x w0x', 'nothing here'];

const results: Record<string, unknown> = {};

describe.each(['sqlite', 'postgres'] as const)('the index on %s', (kind) => {
  let store: Store;
  let drop: () => Promise<void>;
  let baseId: number;
  let docIds: number[];
  const chunks = corpus(900);

  beforeAll(async () => {
    ({ store, drop } = await open(kind));
    const now = new Date().toISOString();
    const account = await store.db.insertInto('accounts').values({ email: 'kb@example.com', password_hash: '!', created_at: now, message_retention_days: null }).returning('id').executeTakeFirstOrThrow();
    baseId = (await store.db.insertInto('knowledge_bases').values({
      account_id: account.id, name: 'kb', description: '', language: 'en', embedding_endpoint_id: null, chunk_count: 0, total_length: 0, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const docs = await store.db.insertInto('knowledge_documents').values(Array.from({ length: 300 }, (_, i) => ({
      account_id: account.id, knowledge_base_id: baseId, title: `d${i}`, source_url: null, citable: 1, kind: 'text', status: 'ready',
      error: null, pending: null, body: '', characters: 0, chunk_count: 3, crawl_id: null, created_at: now, updated_at: now,
    }))).returning('id').execute();
    docIds = docs.map((d) => d.id);
    await store.db.transaction().execute((tx) => writeChunks(tx, store.dialect, baseId, analyzer, docIds.map((id, i) => ({ documentId: id, chunks: chunks.slice(i * 3, i * 3 + 3) }))));
  });
  afterAll(async () => drop());

  /** Each document's chunks as last written. */
  const written = new Map<number, Chunk[]>();
  const indexed = async () => {
    const rows = await store.db.selectFrom('knowledge_chunks').select(['id', 'document_id', 'position']).where('knowledge_base_id', '=', baseId).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, chunk: (written.get(r.document_id) ?? chunks.slice(docIds.indexOf(r.document_id) * 3))[r.position]! }));
  };

  it('ranks as the plain computation does, for a few results (pruned) and many (summed whole)', async () => {
    const all = await indexed();
    expect(all).toHaveLength(900);
    for (const q of QUERIES) {
      for (const limit of [5, 100]) {
        const found = await searchChunks(store.db, store.dialect, baseId, analyzer, q, limit);
        expect(found, `${q} @${limit}`).toEqual(reference(all, q, limit));
        results[`${kind}:${q}:${limit}`] = found.map((f) => f.chunkId - all[0]!.id);
      }
    }
  });

  it('replaces a document\'s chunks and deletes them with their statistics', async () => {
    const replacement: Chunk[] = [{ heading: 'New', text: 'zebra zebra w0x' }];
    written.set(docIds[0]!, replacement);
    await store.db.transaction().execute((tx) => writeChunks(tx, store.dialect, baseId, analyzer, [{ documentId: docIds[0]!, chunks: replacement }]));
    const base = await store.db.selectFrom('knowledge_bases').selectAll().where('id', '=', baseId).executeTakeFirstOrThrow();
    expect(base.chunk_count).toBe(898);
    const [hit] = await searchChunks(store.db, store.dialect, baseId, analyzer, 'zebra', 5);
    const all = await indexed();
    expect(reference(all, 'zebra w1x', 10)).toEqual(await searchChunks(store.db, store.dialect, baseId, analyzer, 'zebra w1x', 10));
    expect(hit?.chunkId).toBe(all.find((c) => c.chunk === replacement[0])!.id);
    await store.db.transaction().execute((tx) => deleteChunks(tx, baseId, [docIds[0]!]));
    expect(await searchChunks(store.db, store.dialect, baseId, analyzer, 'zebra', 5)).toEqual([]);
    const after = await store.db.selectFrom('knowledge_bases').selectAll().where('id', '=', baseId).executeTakeFirstOrThrow();
    expect(Number(after.chunk_count)).toBe(897);
    const zebra = await store.db.selectFrom('knowledge_terms').select('df').where('knowledge_base_id', '=', baseId).where('term', '=', 'zebra').executeTakeFirst();
    expect(zebra?.df ?? 0).toBe(0);
    expect(reference(await indexed(), 'w0x w1x', 20)).toEqual(await searchChunks(store.db, store.dialect, baseId, analyzer, 'w0x w1x', 20));
  });
});

describe('both databases', () => {
  it('give the same chunks in the same order', () => {
    const keys = Object.keys(results).filter((k) => k.startsWith('sqlite:'));
    expect(keys.length).toBe(QUERIES.length * 2);
    for (const k of keys) expect(results[k.replace('sqlite:', 'postgres:')], k).toEqual(results[k]);
  });
});
