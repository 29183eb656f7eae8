// Documents of a knowledge base: stored as they come (an upload, a URL), then extracted, chunked and indexed by a
// durable job; replaced and re-indexed on change; deleted with their chunks.
import type { Kysely } from 'kysely';
import { ownedBy, UnprocessableError } from '../../errors.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Database } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { deleteChunks } from '../../knowledge/index.js';
import { jobFormat, hasIds } from '../stored-jobs.js';
import type { KnowledgeBaseService } from './bases.js';
import { type DocumentRow, documentView, type DocumentView } from './views.js';

export const DOCUMENT_QUEUE = 'knowledge.document';
export const DOCUMENT_JOB_FORMAT = jobFormat<{ documentId: number }>(DOCUMENT_QUEUE, hasIds('documentId'));
/** A document job that fails on a passing cause (a timeout, a 503) is tried this many more times, then marked failed. */
export const DOCUMENT_RETRIES = 2;

export type DocumentInput =
  | { type: 'text' | 'markdown' | 'html'; title: string; content: string; sourceUrl?: string | null; citable?: boolean }
  | { type: 'pdf'; title?: string; contentBase64: string; sourceUrl?: string | null; citable?: boolean }
  | { type: 'url'; url: string; title?: string; citable?: boolean };

export interface DocumentChange {
  title?: string;
  citable?: boolean;
  sourceUrl?: string | null;
  content?: string;
  contentBase64?: string;
}

/** What waits to be extracted: the bytes and the type they came with. */
export interface Pending {
  contentType: string;
  base64: string;
}

const MEDIA: Record<string, string> = { text: 'text/plain; charset=utf-8', markdown: 'text/markdown; charset=utf-8', html: 'text/html; charset=utf-8', pdf: 'application/pdf' };

export function pendingOf(contentType: string, bytes: Buffer): string {
  return JSON.stringify({ contentType, base64: bytes.toString('base64') } satisfies Pending);
}

