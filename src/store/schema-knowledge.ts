// Row types of the knowledge tables (migration 0020): knowledge bases, documents, chunks and their postings, crawls,
// model endpoints, and the answers' token usage.
import type { Generated } from 'kysely';

export interface KnowledgeBasesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: string;
  /** BCP 47 tag; the analyzer's language (stemming, stop words). */
  language: string;
  /** The model endpoint whose embeddings model gives vectors to the chunks; null: lexical retrieval only. */
  embedding_endpoint_id: number | null;
  /** BM25's collection statistics, kept in the transaction that changes the chunks: N and the sum of lengths. */
  chunk_count: number;
  total_length: number;
  created_at: string;
  updated_at: string;
}

export interface KnowledgeDocumentsTable {
  id: Generated<number>;
  account_id: number;
  knowledge_base_id: number;
  title: string;
  source_url: string | null;
  /** 1: may be cited to end users (its title and URL shown); 0: answers from it but is never linked. */
  citable: number;
  /** text | markdown | html | pdf | url */
  kind: string;
  /** queued | processing | ready | failed */
  status: string;
  error: string | null;
  /** What an upload or a fetch gave, until it is extracted (then null): base64 for bytes, else the text. */
  pending: string | null;
  /** The extracted text as Markdown-like blocks (headings and paragraphs): chunked again when the chunking changes. */
  body: string | null;
  characters: number;
  chunk_count: number;
  /** The crawl that found it, if any. */
  crawl_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface KnowledgeChunksTable {
  id: Generated<number>;
  knowledge_base_id: number;
  document_id: number;
  position: number;
  /** The document's title and the headings above the chunk, joined with " › ". */
  heading: string;
  text: string;
  /** BM25 length: heading terms count twice (their weight), body terms once. */
  length: number;
  /** Float32 little-endian vector, base64; null until (or unless) an embeddings model gave one. */
  embedding: string | null;
}

/** One row per (term, chunk): the inverted index BM25 is scored from, identical on both databases. */
export interface KnowledgePostingsTable {
  knowledge_base_id: number;
  term: string;
  chunk_id: number;
  /** Weighted term frequency (heading occurrences count twice). */
  tf: number;
  /** The chunk's length, kept here so a query reads no other table. */
  len: number;
}

/** How many chunks of the base hold the term (BM25's n); rows at 0 are left for the term's next use. */
export interface KnowledgeTermsTable {
  knowledge_base_id: number;
  term: string;
  df: number;
}

export interface KnowledgeCrawlsTable {
  id: Generated<number>;
  account_id: number;
  knowledge_base_id: number;
  start_url: string;
  /** sitemap | links */
  mode: string;
  max_pages: number;
  max_depth: number;
  same_host: number;
  citable: number;
  /** queued | running | done | failed */
  status: string;
  pages_found: number;
  /** JSON array of { url, reason } for pages refused (the last 50). */
  errors: string;
  /** JSON { v, queue: [url, depth][], seen: url[] }: where the crawl stands between its runs (it survives a restart). */
  state: string;
  created_at: string;
  updated_at: string;
}

export interface ModelEndpointsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  base_url: string;
  /** AES-256-GCM sealed API key; null for a server that needs none (a local one). */
  api_key_sealed: string | null;
  chat_model: string | null;
  embedding_model: string | null;
  rerank_model: string | null;
  timeout_ms: number;
  max_retries: number;
  created_at: string;
  updated_at: string;
}

/** One row per answer step that ran: what it cost and how it ended. */
export interface KnowledgeAnswersTable {
  id: Generated<number>;
  account_id: number;
  bot_id: number;
  conversation_id: number | null;
  /** answered | extractive | ungrounded | failed | budget */
  outcome: string;
  prompt_tokens: number;
  completion_tokens: number;
  at: string;
  /** yyyy-mm-dd (UTC). */
  day: string;
}

/** Tokens per bot and day, added to in the transaction that records each answer. */
export interface KnowledgeUsageDailyTable {
  account_id: number;
  bot_id: number;
  day: string;
  answers: number;
  fallbacks: number;
  prompt_tokens: number;
  completion_tokens: number;
}
