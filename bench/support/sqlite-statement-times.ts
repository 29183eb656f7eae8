// Loaded into a server with --import: times every SQLite statement by its text and writes the totals to /tmp/sqlite-statements-<pid>.txt.
// Run: NODE_OPTIONS="--import tsx --import ./bench/support/sqlite-statement-times.ts" BENCH_HUMANS=30000 BENCH_DATABASES=sqlite npm run bench -- broadcast
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type SQLiteModule from 'better-sqlite3';

const SQLite = createRequire(import.meta.url)('better-sqlite3') as typeof SQLiteModule;
const totals = new Map<string, { calls: number; ns: number }>();

function count(key: string, ns: number): void {
  const total = totals.get(key) ?? { calls: 0, ns: 0 };
  total.calls += 1;
  total.ns += ns;
  totals.set(key, total);
}

const prepare = SQLite.prototype.prepare;
SQLite.prototype.prepare = function timedPrepare(this: SQLiteModule.Database, source: string) {
  const statement = prepare.call(this, source) as SQLiteModule.Statement;
  const key = source.replace(/\s+/g, ' ').slice(0, 160);
  for (const method of ['run', 'all', 'get'] as const) {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    Object.defineProperty(statement, method, {
      value: (...args: unknown[]) => {
        const start = process.hrtime.bigint();
        try {
          return original(...args);
        } finally {
          count(key, Number(process.hrtime.bigint() - start));
        }
      },
    });
  }
  return statement;
} as typeof prepare;

function write(): void {
  const rows = [...totals].sort((a, b) => b[1].ns - a[1].ns);
  const all = rows.reduce((sum, [, t]) => sum + t.ns, 0);
  const lines = rows.slice(0, 40).map(([key, t]) => `${(t.ns / 1e6).toFixed(0).padStart(7)} ms ${String(t.calls).padStart(8)} calls ${(t.ns / t.calls / 1e3).toFixed(1).padStart(7)} µs  ${key}`);
  fs.writeFileSync(`/tmp/sqlite-statements-${process.pid}.txt`, [`inside SQLite: ${(all / 1e6).toFixed(0)} ms`, ...lines, ''].join('\n'));
}
setInterval(write, 2000).unref();
process.on('exit', write);
