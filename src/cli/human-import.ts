// `parley human import`: a CSV or JSON lines file of humans imported at the server, with a progress bar; `--resume`
// finishes an import a killed command (or a stopped server) left part written.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { createServices, HumanImport } from '../services/index.js';

type Services = ReturnType<typeof createServices>;

export interface ImportOptions { accountId: number; file?: string; resume?: number; format?: string }

const BAR = 30;

function line(i: HumanImport, started: number): string {
  const share = i.rows === 0 ? 1 : i.processed / i.rows;
  const filled = Math.round(share * BAR);
  const seconds = (Date.now() - started) / 1000;
  const rate = seconds > 0 ? Math.round(i.processed / seconds) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${Math.floor(share * 100)}% ${i.processed.toLocaleString('en')}/${i.rows.toLocaleString('en')} rows`
    + ` · ${i.created.toLocaleString('en')} created, ${i.updated.toLocaleString('en')} updated, ${i.failed.toLocaleString('en')} failed · ${rate.toLocaleString('en')} rows/s`;
}

/** Writes the import's chunks here, showing progress on stderr (a bar on a terminal, a line each 10% otherwise). */
async function writeAll(s: Services, accountId: number, id: number): Promise<HumanImport> {
  const started = Date.now();
  const tty = process.stderr.isTTY === true;
  let shownTenth = -1;
  let last = 0;
  for (;;) {
    const step = await s.humanImports.writeNext(id);
    // A running server's job writes the same import: the chunk it took is written once, by it.
    if (step === 'busy') await new Promise((r) => setTimeout(r, 100));
    const more = step !== 'over';
    const now = Date.now();
    if (!more || now - last > 200) {
      last = now;
      const progress = await s.humanImports.get(accountId, id);
      const tenth = progress.rows === 0 ? 10 : Math.floor((progress.processed / progress.rows) * 10);
      if (tty) process.stderr.write(`\r${line(progress, started)}`);
      else if (tenth !== shownTenth) { shownTenth = tenth; process.stderr.write(`${line(progress, started)}\n`); }
      if (!more) {
        if (tty) process.stderr.write('\n');
        return progress;
      }
    }
  }
}

export async function humanImport(s: Services, options: ImportOptions): Promise<HumanImport> {
  let id = options.resume;
  if (id === undefined) {
    const file = options.file!;
    await stat(file);
    const ext = path.extname(file).toLowerCase();
    const format = options.format === 'csv' || options.format === 'jsonl' ? options.format : ext === '.csv' ? 'csv' : 'jsonl';
    process.stderr.write(`reading ${file} (${format === 'csv' ? 'CSV' : 'JSON lines'})…\n`);
    id = (await s.humanImports.receive(options.accountId, createReadStream(file), format, path.basename(file))).id;
    process.stderr.write(`import ${id}: received; writing (if this stops, finish it with --resume ${id})\n`);
  }
  const current = await s.humanImports.get(options.accountId, id);
  if (current.status === 'receiving') {
    throw new Error(`import ${id} never received its whole file (the command stopped while reading it): import the file again; rows already there are found again, not doubled.`);
  }
  const done = await writeAll(s, options.accountId, id);
  if (done.errors > 0) {
    const { errors } = await s.humanImports.errors(options.accountId, id, 20);
    for (const e of errors) process.stderr.write(`row ${e.row}${e.field === null ? '' : ` ${e.field}`}: ${e.reason}\n`);
    if (done.errors > errors.length) process.stderr.write(`… ${done.errors - errors.length} more: GET /v1/humans/imports/${id}/errors\n`);
  }
  return done;
}
