// Knowledge, wired: bases, documents, crawls, search, and the durable jobs that index them.
import type { Logger } from '../../channels/index.js';
import type { Config } from '../../config.js';
import type { JobQueue } from '../../jobs/index.js';
import { DocumentFetcher } from '../../knowledge/index.js';
import type { Store } from '../../store/index.js';
import type { Clock } from '../../time.js';
import { KnowledgeBaseService } from './bases.js';
import { CRAWL_QUEUE, CrawlService } from './crawls.js';
import { DOCUMENT_QUEUE, DocumentService } from './documents.js';
import { DocumentIndexer } from './indexer.js';
import { KnowledgeSearch } from './search.js';

export interface Knowledge {
  bases: KnowledgeBaseService;
  documents: DocumentService;
  crawls: CrawlService;
  search: KnowledgeSearch;
  indexer: DocumentIndexer;
  fetcher: DocumentFetcher;
}

/** Documents indexed at once by one process: extraction (a PDF) takes the event loop a while. */
const INDEXING_CONCURRENCY = 2;

export function createKnowledge(config: Config, store: Store, jobs: JobQueue, clock: Clock, log: () => Logger,
  work: (queue: string, handler: (job: Parameters<DocumentIndexer['run']>[0]) => Promise<void>, options?: { concurrency?: number }) => void): Knowledge {
  const fetcher = new DocumentFetcher({ timeoutMs: config.knowledge.fetchTimeoutMs, maxBytes: config.knowledge.fetchMaxBytes, allowHosts: config.outbound.allowHosts });
  const bases = new KnowledgeBaseService(store.db, clock);
  const documents = new DocumentService(store.db, bases, jobs, clock, config.knowledge.uploadMaxBytes);
  const crawls = new CrawlService(store.db, bases, documents, jobs, fetcher, clock, config.knowledge.crawlMaxPages, log);
  const indexer = new DocumentIndexer(store.db, store.dialect, fetcher, clock, log);
  work(DOCUMENT_QUEUE, (job) => indexer.run(job), { concurrency: INDEXING_CONCURRENCY });
  work(CRAWL_QUEUE, (job) => crawls.run(job));
  return { bases, documents, crawls, search: new KnowledgeSearch(store.db, store.dialect), indexer, fetcher };
}

export type { BaseInput } from './bases.js';
export type { DocumentChange, DocumentInput } from './documents.js';
export type { CrawlInput } from './crawls.js';
export type { Passage } from './search.js';
export { MAX_RESULTS } from './search.js';
export type { CrawlView, DocumentView, KnowledgeBaseView } from './views.js';
