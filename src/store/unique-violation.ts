// Whether the database refused a row for a unique index (PostgreSQL 23505, SQLite's constraint code): two writers that
// both checked a name was free and both wrote it, of which the second must hear 409, not 500.
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
