// `parley backup`: an online copy of a SQLite database while the server runs, or the pg_dump of Parley's PostgreSQL schemas.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { jobsSchemaName } from '../jobs/index.js';

/** A backup that cannot be made as asked (the file exists, pg_dump is missing or failed). */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export interface BackupPlan {
  /** What is copied, in words. */
  describe: string;
  run(): Promise<void>;
}

/** The schema unqualified tables go to: the first of the URL's search_path, else public. */
function appSchema(url: string): string {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /(?:^|\s)(?:-c\s*|--)search_path=("?)([^",\s]+)\1/.exec(options)?.[2] ?? 'public';
}

/** The pg_dump arguments for Parley's tables and its job queue's; the password goes through PGPASSWORD, never the command line. */
export function pgDumpCommand(config: Config, file: string): { args: string[]; password: string | null } {
  if (config.database.kind !== 'postgres') throw new BackupError('not a PostgreSQL configuration');
  const url = new URL(config.database.url);
  const password = url.password === '' ? null : decodeURIComponent(url.password);
  url.password = '';
  const schemas = [appSchema(config.database.url), jobsSchemaName(config.jobs, config.database)];
  url.searchParams.delete('options');
  return { args: ['--format=custom', `--file=${file}`, ...schemas.flatMap((s) => ['--schema', s]), `--dbname=${url.toString()}`], password };
}

export function backupPlan(config: Config, file: string): BackupPlan {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already; name a new file`);
  const { database } = config;
  if (database.kind === 'sqlite') {
    return {
      describe: `SQLite ${database.file} → ${target} (online backup: the server may keep running)`,
      run: async () => {
        const db = new SQLite(database.file, { readonly: true, fileMustExist: true });
        try {
          await db.backup(target);
        } finally {
          db.close();
        }
      },
    };
  }
  const { args, password } = pgDumpCommand(config, target);
  return {
    describe: `pg_dump ${args.join(' ')}`,
    run: async () => {
      const result = spawnSync('pg_dump', args, { stdio: 'inherit', env: { ...process.env, ...(password === null ? {} : { PGPASSWORD: password }) } });
      if (result.error !== undefined) {
        throw new BackupError(`pg_dump could not be run (${(result.error as NodeJS.ErrnoException).code ?? result.error.message}); install the PostgreSQL client tools of your server's version and run:\n  pg_dump ${args.join(' ')}`);
      }
      if (result.status !== 0) throw new BackupError(`pg_dump failed with exit code ${result.status}`);
    },
  };
}
