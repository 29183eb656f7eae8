// Tables as CSV (RFC 4180): a header row, fields quoted when they hold a comma, a quote or a line break; formula-leading
// text prefixed with an apostrophe so a spreadsheet shows it rather than runs it (what people typed ends up in these files).
export type Cell = string | number | null;

function field(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return csvLines([header, ...rows]);
}

/** Rows as CSV lines, each ending in CRLF (a file written a page at a time). */
export function csvLines(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
}
