// Opaque page cursors: the last id of a page, encoded so clients pass it back unchanged rather than build it.
import { BadRequestError } from '../errors.js';

export function encodeCursor(afterId: number): string {
  return Buffer.from(JSON.stringify({ after: afterId })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof value.after === 'number' && Number.isSafeInteger(value.after) && value.after >= 0) return value.after;
  } catch { /* fall through to the error below */ }
  throw new BadRequestError('cursor is not a cursor this server returned; pass nextCursor from the previous page unchanged.');
}

/** A page from rows fetched with one extra: the extra row only says that another page exists. */
export function pageOf<R extends { id: number }, T>(rows: readonly R[], limit: number, present: (row: R) => T): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(present), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null };
}
