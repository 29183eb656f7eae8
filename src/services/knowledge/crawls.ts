// Site crawls: from a sitemap or by following links, bounded by pages, depth and host; each page found becomes a
// document indexed by its own job. A crawl runs as a chain of short durable jobs, its queue kept in its row between them,
// so a restart loses none of it and no job outlives its lease.
import { sql, type Kysely } from 'kysely';
import type { Logger } from '../../channels/index.js';
import { UnprocessableError, ownedBy } from '../../errors.js';
import type { Job, JobQueue } from '../../jobs/index.js';
import { decodeText } from '../../net/index.js';
import { type DocumentFetcher, extractHtml, readSitemap } from '../../knowledge/index.js';
import type { Database } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { hasIds, jobFormat, readJob } from '../stored-jobs.js';
import type { KnowledgeBaseService } from './bases.js';
import { type DocumentService, pendingOf } from './documents.js';
import { crawlView, type CrawlRow, type CrawlView, type DocumentStatus } from './views.js';

export const CRAWL_QUEUE = 'knowledge.crawl';
const CRAWL_JOB_FORMAT = jobFormat<{ crawlId: number }>(CRAWL_QUEUE, hasIds('crawlId'));

export interface CrawlInput {
  url: string;
  mode?: 'sitemap' | 'links';
  maxPages?: number;
  maxDepth?: number;
  sameHost?: boolean;
  citable?: boolean;
}

interface CrawlState {
  v: 1;
  /** [url, depth, isSitemap] still to fetch, in order. */
  queue: [string, number, boolean][];
  seen: string[];
}

/** Fetches per job: a page may take KNOWLEDGE_FETCH_TIMEOUT_MS, and a job must end well within its lease. */
const FETCHES_PER_RUN = 3;
const MAX_ERRORS = 50;
const MAX_DEPTH = 10;

