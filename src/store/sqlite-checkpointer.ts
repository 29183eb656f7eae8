// SQLite checkpoints on a thread of their own, so a commit on the server's thread never waits for one.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { CODE_ROOT } from '../code-root.js';

const ENTRY = path.join(CODE_ROOT, 'store/sqlite-checkpointer-worker.mjs');

/**
 * How often the thread checkpoints. SQLite's own automatic checkpoint runs inside the commit that passes 1,000 pages
 * of log, on the committing thread: copying the pages and flushing the file there were the longest waits of the web
 * chat on SQLite. Often, so that each checkpoint has little to flush: a flush of much makes the writer's next append
 * wait for it. Web chat offered 800 msg/s (`BENCH_RATE=800 BENCH_SECONDS=20 BENCH_DATABASES=sqlite npm run bench --
 * webchat-open-loop`), p99 every 1,000 ms 26–35 ms, every 50 ms 5.7–9.2, every 20 ms 5.2–5.3; alternated with SQLite's
 * own checkpoints, 8.7–9.1 ms against 9.7–13.7 (docs/performance.md, seventh step).
 */
const INTERVAL_MS = 20;

/**
 * Log pages past which the server's connection still checkpoints by itself: a bound on the log if the thread falls
 * behind or cannot run. The thread has copied most pages by then, so that checkpoint has little left to do.
 */
export const BACKSTOP_PAGES = 10_000;

export class SqliteCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private closing = false;

  /** `onFailure` hears the thread fail, once (it then checkpoints no more: the caller's connection must do it again). */
  constructor(file: string, synchronous: 'NORMAL' | 'FULL', onFailure: (error: Error) => void) {
    let failed = false;
    // Told once: a thread that fails also exits.
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      onFailure(error);
    };
    this.worker = new Worker(ENTRY, { name: 'parley-sqlite-checkpoint', workerData: { file, synchronous, intervalMs: INTERVAL_MS } });
    // The thread alone never keeps the process alive.
    this.worker.unref();
    // A failed checkpoint throws in the thread, which ends it: its error comes here, then its exit.
    this.worker.on('error', (error) => fail(new Error(`SQLite checkpoint failed: ${error.message}`)));
    this.exited = new Promise((resolve) => this.worker.once('exit', (code) => {
      if (!this.closing) fail(new Error(`the SQLite checkpoint thread stopped (exit code ${code})`));
      resolve();
    }));
  }

  /** Stops the thread and closes its connection; the server's connection, closed last, makes the final checkpoint. */
  async close(): Promise<void> {
    this.closing = true;
    // Waited for now: unreferenced, a process with nothing else to do (a CLI command) would exit before the thread does.
    this.worker.ref();
    this.worker.postMessage('close');
    await this.exited;
  }
}
