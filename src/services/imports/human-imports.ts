// Bulk imports of humans (POST /v1/humans/imports, `parley human import`): the file is received into stored chunks,
// then written a chunk per transaction by a job that goes on after a restart from the first chunk not written.
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { AppError, ForbiddenError, NotFoundError, UnprocessableError } from '../../errors.js';
import type { JobQueue } from '../../jobs/index.js';
import { HumanImportRepository, type Database, type HumanImportErrorRow, type HumanImportRow } from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { hasIds, jobFormat } from '../stored-jobs.js';
import { fileRecords, type ImportFormat } from './import-file.js';
import { readImportRow, type FieldProblem, type ReadRow } from './import-row.js';
import { writeChunk, type ChunkRow, type RowProblem } from './import-writer.js';

export const IMPORT_QUEUE = 'humans.import';
export const IMPORT_JOB_FORMAT = jobFormat<{ importId: number }>(IMPORT_QUEUE, hasIds('importId'));
export const MAX_IMPORT_ROWS = 1_000_000;
/** The watch over an import: a run lost with its process (kill -9) holds its job's lease; this starts another sooner. */
export const IMPORT_WATCH_QUEUE = 'humans.import.watch';
export const IMPORT_WATCH_FORMAT = jobFormat<{ importId: number }>(IMPORT_WATCH_QUEUE, hasIds('importId'));
/** How often the watch looks, and how long an import may go without a chunk written before it starts another run. */
const WATCH_MS = 5_000;
const STALLED_MS = 10_000;
/**
 * PostgreSQL: the humans table's statistics are refreshed every so many chunks a process writes. Where autovacuum is off
 * or behind, the planner kept the near-empty table's and looked humans up by phone with a scan of them all (131 ms a
 * chunk at 950,000).
 */
const ANALYZE_EVERY = 200;

/** Rows per stored chunk, and so per write transaction: short enough not to hold up the message path on SQLite. */
const ROWS_PER_CHUNK = 500;
/** Chunks one job run writes before handing over to a new job, so no run outlives its lease. */
const CHUNKS_PER_RUN = 40;

export interface HumanImport {
  id: number;
  /** receiving (the file is arriving), importing, done, cancelled, failed (the upload broke off: see `problem`). */
  status: HumanImportRow['status'];
  format: ImportFormat;
  fileName: string | null;
  /** Rows in the file (so far, while receiving). */
  rows: number;
  /** Rows dealt with: written, or failed. */
  processed: number;
  created: number;
  updated: number;
  /** Rows not imported (each has at least one error). */
  failed: number;
  /** Problems recorded: a failed row's, and fields not set on rows otherwise imported. */
  errors: number;
  problem: string | null;
  dateCreated: string;
  dateCompleted: string | null;
}

export interface ImportError { row: number; field: string | null; reason: string }

/** A row as a chunk keeps it: its number and values, or its number and why it could not be read. */
type StoredRecord = [number, Record<string, unknown>] | [number, null, string];

const present = (r: HumanImportRow): HumanImport => ({
  id: r.id, status: r.status, format: r.format, fileName: r.file_name, rows: r.rows_total, processed: r.rows_done, created: r.created,
  updated: r.updated, failed: r.failed, errors: r.error_count, problem: r.problem, dateCreated: apiDate(r.created_at),
  dateCompleted: r.completed_at === null ? null : apiDate(r.completed_at),
});

export class HumanImportService {
  private readonly imports: HumanImportRepository;

  private writtenChunks = 0;

  /** `postgres`: runs racing for a chunk pass over one another's (SKIP LOCKED) instead of waiting. */
  constructor(private readonly db: Kysely<Database>, private readonly jobs: JobQueue, private readonly clock: Clock, private readonly postgres = false) {
    this.imports = new HumanImportRepository(db);
  }

  /**
   * Stores the file's rows as they arrive and queues their writing. A file that cannot be read as a whole (a CSV
   * header naming unknown columns, broken quoting, more than MAX_IMPORT_ROWS rows) is refused with 422, and what was
   * received of it is dropped; a row that cannot be read is recorded as failed and the rest go on.
   */
  async receive(accountId: number, input: Readable, format: ImportFormat, fileName: string | null): Promise<HumanImport> {
    let id: number | null = null;
    let rows = 0;
    let seq = 0;
    // A row that cannot be read travels in its chunk as its problem, so the problems are recorded in row order.
    let chunk: StoredRecord[] = [];
    const flush = async (): Promise<void> => {
      if (id === null) id = await this.imports.create(accountId, format, fileName, isoNow(this.clock));
      if (chunk.length > 0) await this.imports.addChunk(id, seq++, JSON.stringify(chunk), rows, isoNow(this.clock));
      chunk = [];
    };
    try {
      for await (const record of fileRecords(input, format)) {
        if (++rows > MAX_IMPORT_ROWS) throw new UnprocessableError(`The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows: split it into imports of at most that many.`);
        chunk.push('problem' in record ? [record.row, null, record.problem] : [record.row, record.values]);
        if (chunk.length >= ROWS_PER_CHUNK) await flush();
      }
      await flush();
    } catch (err) {
      if (id !== null) await this.imports.end(id, 'failed', err instanceof AppError ? err.message : 'The upload broke off before the file ended.', isoNow(this.clock));
      throw err;
    }
    const importId = id!;
    await this.db.transaction().execute(async (tx) => {
      await new HumanImportRepository(tx).received(importId, rows, isoNow(this.clock));
      await this.jobs.send(IMPORT_QUEUE, { importId }, { key: `import:${importId}`, retryLimit: 10 }, tx);
      await this.jobs.send(IMPORT_WATCH_QUEUE, { importId }, { key: `watch:${importId}`, runAt: new Date(Date.parse(isoNow(this.clock)) + WATCH_MS), retryLimit: 10 }, tx);
    });
    return this.get(accountId, importId);
  }

