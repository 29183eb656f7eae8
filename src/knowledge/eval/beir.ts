// Reads an evaluation set in BEIR's layout: corpus.jsonl ({_id, title, text}), queries.jsonl ({_id, text}), qrels.tsv.
import { readFile } from 'node:fs/promises';
import type { Judgements } from './metrics.js';

export interface EvalDocument {
  id: string;
  title: string;
  text: string;
}

export interface EvalQuery {
  id: string;
  text: string;
}

async function lines(path: string, what: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the ${what} file ${path}: ${(error as Error).message}`);
  }
  return text.split('\n').filter((l) => l.trim() !== '');
}

function record(line: string, n: number, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`line ${n} of the ${what} file is not a JSON object`);
}

const idOf = (r: Record<string, unknown>) => (typeof r._id === 'string' || typeof r._id === 'number' ? String(r._id) : null);

export async function readCorpus(path: string): Promise<EvalDocument[]> {
  return (await lines(path, 'corpus')).map((line, i) => {
    const r = record(line, i + 1, 'corpus');
    const id = idOf(r);
    if (id === null || typeof r.text !== 'string') throw new Error(`line ${i + 1} of the corpus file needs "_id" and "text"`);
    return { id, title: typeof r.title === 'string' ? r.title : '', text: r.text };
  });
}

export async function readQueries(path: string): Promise<EvalQuery[]> {
  return (await lines(path, 'queries')).map((line, i) => {
    const r = record(line, i + 1, 'queries');
    const id = idOf(r);
    if (id === null || typeof r.text !== 'string') throw new Error(`line ${i + 1} of the queries file needs "_id" and "text"`);
    return { id, text: r.text };
  });
}

/** query-id → (corpus-id → score); a header line (query-id …) is skipped. */
export async function readQrels(path: string): Promise<Map<string, Judgements>> {
  const out = new Map<string, Map<string, number>>();
  for (const [i, line] of (await lines(path, 'qrels')).entries()) {
    const [query, doc, score] = line.split('\t').map((s) => s.trim());
    if (i === 0 && query === 'query-id') continue;
    const value = Number(score);
    if (query === undefined || doc === undefined || !Number.isFinite(value)) throw new Error(`line ${i + 1} of the qrels file is not query-id<TAB>corpus-id<TAB>score`);
    let judged = out.get(query);
    if (judged === undefined) out.set(query, (judged = new Map<string, number>()));
    judged.set(doc, value);
  }
  return out;
}
