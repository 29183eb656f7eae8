// Bulk imports of humans: the import's row and counts, its received chunks, and the problems of its rows.
import type { Kysely, Selectable } from 'kysely';
import type { Database, HumanImportErrorsTable, HumanImportsTable } from '../schema.js';

export type HumanImportRow = Selectable<HumanImportsTable>;
export type HumanImportErrorRow = Selectable<HumanImportErrorsTable>;

/** What writing a chunk added to the import's counts. */
export interface ImportProgress { rows: number; created: number; updated: number; failed: number; errors: number }

const ERRORS_PER_STATEMENT = 500;

/** A file's text quoted in a problem as a store keeps it: a NUL or a lone surrogate becomes U+FFFD. */
const storable = (text: string): string => text.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

export class HumanImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(accountId: number, format: 'csv' | 'jsonl', fileName: string | null, now: string): Promise<number> {
    const r = await this.db.insertInto('human_imports').values({
      account_id: accountId, format, status: 'receiving', file_name: fileName, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async find(id: number): Promise<HumanImportRow | undefined> {
    return this.db.selectFrom('human_imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The account's imports, newest first, before `beforeId` (0: from the newest). */
  async page(accountId: number, beforeId: number, limit: number): Promise<HumanImportRow[]> {
    let q = this.db.selectFrom('human_imports').selectAll().where('account_id', '=', accountId);
    if (beforeId > 0) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Stores a chunk received; `rows` is how many the file has given so far, shown while it is received. */
  async addChunk(importId: number, seq: number, body: string, rows: number, now: string): Promise<void> {
    await this.db.insertInto('human_import_chunks').values({ import_id: importId, seq, body }).execute();
    await this.db.updateTable('human_imports').set({ rows_total: rows, updated_at: now }).where('id', '=', importId).execute();
  }

  /** The received file is whole: its rows are counted and can be written. */
  async received(importId: number, rows: number, now: string): Promise<void> {
    await this.db.updateTable('human_imports').set({ status: 'importing', rows_total: rows, updated_at: now }).where('id', '=', importId).where('status', '=', 'receiving').execute();
  }

  /** The first chunk not yet written. */
  async nextChunk(importId: number): Promise<{ seq: number; body: string } | undefined> {
    return this.db.selectFrom('human_import_chunks').select(['seq', 'body']).where('import_id', '=', importId).orderBy('seq').limit(1).executeTakeFirst();
  }

  /**
   * Takes the chunk for the caller's transaction: false when another run has it. On PostgreSQL (`skipLocked`) a chunk
   * another run is writing is passed over at once rather than waited for; on SQLite one writer runs at a time anyway.
   */
  async take(importId: number, seq: number, skipLocked: boolean): Promise<boolean> {
    let q = this.db.deleteFrom('human_import_chunks').where('import_id', '=', importId).where('seq', '=', seq);
    if (skipLocked) {
      q = q.where('seq', 'in', this.db.selectFrom('human_import_chunks').select('seq')
        .where('import_id', '=', importId).where('seq', '=', seq).forUpdate().skipLocked());
    }
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async addErrors(importId: number, errors: readonly { row: number; field: string | null; reason: string }[]): Promise<void> {
    for (let i = 0; i < errors.length; i += ERRORS_PER_STATEMENT) {
      await this.db.insertInto('human_import_errors').values(errors.slice(i, i + ERRORS_PER_STATEMENT).map((e) => ({
        import_id: importId, row: e.row, field: e.field === null ? null : storable(e.field.slice(0, 300)), reason: storable(e.reason.slice(0, 1000)),
      }))).execute();
    }
  }

  async advance(importId: number, p: ImportProgress, now: string): Promise<void> {
    await this.db.updateTable('human_imports').set((eb) => ({
      rows_done: eb('rows_done', '+', p.rows), created: eb('created', '+', p.created), updated: eb('updated', '+', p.updated),
      failed: eb('failed', '+', p.failed), error_count: eb('error_count', '+', p.errors), updated_at: now,
    })).where('id', '=', importId).execute();
  }

  /** Ends an import still going (receiving or importing) with the status; its unwritten chunks go. False: it had ended. */
  async end(importId: number, status: 'done' | 'cancelled' | 'failed', problem: string | null, now: string): Promise<boolean> {
    const r = await this.db.updateTable('human_imports').set({ status, problem, updated_at: now, completed_at: now })
      .where('id', '=', importId).where('status', 'in', ['receiving', 'importing']).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await this.db.deleteFrom('human_import_chunks').where('import_id', '=', importId).execute();
    return true;
  }

  async errors(importId: number, afterId: number, limit: number): Promise<HumanImportErrorRow[]> {
    return this.db.selectFrom('human_import_errors').selectAll().where('import_id', '=', importId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }
}
