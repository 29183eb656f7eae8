// Which PostgreSQL schema pg-boss keeps its tables in: configured, or next to the schema DATABASE_URL selects, so each app schema gets its own.
import type { DatabaseConfig, JobsConfig } from '../../config.js';

const DEFAULT_SCHEMA = 'pgboss';
const SUFFIX = '_jobs';
/** pg-boss's rule (≤ 50 characters, word characters, no leading digit), leaving room for the suffix. */
const BASE_NAME = new RegExp(`^[A-Za-z_]\\w{0,${49 - SUFFIX.length}}$`);

/** The first schema of a `search_path` set in the URL's `options` (`-c search_path=…`), if any. */
function searchPathSchema(url: string): string | null {
  let options: string | null;
  try {
    options = new URL(url).searchParams.get('options');
  } catch {
    return null;
  }
  const match = options === null ? null : /(?:^|\s)(?:-c\s*|--)search_path=("?)([^",\s]+)\1/.exec(options);
  return match?.[2] ?? null;
}

export function jobsSchemaName(jobs: Pick<JobsConfig, 'pgSchema'>, database: DatabaseConfig): string {
  if (jobs.pgSchema !== null) return jobs.pgSchema;
  if (database.kind !== 'postgres') return DEFAULT_SCHEMA;
  const base = searchPathSchema(database.url);
  // Servers that share a database through different schemas (tests, staging next to production)
  // must not share one job table: each would run the other's jobs.
  if (base === null || base === 'public' || base === '$user' || !BASE_NAME.test(base)) return DEFAULT_SCHEMA;
  return `${base.toLowerCase()}${SUFFIX}`;
}
