// A thread that copies SQLite's write-ahead log into the database file (a checkpoint) off the server's thread.
// Plain JavaScript: it needs nothing of the TypeScript code, and a worker starts faster without tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, synchronous, intervalMs } = workerData;
const db = new SQLite(file);
// A checkpoint flushes the log before it copies it, and the file after, as the server's own connection would.
db.pragma(`synchronous = ${synchronous}`);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

// PASSIVE: copies what it can without waiting for the writer or the readers, and never makes them wait. A checkpoint
// that throws ends the thread: the parent hears it exit and gives the checkpoints back to its own connection.
const timer = setInterval(() => checkpoint.get(), intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