  async get(accountId: number, id: number): Promise<HumanImport> {
    return present(await this.owned(accountId, id));
  }

  async list(accountId: number, limit: number, cursor?: string): Promise<{ imports: HumanImport[]; nextCursor: string | null }> {
    const before = decodeCursor(cursor);
    const { items, nextCursor } = pageOf(await this.imports.page(accountId, before, limit + 1), limit, present);
    return { imports: items, nextCursor };
  }

  /** The import's problems in row order, a page at a time. */
  async errors(accountId: number, id: number, limit: number, cursor?: string): Promise<{ errors: ImportError[]; nextCursor: string | null }> {
    await this.owned(accountId, id);
    const { items, nextCursor } = pageOf(await this.imports.errors(id, decodeCursor(cursor), limit + 1), limit,
      (r: HumanImportErrorRow): ImportError => ({ row: r.row, field: r.field, reason: r.reason }));
    return { errors: items, nextCursor };
  }

  /** Stops the import: rows not yet written are dropped; those written stay. An import that has ended is left as it is. */
  async cancel(accountId: number, id: number): Promise<HumanImport> {
    await this.owned(accountId, id);
    await this.imports.end(id, 'cancelled', null, isoNow(this.clock));
    return this.get(accountId, id);
  }

  /** The job: a bounded number of chunks, then a new job for the rest. */
  async run(importId: number): Promise<void> {
    for (let i = 0; i < CHUNKS_PER_RUN; i++) {
      // Over, or another run is writing it (one that outlived a lost lease, the command line): that run goes on.
      if ((await this.writeNext(importId)) !== 'wrote') return;
      if (this.postgres && ++this.writtenChunks % ANALYZE_EVERY === 0) await sql`ANALYZE humans`.execute(this.db);
      // SQLite's statements run on this thread and resolve at once: without a turn of the event loop between chunks,
      // a run would answer no request (nor message) until it ended.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const next = await this.imports.nextChunk(importId);
    await this.jobs.send(IMPORT_QUEUE, { importId }, { key: `import:${importId}:${next?.seq ?? 'end'}`, retryLimit: 10 });
  }

  /**
   * The watch: an import with chunks left and none written for STALLED_MS has lost its run (its process died, and
   * the job's lease has not ended yet): another run starts now. Two runs at once are safe: a chunk is taken once, and
   * the one that finds a chunk taken ends.
   */
  async watch(importId: number): Promise<void> {
    const row = await this.imports.find(importId);
    if (row === undefined || row.status !== 'importing') return;
    const now = Date.parse(isoNow(this.clock));
    if (now - Date.parse(row.updated_at) > STALLED_MS) {
      await this.jobs.send(IMPORT_QUEUE, { importId }, { key: `import:${importId}:after:${row.updated_at}`, retryLimit: 10 });
    }
    await this.jobs.send(IMPORT_WATCH_QUEUE, { importId }, { key: `watch:${importId}:${Math.floor(now / WATCH_MS)}`, runAt: new Date(now + WATCH_MS), retryLimit: 10 });
  }

  /**
   * Writes the first chunk not written, in one transaction with its removal and the counts it adds; ends the import
   * once none is left. `over`: nothing more to write (done, cancelled, or not received yet); `busy`: another run took
   * the chunk first.
   */
  async writeNext(importId: number): Promise<'wrote' | 'busy' | 'over'> {
    const row = await this.imports.find(importId);
    if (row === undefined || row.status !== 'importing') return 'over';
    const chunk = await this.imports.nextChunk(importId);
    if (chunk === undefined) {
      await this.imports.end(importId, 'done', null, isoNow(this.clock));
      return 'over';
    }
    const now = isoNow(this.clock);
    const channels = new Map((await this.db.selectFrom('channels').select(['id', 'channel_type']).where('account_id', '=', row.account_id).execute())
      .map((c) => [c.id, c.channel_type]));
    const channelIds = new Set(channels.keys());
    const records = JSON.parse(chunk.body) as StoredRecord[];
    await new Promise<void>((resolve) => setImmediate(resolve));
    const good: ChunkRow[] = [];
    const problems: RowProblem[] = [];
    let failed = 0;
    for (const [rowNumber, values, unreadable] of records) {
      const read: ReadRow = values === null ? { ok: false, problems: [{ field: null, reason: unreadable ?? 'unreadable' }] } : readImportRow(values, channelIds, now);
      if (read.ok) good.push({ row: rowNumber, human: read.human });
      else { failed++; problems.push(...read.problems.map((p: FieldProblem) => ({ row: rowNumber, ...p }))); }
    }
    return this.db.transaction().execute(async (tx) => {
      const imports = new HumanImportRepository(tx);
      if (!(await imports.take(importId, chunk.seq, this.postgres))) return 'busy';
      const outcome = await writeChunk(tx, row.account_id, channels, good, now);
      const all = [...problems, ...outcome.problems].sort((a, b) => a.row - b.row);
      await imports.addErrors(importId, all);
      await imports.advance(importId, { rows: records.length, created: outcome.created, updated: outcome.updated, failed, errors: all.length }, now);
      return 'wrote';
    });
  }

  private async owned(accountId: number, id: number): Promise<HumanImportRow> {
    const row = await this.imports.find(id);
    if (row === undefined) throw new NotFoundError(`Import ${id} does not exist.`);
    if (row.account_id !== accountId) throw new ForbiddenError(`Import ${id} belongs to another account.`);
    return row;
  }
}
