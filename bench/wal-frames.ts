// Counts the WAL frames (pages written) per SQLite commit on the web-chat message path (echo bot), and which table or
// index each page belongs to: a commit's cost grows with the pages it touches, so this is the direct figure for indexes.
// Run: npm run bench -- wal-frames   (BENCH_CLIENTS, BENCH_PER_CLIENT to change the load)
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { setUpWebBot } from '../test/services/conversations/setup-child-bot.js';
import { drive, ECHO_BOT } from './support/webchat-drive.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 50);
const WAL_HEADER = 32;
const FRAME_HEADER = 24;

// The WAL is read frame by frame after the run, so the server's connection must never checkpoint it (a checkpoint lets the
// next commit write over the frames from the start). The pragma that turns WAL on is where the server's connection is known.
const pragma = SQLite.prototype.pragma as (this: SQLite.Database, source: string, options?: SQLite.PragmaOptions) => unknown;
SQLite.prototype.pragma = function (this: SQLite.Database, source: string, options?: SQLite.PragmaOptions) {
  const result = pragma.call(this, source, options);
  if (/^journal_mode\s*=\s*WAL$/i.test(source)) pragma.call(this, 'wal_autocheckpoint = 0');
  return result;
} as typeof SQLite.prototype.pragma;

// Commits, counted on the statements that end a transaction (Kysely's transactions run COMMIT as a prepared statement).
let commits = 0;
const probe = new SQLite(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
const run = statementProto.run!;
statementProto.run = function (this: { source: string }, ...a: unknown[]) {
  if (/^\s*commit\b/i.test(this.source)) commits += 1;
  return run.apply(this, a);
};

interface Frame { page: number; commit: boolean }

function readFrames(file: string, pageSize: number): Frame[] {
  const wal = fs.readFileSync(file);
  const frames: Frame[] = [];
  for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= wal.length; at += FRAME_HEADER + pageSize) {
    frames.push({ page: wal.readUInt32BE(at), commit: wal.readUInt32BE(at + 4) !== 0 });
  }
  return frames;
}

const db = await freshDatabase('sqlite');
try {
  const { channelId } = await setUpWebBot(db.env, ECHO_BOT);
  const config = loadConfig({ ...db.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const server = await startServer(config, { logger: false });
  const file = path.join(db.env.DATA_DIR!, 'parley.db');
  const url = `${server.url.replace('http', 'ws')}/chat/${channelId}/ws`;
  try {
    // A first pass creates the conversations and fills the pages; its frames are left out.
    await drive('warm-up', url, true, CLIENTS, PER_CLIENT);
    const side = new SQLite(file);
    const pageSize = Number(side.pragma('page_size', { simple: true }));
    const before = readFrames(`${file}-wal`, pageSize).length;
    commits = 0;
    await drive('counted', url, true, CLIENTS, PER_CLIENT);
    // Let the last runs commit before the WAL is read.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const frames = readFrames(`${file}-wal`, pageSize).slice(before);
    const messages = CLIENTS * PER_CLIENT;
    const walCommits = frames.filter((f) => f.commit).length;
    // Which b-tree each page is in, read through the WAL as it now is.
    const owners = new Map((side.prepare('SELECT pageno, name FROM dbstat').all() as { pageno: number; name: string }[]).map((r) => [r.pageno, r.name]));
    const byName = new Map<string, number>();
    for (const f of frames) {
      const name = owners.get(f.page) ?? (f.page === 1 ? 'sqlite_schema (header)' : 'free or new');
      byName.set(name, (byName.get(name) ?? 0) + 1);
    }
    side.close();
    console.log(`${messages} messages, ${commits} COMMIT statements, ${walCommits} commits in the WAL, ${frames.length} frames`);
    console.log(`frames per message ${(frames.length / messages).toFixed(2)}, per WAL commit ${(frames.length / walCommits).toFixed(2)}; WAL commits per message ${(walCommits / messages).toFixed(2)}`);
    for (const [name, n] of [...byName.entries()].sort((a, b) => b[1] - a[1])) console.log(`${(n / messages).toFixed(2).padStart(7)}  ${name}`);
  } finally {
    await server.close();
  }
} finally {
  await db.cleanup();
}
