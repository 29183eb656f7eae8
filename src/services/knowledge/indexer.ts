// The document job: extracts what waits (or fetches the URL), chunks it and writes chunks and postings in one
// transaction. What cannot be read fails the document with the reason; a passing failure is tried again.
import type { Kysely } from 'kysely';
import type { Logger } from '../../channels/index.js';
import { HttpFailure } from '../../engine/index.js';
import type { Job } from '../../jobs/index.js';
import {
  analyzerFor, chunkBlocks, DocumentFetcher, extract, kindOfMedia, markdownOf, UnreadableDocument, writeChunks,
} from '../../knowledge/index.js';
import type { Database, Dialect } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { readJob } from '../stored-jobs.js';
import { DOCUMENT_JOB_FORMAT, DOCUMENT_RETRIES, type Pending } from './documents.js';

/** A passing failure: the job is tried again (and the document marked failed after the last try). */
class Transient extends Error {}

/** What happens after a document's chunks are written (embeddings, when the base has a model for them). */
export type AfterIndex = (documentId: number, knowledgeBaseId: number) => Promise<void>;

export class DocumentIndexer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly fetcher: DocumentFetcher,
    private readonly clock: Clock,
    private readonly log: () => Logger,
    private readonly after: AfterIndex = async () => undefined,
  ) {}

  /** The job handler of DOCUMENT_QUEUE. */
  async run(job: Job<unknown>): Promise<void> {
    const { documentId } = readJob(DOCUMENT_JOB_FORMAT, job.data, this.log());
    try {
      await this.index(documentId);
    } catch (error) {
      const last = job.attempt > DOCUMENT_RETRIES;
      if (error instanceof Transient && !last) throw error;
      await this.fail(documentId, error instanceof Transient || error instanceof UnreadableDocument ? error.message : `it could not be indexed: ${(error as Error).message}`);
      if (!(error instanceof Transient) && !(error instanceof UnreadableDocument)) this.log().error({ err: error, documentId }, 'a document could not be indexed');
    }
  }

  private async fail(documentId: number, reason: string): Promise<void> {
    await this.db.updateTable('knowledge_documents').set({ status: 'failed', error: reason, updated_at: isoNow(this.clock) })
      .where('id', '=', documentId).execute();
  }

  /** The bytes to extract: what waits, or the URL fetched now. */
  private async source(row: { pending: string | null; source_url: string | null; kind: string }): Promise<{ bytes: Buffer; contentType: string; url?: string }> {
    if (row.pending !== null) {
      const pending = JSON.parse(row.pending) as Pending;
      return { bytes: Buffer.from(pending.base64, 'base64'), contentType: pending.contentType, ...(row.source_url ? { url: row.source_url } : {}) };
    }
    if (row.source_url === null) throw new UnreadableDocument('it has neither content nor a URL to fetch');
    let fetched;
    try {
      fetched = await this.fetcher.get(row.source_url);
    } catch (error) {
      if (error instanceof HttpFailure && (error.reason === 'timeout' || error.reason === 'network')) throw new Transient(`fetching ${row.source_url} failed: ${error.message}`);
      throw new UnreadableDocument(`fetching ${row.source_url} was refused: ${(error as Error).message}`);
    }
    if (fetched.status === 429 || fetched.status >= 500) throw new Transient(`${row.source_url} answered ${fetched.status}`);
    if (fetched.status >= 400) throw new UnreadableDocument(`${row.source_url} answered ${fetched.status}`);
    return { bytes: fetched.bytes, contentType: fetched.contentType, url: fetched.url };
  }

  async index(documentId: number): Promise<void> {
    const row = await this.db.selectFrom('knowledge_documents').selectAll().where('id', '=', documentId).executeTakeFirst();
    if (row === undefined || (row.status === 'ready' && row.pending === null)) return;
    const base = await this.db.selectFrom('knowledge_bases').select(['id', 'language']).where('id', '=', row.knowledge_base_id).executeTakeFirst();
    if (base === undefined) return;
    await this.db.updateTable('knowledge_documents').set({ status: 'processing', updated_at: isoNow(this.clock) }).where('id', '=', documentId).execute();
    const source = await this.source(row);
    const kind = kindOfMedia(source.contentType.split(';')[0]!.trim().toLowerCase(), source.bytes, source.url ?? 'http://upload.invalid/');
    const extracted = await extract(kind, source.bytes, source.contentType, source.url);
    const title = row.title !== '' ? row.title : extracted.title ?? source.url ?? `Document ${documentId}`;
    const chunks = chunkBlocks(title, extracted.blocks);
    const body = markdownOf(extracted.blocks);
    const written = await this.db.transaction().execute(async (tx) => {
      // Deleted meanwhile: nothing to write.
      const still = await tx.selectFrom('knowledge_documents').select('id').where('id', '=', documentId).executeTakeFirst();
      if (still === undefined) return false;
      await writeChunks(tx, this.dialect, base.id, analyzerFor(base.language), [{ documentId, chunks }]);
      await tx.updateTable('knowledge_documents').set({
        title, status: 'ready', error: null, pending: null, body, characters: body.length, chunk_count: chunks.length, updated_at: isoNow(this.clock),
      }).where('id', '=', documentId).execute();
      return true;
    });
    if (written) await this.after(documentId, base.id);
  }
}
