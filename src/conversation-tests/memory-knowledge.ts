// Knowledge bases for conversation tests: documents declared in the tests file, retrieved in memory by the same
// analyzer, chunking and BM25 as the server, and a model whose answers (and classify choices) the test scripts
// (docs/knowledge.md).
import type { AnswerRequest, AnswerResult, ClassifyRequest, ClassifyResult, KnowledgePort } from '../engine/index.js';
import {
  analyzerFor, BM25, chosenCandidate, blocksOfMarkdown, chunkBlocks, chunkTerms, cited, excerpt, functionWordsFor, idf, NO_ANSWER, type Passage, queryTerms, rounded,
  usedPassages,
} from '../knowledge/index.js';
import type { KnowledgeFixture, ModelFixture } from './tests-schema.js';

interface IndexedChunk {
  passage: Passage;
  length: number;
  tf: Map<string, number>;
}

interface MemoryBase {
  id: number;
  name: string;
  language: string;
  chunks: IndexedChunk[];
  df: Map<string, number>;
}

export class MemoryKnowledge implements KnowledgePort {
  private readonly bases: MemoryBase[];
  private readonly answers: ModelFixture['answers'] | null;

  constructor(fixtures: readonly KnowledgeFixture[], model: ModelFixture | null) {
    let chunkId = 0;
    this.bases = fixtures.map((base, b) => {
      const language = base.language ?? 'en';
      const analyzer = analyzerFor(language);
      const chunks = base.documents.flatMap((doc, d) => chunkBlocks(doc.title, blocksOfMarkdown(doc.text)).map((c): IndexedChunk => ({
        ...chunkTerms(analyzer, c.heading, c.text),
        passage: {
          chunkId: ++chunkId, documentId: (b + 1) * 1000 + d + 1, knowledgeBaseId: b + 1, title: doc.title, heading: c.heading, text: c.text,
          score: 0, sourceUrl: doc.url ?? null, citable: doc.citable !== false,
        },
      })));
      const df = new Map<string, number>();
      for (const c of chunks) for (const t of c.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
      return { id: b + 1, name: base.name, language, chunks, df };
    });
    this.answers = model === null ? null : [...model.answers];
  }

  private search(base: MemoryBase, question: string, limit: number): Passage[] {
    const n = base.chunks.length;
    if (n === 0) return [];
    const average = base.chunks.reduce((s, c) => s + c.length, 0) / n;
    const terms = queryTerms(analyzerFor(base.language), question);
    return base.chunks.map((c) => {
      let score = 0;
      for (const [term, count] of terms) {
        const tf = c.tf.get(term);
        if (tf === undefined) continue;
        score += (count * idf(n, base.df.get(term)!) * (BM25.k1 + 1) * tf) / (tf + BM25.k1 * (1 - BM25.b) + ((BM25.k1 * BM25.b) / average) * c.length);
      }
      return { ...c.passage, score: rounded(score) };
    }).filter((p) => p.score > 0).sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, limit);
  }

  private coverage(base: MemoryBase, question: string, passage: Passage): number {
    const analyzer = analyzerFor(base.language);
    const held = new Set(analyzer.terms(`${passage.heading}\n${passage.text}`));
    const form = new Set(functionWordsFor(base.language).flatMap((w) => analyzer.terms(w)));
    let total = 0;
    let found = 0;
    // As the server's coverage (src/knowledge/index/postings-sql.ts): words that only shape the question left out.
    for (const [term, count] of queryTerms(analyzer, question)) {
      if (form.has(term)) continue;
      const weight = count * idf(base.chunks.length, base.df.get(term) ?? 0);
      total += weight;
      if (held.has(term)) found += weight;
    }
    return total === 0 ? 0 : found / total;
  }

  async answer(request: AnswerRequest): Promise<AnswerResult> {
    const bases = this.bases.filter((b) => request.knowledgeBases.some((r) => r === b.name || r === b.id));
    if (bases.length === 0) return { kind: 'fallback', reason: 'failed', detail: 'no knowledge base of that name in the tests file', passages: [] };
    const passages = bases.flatMap((b) => this.search(b, request.question, request.passages))
      .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, request.passages);
    const used = usedPassages(passages);
    const best = passages[0];
    const base = bases.find((b) => b.id === best?.knowledgeBaseId);
    if (best === undefined || base === undefined || this.coverage(base, request.question, best) < request.minRelevance) {
      return { kind: 'fallback', reason: 'ungrounded', detail: 'no passage covers the question', passages: used };
    }
    if (this.answers === null || request.extractive) {
      return {
        kind: 'answered', mode: 'extractive', text: excerpt(best.text), passages: used, promptTokens: 0, completionTokens: 0,
        sources: best.citable ? [{ number: 1, title: best.title, url: best.sourceUrl }] : [],
      };
    }
    const next = this.answers.shift();
    if (next === undefined || typeof next !== 'string') {
      return { kind: 'fallback', reason: 'failed', detail: next === undefined ? 'the test scripts no further model answer' : 'the scripted model fails', passages: used };
    }
    if (next.trim().startsWith(NO_ANSWER)) return { kind: 'fallback', reason: 'ungrounded', detail: 'the model found no answer', passages: used };
    const answer = cited(next, passages);
    return { kind: 'answered', mode: 'generative', text: answer.text, sources: answer.sources, passages: used, promptTokens: 0, completionTokens: 0 };
  }

  /** The next scripted reply names the interaction (or NONE), read as the server reads a model's. */
  async classify(request: ClassifyRequest): Promise<ClassifyResult> {
    if (this.answers === null) return { kind: 'fallback', reason: 'failed', detail: 'the tests file gives no model' };
    const next = this.answers.shift();
    if (next === undefined || typeof next !== 'string') {
      return { kind: 'fallback', reason: 'failed', detail: next === undefined ? 'the test scripts no further model answer' : 'the scripted model fails' };
    }
    const name = chosenCandidate(next, request.candidates);
    return name === null ? { kind: 'fallback', reason: 'none', detail: `the model chose no interaction ("${next}")` } : { kind: 'chosen', name, promptTokens: 0, completionTokens: 0 };
  }
}
