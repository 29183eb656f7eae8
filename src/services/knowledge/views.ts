// Knowledge rows as the API shows them.
import type { Selectable } from 'kysely';
import type { Database } from '../../store/index.js';
import { apiDate } from '../../time.js';

export type BaseRow = Selectable<Database['knowledge_bases']>;
export type DocumentRow = Selectable<Database['knowledge_documents']>;
export type CrawlRow = Selectable<Database['knowledge_crawls']>;

export interface KnowledgeBaseView {
  id: number;
  name: string;
  description: string;
  language: string;
  /** The model endpoint whose embeddings model gives the chunks vectors (hybrid retrieval); null: lexical only. */
  embeddingEndpointId: number | null;
  chunkCount: number;
  dateCreated: string;
  dateUpdated: string;
}

export type DocumentStatus = 'queued' | 'processing' | 'ready' | 'failed';

export interface DocumentView {
  id: number;
  knowledgeBaseId: number;
  title: string;
  kind: string;
  sourceUrl: string | null;
  citable: boolean;
  status: DocumentStatus;
  error: string | null;
  characters: number;
  chunkCount: number;
  crawlId: number | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface CrawlView {
  id: number;
  knowledgeBaseId: number;
  url: string;
  mode: 'sitemap' | 'links';
  maxPages: number;
  maxDepth: number;
  sameHost: boolean;
  citable: boolean;
  status: 'queued' | 'running' | 'done' | 'failed';
  pagesFound: number;
  /** Its pages' documents by status. */
  documents: Record<DocumentStatus, number>;
  errors: { url: string; reason: string }[];
  dateCreated: string;
  dateUpdated: string;
}

export function baseView(row: BaseRow): KnowledgeBaseView {
  return {
    id: row.id, name: row.name, description: row.description, language: row.language, embeddingEndpointId: row.embedding_endpoint_id,
    chunkCount: Number(row.chunk_count), dateCreated: apiDate(row.created_at), dateUpdated: apiDate(row.updated_at),
  };
}

export function documentView(row: DocumentRow): DocumentView {
  return {
    id: row.id, knowledgeBaseId: row.knowledge_base_id, title: row.title, kind: row.kind, sourceUrl: row.source_url, citable: row.citable === 1,
    status: row.status as DocumentStatus, error: row.error, characters: row.characters, chunkCount: row.chunk_count, crawlId: row.crawl_id,
    dateCreated: apiDate(row.created_at), dateUpdated: apiDate(row.updated_at),
  };
}

export function crawlView(row: CrawlRow, documents: Record<DocumentStatus, number>): CrawlView {
  let errors: { url: string; reason: string }[] = [];
  try { errors = JSON.parse(row.errors) as { url: string; reason: string }[]; } catch { /* kept empty */ }
  return {
    id: row.id, knowledgeBaseId: row.knowledge_base_id, url: row.start_url, mode: row.mode as CrawlView['mode'], maxPages: row.max_pages,
    maxDepth: row.max_depth, sameHost: row.same_host === 1, citable: row.citable === 1, status: row.status as CrawlView['status'],
    pagesFound: row.pages_found, documents, errors, dateCreated: apiDate(row.created_at), dateUpdated: apiDate(row.updated_at),
  };
}