function normalized(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

export class CrawlService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bases: KnowledgeBaseService,
    private readonly documents: DocumentService,
    private readonly jobs: JobQueue,
    private readonly fetcher: DocumentFetcher,
    private readonly clock: Clock,
    private readonly maxPages: number,
    private readonly log: () => Logger,
  ) {}

  private async view(row: CrawlRow): Promise<CrawlView> {
    const counts = await this.db.selectFrom('knowledge_documents').select(['status', sql<number>`count(*)`.as('n')])
      .where('crawl_id', '=', row.id).groupBy('status').execute();
    const documents: Record<DocumentStatus, number> = { queued: 0, processing: 0, ready: 0, failed: 0 };
    for (const c of counts) documents[c.status as DocumentStatus] = Number(c.n);
    return crawlView(row, documents);
  }

  async create(accountId: number, baseId: number, input: CrawlInput): Promise<CrawlView> {
    await this.bases.row(accountId, baseId);
    const url = normalized(input.url);
    if (url === null) throw new UnprocessableError('url: an absolute http or https URL is required.');
    const maxPages = input.maxPages ?? 50;
    if (maxPages > this.maxPages) throw new UnprocessableError(`maxPages: at most ${this.maxPages} (KNOWLEDGE_CRAWL_MAX_PAGES).`);
    const maxDepth = input.maxDepth ?? 2;
    if (maxDepth > MAX_DEPTH) throw new UnprocessableError(`maxDepth: at most ${MAX_DEPTH}.`);
    const mode = input.mode ?? (/\.xml(\.gz)?$/i.test(new URL(url).pathname) ? 'sitemap' : 'links');
    const state: CrawlState = { v: 1, queue: [[url, 0, mode === 'sitemap']], seen: [url] };
    const now = isoNow(this.clock);
    const row = await this.db.transaction().execute(async (tx) => {
      const inserted = await tx.insertInto('knowledge_crawls').values({
        account_id: accountId, knowledge_base_id: baseId, start_url: url, mode, max_pages: maxPages, max_depth: maxDepth,
        same_host: input.sameHost === false ? 0 : 1, citable: input.citable === false ? 0 : 1, status: 'queued', pages_found: 0,
        errors: '[]', state: JSON.stringify(state), created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      await this.jobs.send(CRAWL_QUEUE, { crawlId: inserted.id }, { retryLimit: 3 }, tx);
      return inserted;
    });
    return this.view(row);
  }

  async get(accountId: number, baseId: number, id: number): Promise<CrawlView> {
    await this.bases.row(accountId, baseId);
    const row = await this.db.selectFrom('knowledge_crawls').selectAll().where('id', '=', id).executeTakeFirst();
    const owned = ownedBy(row === undefined ? undefined : { ...row, accountId: row.account_id }, accountId, 'Crawl', id);
    if (owned.knowledge_base_id !== baseId) throw new UnprocessableError(`Crawl ${id} is not in knowledge base ${baseId}.`);
    return this.view(owned);
  }

  async list(accountId: number, baseId: number): Promise<CrawlView[]> {
    await this.bases.row(accountId, baseId);
    const rows = await this.db.selectFrom('knowledge_crawls').selectAll().where('knowledge_base_id', '=', baseId).orderBy('id', 'desc').limit(50).execute();
    return Promise.all(rows.map((r) => this.view(r)));
  }

  /** The job handler of CRAWL_QUEUE: a few fetches, the state saved, and the next run queued in the same transaction. */
  async run(job: Job<unknown>): Promise<void> {
    const { crawlId } = readJob(CRAWL_JOB_FORMAT, job.data, this.log());
    const row = await this.db.selectFrom('knowledge_crawls').selectAll().where('id', '=', crawlId).executeTakeFirst();
    if (row === undefined || row.status === 'done' || row.status === 'failed') return;
    const state = JSON.parse(row.state) as CrawlState;
    const errors = JSON.parse(row.errors) as { url: string; reason: string }[];
    const start = new URL(row.start_url);
    const seen = new Set(state.seen);
    const found: { url: string; pending: string | null }[] = [];
    let pagesFound = row.pages_found;
    const room = () => pagesFound + found.length < row.max_pages;
    const admit = (link: string, depth: number, sitemap: boolean) => {
      const url = normalized(link);
      if (url === null || seen.has(url)) return;
      if (row.same_host === 1 && new URL(url).host !== start.host) return;
      seen.add(url);
      state.queue.push([url, depth, sitemap]);
    };
    for (let fetches = 0; fetches < FETCHES_PER_RUN && state.queue.length > 0 && room();) {
      const [url, depth, sitemap] = state.queue.shift()!;
      // A sitemap's pages are documents fetched by their own jobs: no fetch here.
      if (!sitemap && row.mode === 'sitemap') {
        found.push({ url, pending: null });
        continue;
      }
      fetches += 1;
      try {
        const page = await this.fetcher.get(url, sitemap ? 'application/xml,text/xml;q=0.9,*/*;q=0.5' : undefined);
        if (page.status >= 400) throw new Error(`it answered ${page.status}`);
        if (sitemap) {
          const map = readSitemap(decodeText(page.bytes, page.contentType));
          if (map === null) throw new Error('it is not a sitemap');
          for (const s of map.sitemaps) admit(s, depth + 1, true);
          for (const p of map.pages) admit(p, depth + 1, false);
          continue;
        }
        found.push({ url: page.url, pending: pendingOf(page.contentType, page.bytes) });
        if (page.mediaType === 'text/html' && depth < row.max_depth) {
          const html = extractHtml(decodeText(page.bytes, page.contentType), page.url);
          for (const link of html.links) admit(link, depth + 1, false);
        }
      } catch (error) {
        errors.push({ url, reason: (error as Error).message });
      }
    }
    const done = state.queue.length === 0 || !room();
    state.seen = [...seen];
    const now = isoNow(this.clock);
    await this.db.transaction().execute(async (tx) => {
      for (const page of found) {
        const existing = await tx.selectFrom('knowledge_documents').select('id').where('knowledge_base_id', '=', row.knowledge_base_id)
          .where('source_url', '=', page.url).executeTakeFirst();
        const id = existing !== undefined
          ? (await tx.updateTable('knowledge_documents').set({ status: 'queued', error: null, pending: page.pending, crawl_id: crawlId, updated_at: now })
            .where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()).id
          : (await tx.insertInto('knowledge_documents').values({
            account_id: row.account_id, knowledge_base_id: row.knowledge_base_id, title: '', source_url: page.url, citable: row.citable, kind: 'url',
            status: 'queued', error: null, pending: page.pending, body: null, characters: 0, chunk_count: 0, crawl_id: crawlId, created_at: now, updated_at: now,
          }).returning('id').executeTakeFirstOrThrow()).id;
        await this.documents.enqueue(tx, id);
      }
      pagesFound += found.length;
      await tx.updateTable('knowledge_crawls').set({
        status: done ? 'done' : 'running', pages_found: pagesFound, errors: JSON.stringify(errors.slice(-MAX_ERRORS)),
        state: JSON.stringify(done ? { v: 1, queue: [], seen: [] } : state), updated_at: now,
      }).where('id', '=', crawlId).execute();
      if (!done) await this.jobs.send(CRAWL_QUEUE, { crawlId }, { retryLimit: 3 }, tx);
    });
  }
}
