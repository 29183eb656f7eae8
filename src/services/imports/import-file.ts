// An import's file read as it arrives: CSV (RFC 4180, a header row naming the columns) or JSON lines, one record at a
// time with its row number, so a file of a million rows never sits in memory.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { UnprocessableError } from '../../errors.js';
import { COLUMN_HELP, flattenJson, knownColumn } from './import-row.js';

export type ImportFormat = 'csv' | 'jsonl';

/** A record read, or why a row could not be read at all (field null: the row as a whole). */
export type FileRecord = { row: number; values: Record<string, unknown> } | { row: number; problem: string };

/** The longest row taken: a contact, not a document. */
const MAX_ROW_BYTES = 64 * 1024;

/**
 * The records of a CSV file; its header is checked first (an unknown column refuses the file before any row is taken).
 * Rows are numbered as a spreadsheet shows them: the header is row 1.
 */
async function* csvRecords(input: Readable): AsyncGenerator<FileRecord> {
  const parser = input.pipe(parse({ bom: true, max_record_size: MAX_ROW_BYTES, relax_column_count: true, skip_empty_lines: true }));
  input.on('error', (err) => parser.destroy(err));
  let header: string[] | null = null;
  let row = 1;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (header === null) {
        header = cells.map((c) => c.trim());
        const unknown = header.filter((c) => !knownColumn(c));
        if (unknown.length > 0) throw new UnprocessableError(`The header names columns an import does not read: ${unknown.map((c) => `"${c}"`).join(', ')}. The columns are ${COLUMN_HELP}.`);
        const twice = header.filter((c, i) => header!.indexOf(c) !== i);
        if (twice.length > 0) throw new UnprocessableError(`The header names ${twice.map((c) => `"${c}"`).join(', ')} twice.`);
        continue;
      }
      row++;
      if (cells.length !== header.length) {
        yield { row, problem: `${cells.length} cells where the header names ${header.length} columns` };
        continue;
      }
      const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      header.forEach((column, i) => { values[column] = cells[i]; });
      yield { row, values };
    }
  } catch (err) {
    if (err instanceof UnprocessableError) throw err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('CSV_')) throw new UnprocessableError(`The file is not CSV past row ${row}: ${(err as Error).message}`);
    throw err;
  }
  if (header === null) throw new UnprocessableError(`The file is empty: a CSV import starts with a header row naming its columns (${COLUMN_HELP}).`);
}

/** The records of a JSON lines file: one object per line; blank lines are skipped but counted. */
async function* jsonRecords(input: Readable): AsyncGenerator<FileRecord> {
  let row = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    row++;
    if (line.trim() === '') continue;
    if (line.length > MAX_ROW_BYTES) { yield { row, problem: `longer than ${MAX_ROW_BYTES} characters` }; continue; }
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch (err) {
      yield { row, problem: `not JSON: ${(err as Error).message}` };
      continue;
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) { yield { row, problem: 'not a JSON object' }; continue; }
    yield { row, values: flattenJson(doc as Record<string, unknown>) };
  }
}

export function fileRecords(input: Readable, format: ImportFormat): AsyncGenerator<FileRecord> {
  return format === 'csv' ? csvRecords(input) : jsonRecords(input);
}

const JSON_LINES_TYPES = ['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/jsonlines'];

/** The content types an import reads: CSV and the names JSON lines go by. */
export const IMPORT_CONTENT_TYPES = ['text/csv', ...JSON_LINES_TYPES];

/** The format a request's content type names; null for one an import does not read. */
export function formatOf(contentType: string | undefined): ImportFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/csv') return 'csv';
  if (JSON_LINES_TYPES.includes(type)) return 'jsonl';
  return null;
}
