// Knowledge, wired: bases, documents, crawls, search, and the durable jobs that index them.
import type { Registry } from 'prom-client';
import type { Logger } from '../../channels/index.js';
import type { Config } from '../../config.js';
import type { JobQueue } from '../../jobs/index.js';
import { DocumentFetcher, ModelClient } from '../../knowledge/index.js';
import type { SecretBox } from '../../security/index.js';
import type { Store } from '../../store/index.js';
import type { Clock } from '../../time.js';
import { KnowledgeBaseService } from './bases.js';
import { CRAWL_QUEUE, CrawlService } from './crawls.js';
import { DOCUMENT_QUEUE, DocumentService } from './documents.js';
import { DocumentIndexer } from './indexer.js';
import { KnowledgeSearch } from './search.js';
import { AnswerService } from './answers.js';
import { IntentClassifier } from './classifier.js';
import { ModelEndpointService } from './endpoints.js';
import { KnowledgeMetrics } from './metrics.js';
import { UsageService } from './usage.js';
import { ChunkEmbeddings } from './embeddings.js';

export interface Knowledge {
  bases: KnowledgeBaseService;
  documents: DocumentService;
  crawls: CrawlService;
  search: KnowledgeSearch;
  indexer: DocumentIndexer;
  fetcher: DocumentFetcher;
  endpoints: ModelEndpointService;
  answers: AnswerService;
  classifier: IntentClassifier;
  usage: UsageService;
  models: ModelClient;
}

/** Documents indexed at once by one process: extraction (a PDF) takes the event loop a while. */
const INDEXING_CONCURRENCY = 2;

export interface KnowledgeParts {
  config: Config;
  store: Store;
  jobs: JobQueue;
  clock: Clock;
  secrets: SecretBox;
  /** The server's metrics registry; null registers nowhere. */
  registry: Registry | null;
  log: () => Logger;
  work: (queue: string, handler: (job: Parameters<DocumentIndexer['run']>[0]) => Promise<void>, options?: { concurrency?: number }) => void;
}

export function createKnowledge({ config, store, jobs, clock, secrets, registry, log, work }: KnowledgeParts): Knowledge {
  const fetcher = new DocumentFetcher({ timeoutMs: config.knowledge.fetchTimeoutMs, maxBytes: config.knowledge.fetchMaxBytes, allowHosts: config.outbound.allowHosts });
  const bases = new KnowledgeBaseService(store.db, clock);
  const documents = new DocumentService(store.db, bases, jobs, clock, config.knowledge.uploadMaxBytes);
  bases.onEmbeddingsChanged = (baseId) => documents.reindexAll(baseId);
  const crawls = new CrawlService(store.db, bases, documents, jobs, fetcher, clock, config.knowledge.crawlMaxPages, log);
  const models = new ModelClient({ allowHosts: config.knowledge.modelAllowHosts });
  const endpoints = new ModelEndpointService(store.db, secrets, models, clock);
  const embeddings = new ChunkEmbeddings(store.db, endpoints, models, log);
  const indexer = new DocumentIndexer(store.db, store.dialect, fetcher, clock, log, (documentId, baseId) => embeddings.embedDocument(documentId, baseId));
  work(DOCUMENT_QUEUE, (job) => indexer.run(job), { concurrency: INDEXING_CONCURRENCY });
  work(CRAWL_QUEUE, (job) => crawls.run(job));
  const search = new KnowledgeSearch(store.db, store.dialect, embeddings, models, log);
  const metrics = new KnowledgeMetrics(registry);
  const answers = new AnswerService(store.db, bases, endpoints, search, models, clock, metrics);
  const classifier = new IntentClassifier(store.db, endpoints, models, clock, metrics, (ids, day) => answers.spentOn(ids, day));
  return { bases, documents, crawls, search, indexer, fetcher, endpoints, answers, classifier, usage: new UsageService(store.db, clock), models };
}

export type { BaseInput } from './bases.js';
export type { DocumentChange, DocumentInput } from './documents.js';
export type { CrawlInput } from './crawls.js';
export type { Passage } from './search.js';
export type { EndpointInput, EndpointView } from './endpoints.js';
export type { UsageReport } from './usage.js';
export { MAX_RESULTS } from './search.js';
export type { CrawlView, DocumentView, KnowledgeBaseView } from './views.js';
