// `parley kb eval --corpus FILE --queries FILE --qrels FILE [--database-url URL] [--language L]`: ingests a corpus into
// a throw-away knowledge base (a temporary SQLite file, or a temporary schema of the PostgreSQL database named) and
// prints its retrieval figures on the judged queries as one JSON line, as `parley nlu eval` does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { evaluate, readCorpus, readQrels, readQueries } from '../knowledge/index.js';
import { openMigratedStore } from '../store/index.js';

const USAGE = 'usage: parley kb eval --corpus FILE --queries FILE --qrels FILE [--database-url postgres://…] [--language en]';

/** A schema of its own on PostgreSQL, dropped afterwards; a temporary directory for SQLite. */
async function scratch(url: string | undefined): Promise<{ config: Parameters<typeof openMigratedStore>[0]; drop(): Promise<void> }> {
  if (url === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-kb-eval-'));
    return { config: { kind: 'sqlite', file: path.join(dir, 'eval.db') }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('--database-url must be a postgres:// URL (without it a temporary SQLite file is used)');
  const schema = `kb_eval_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { config: { kind: 'postgres', url: scoped.toString(), poolMax: 2 }, drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

/** Runs the command with the arguments after `kb eval`; returns the exit code (0 ok, 1 bad input, 2 usage). */
export async function runKbEval(argv: string[]): Promise<number> {
  let values: { corpus?: string; queries?: string; qrels?: string; 'database-url'?: string; language?: string };
  try {
    values = parseArgs({
      args: argv,
      options: { corpus: { type: 'string' }, queries: { type: 'string' }, qrels: { type: 'string' }, 'database-url': { type: 'string' }, language: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.corpus === undefined || values.queries === undefined || values.qrels === undefined) {
    process.stderr.write(`--corpus, --queries and --qrels are required\n${USAGE}\n`);
    return 2;
  }
  try {
    const [corpus, queries, qrels] = await Promise.all([readCorpus(values.corpus), readQueries(values.queries), readQrels(values.qrels)]);
    const target = await scratch(values['database-url']);
    try {
      const store = await openMigratedStore(target.config);
      try {
        const report = await evaluate(store.db, store.dialect, corpus, queries, qrels, values.language ?? 'en');
        process.stdout.write(`${JSON.stringify(report)}\n`);
      } finally {
        await store.close();
      }
    } finally {
      await target.drop();
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}