function httpUrl(text: string, field: string): string {
  let url: URL;
  try { url = new URL(text); } catch { throw new UnprocessableError(`${field}: "${text.slice(0, 200)}" is not an absolute URL.`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnprocessableError(`${field}: only http and https URLs are accepted.`);
  url.hash = '';
  return url.href;
}

/** Documents listed at once. */
const PAGE = 500;

export class DocumentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bases: KnowledgeBaseService,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly uploadMaxBytes: number,
  ) {}

  async row(accountId: number, baseId: number, id: number): Promise<DocumentRow> {
    await this.bases.row(accountId, baseId);
    const row = await this.db.selectFrom('knowledge_documents').selectAll().where('id', '=', id).executeTakeFirst();
    const owned = ownedBy(row === undefined ? undefined : { ...row, accountId: row.account_id }, accountId, 'Document', id);
    if (owned.knowledge_base_id !== baseId) throw new UnprocessableError(`Document ${id} is not in knowledge base ${baseId}.`);
    return owned;
  }

  async list(accountId: number, baseId: number, status?: string): Promise<DocumentView[]> {
    await this.bases.row(accountId, baseId);
    let query = this.db.selectFrom('knowledge_documents').selectAll().where('knowledge_base_id', '=', baseId);
    if (status !== undefined) query = query.where('status', '=', status);
    return (await query.orderBy('id').limit(PAGE).execute()).map(documentView);
  }

  async get(accountId: number, baseId: number, id: number): Promise<DocumentView> {
    return documentView(await this.row(accountId, baseId, id));
  }

  private checkSize(bytes: number): void {
    if (bytes > this.uploadMaxBytes) throw new UnprocessableError(`The document is ${bytes} bytes; at most ${this.uploadMaxBytes} are accepted (KNOWLEDGE_UPLOAD_MAX_BYTES).`);
  }

  private decoded(base64: string): Buffer {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw new UnprocessableError('contentBase64 is not base64.');
    const bytes = Buffer.from(base64, 'base64');
    this.checkSize(bytes.length);
    return bytes;
  }

  /** Stores the document as queued and its indexing job, in one transaction. */
  async create(accountId: number, baseId: number, input: DocumentInput): Promise<DocumentView> {
    await this.bases.row(accountId, baseId);
    let pending: string | null;
    let sourceUrl: string | null;
    let title: string;
    if (input.type === 'url') {
      sourceUrl = httpUrl(input.url, 'url');
      pending = null;
      title = input.title ?? '';
    } else if (input.type === 'pdf') {
      pending = pendingOf(MEDIA.pdf!, this.decoded(input.contentBase64));
      sourceUrl = input.sourceUrl ? httpUrl(input.sourceUrl, 'sourceUrl') : null;
      title = input.title ?? '';
    } else {
      this.checkSize(Buffer.byteLength(input.content));
      pending = pendingOf(MEDIA[input.type]!, Buffer.from(input.content));
      sourceUrl = input.sourceUrl ? httpUrl(input.sourceUrl, 'sourceUrl') : null;
      title = input.title;
    }
    const now = isoNow(this.clock);
    const row = await this.db.transaction().execute(async (tx) => {
      const inserted = await tx.insertInto('knowledge_documents').values({
        account_id: accountId, knowledge_base_id: baseId, title, source_url: sourceUrl, citable: input.citable === false ? 0 : 1,
        kind: input.type, status: 'queued', error: null, pending, body: null, characters: 0, chunk_count: 0, crawl_id: null, created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      await this.enqueue(tx, inserted.id);
      return inserted;
    });
    return documentView(row);
  }

  async enqueue(tx: Kysely<Database>, documentId: number): Promise<void> {
    await this.jobs.send(DOCUMENT_QUEUE, { documentId }, { retryLimit: DOCUMENT_RETRIES, retryDelayMs: 2000 }, tx);
  }

  /**
   * Changes the title, citability or source URL, or replaces the content (text or base64 of the document's type): the
   * document is indexed again, since its title heads every chunk. A URL document without new content is fetched again.
   */
  async update(accountId: number, baseId: number, id: number, change: DocumentChange): Promise<DocumentView> {
    const row = await this.row(accountId, baseId, id);
    let pending: string | null;
    if (change.content !== undefined) {
      if (row.kind === 'pdf' || row.kind === 'url') throw new UnprocessableError(`content: a ${row.kind} document takes ${row.kind === 'pdf' ? 'contentBase64' : 'no content (it is fetched again)'}.`);
      this.checkSize(Buffer.byteLength(change.content));
      pending = pendingOf(MEDIA[row.kind]!, Buffer.from(change.content));
    } else if (change.contentBase64 !== undefined) {
      pending = pendingOf(row.kind === 'pdf' ? MEDIA.pdf! : MEDIA[row.kind] ?? 'application/octet-stream', this.decoded(change.contentBase64));
    } else if (row.kind === 'url') {
      pending = null;
    } else if (row.body !== null) {
      pending = pendingOf(MEDIA.markdown!, Buffer.from(row.body));
    } else {
      pending = row.pending;
    }
    const updated = await this.db.transaction().execute(async (tx) => {
      const next = await tx.updateTable('knowledge_documents').set({
        title: change.title ?? row.title, citable: change.citable === undefined ? row.citable : change.citable ? 1 : 0,
        source_url: change.sourceUrl === undefined ? row.source_url : change.sourceUrl === null ? null : httpUrl(change.sourceUrl, 'sourceUrl'),
        status: 'queued', error: null, pending, updated_at: isoNow(this.clock),
      }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await this.enqueue(tx, id);
      return next;
    });
    return documentView(updated);
  }

  /**
   * Indexes every indexed document of the base again from its kept text (no fetch): when the base's embeddings endpoint
   * changes, so that its chunks get vectors of the new model.
   */
  async reindexAll(baseId: number): Promise<number> {
    const docs = await this.db.selectFrom('knowledge_documents').select(['id', 'body']).where('knowledge_base_id', '=', baseId)
      .where('status', '=', 'ready').where('body', 'is not', null).execute();
    const now = isoNow(this.clock);
    await this.db.transaction().execute(async (tx) => {
      for (const doc of docs) {
        await tx.updateTable('knowledge_documents').set({ status: 'queued', pending: pendingOf(MEDIA.markdown!, Buffer.from(doc.body!)), updated_at: now })
          .where('id', '=', doc.id).execute();
        await this.enqueue(tx, doc.id);
      }
    });
    return docs.length;
  }

  async delete(accountId: number, baseId: number, id: number): Promise<void> {
    await this.row(accountId, baseId, id);
    await this.db.transaction().execute(async (tx) => {
      await deleteChunks(tx, baseId, [id]);
      await tx.deleteFrom('knowledge_documents').where('id', '=', id).execute();
    });
  }
}
