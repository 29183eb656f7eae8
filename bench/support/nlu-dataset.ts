// Shared by the NLU dataset benchmarks: load a dataset, train with given options, score, and time training and
// classification in CPU time too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCases, scoreRecognizer, type EvalCase, type EvalReport } from '../../src/engine/nlu/evaluate.js';
import { nluDefinitionFrom } from '../../src/engine/nlu/from-definition.js';
import { normalizeText } from '../../src/engine/nlu/normalize.js';
import { trainRecognizer, type RecognizerOptions, type TunableRecognizer } from '../../src/engine/nlu/recognizer.js';
import { serializeRecognizer } from '../../src/engine/nlu/serialize.js';
import { encodeRecognizer } from '../../src/engine/nlu/serialize-bytes.js';
import type { NluDefinition, Recognizer } from '../../src/engine/nlu/types.js';

export interface Dataset {
  definition: NluDefinition;
  cases: EvalCase[];
}

/** A dataset folder of ../shared/datasets (or `dir`): a bot definition file and `val-cases.json`. */
export function loadDataset(dir: string, botFile: string): Dataset {
  return {
    definition: nluDefinitionFrom(JSON.parse(readFileSync(path.join(dir, botFile), 'utf8'))),
    cases: parseCases(JSON.parse(readFileSync(path.join(dir, 'val-cases.json'), 'utf8'))),
  };
}

export interface Trained {
  recognizer: TunableRecognizer;
  trainMs: number;
  trainCpuMs: number;
}

export function train(definition: NluDefinition, options: Partial<RecognizerOptions> = {}): Trained {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const recognizer = trainRecognizer(definition, options);
  const used = process.cpuUsage(cpu);
  return { recognizer, trainMs: performance.now() - start, trainCpuMs: (used.user + used.system) / 1000 };
}

/**
 * Per-call CPU time (process.cpuUsage, µs resolution, about 0.5 µs per call): unlike wall-clock time
 * it leaves out the time the process waits for the CPU, which dominates the wall-clock p99 on a shared machine.
 */
export function cpuPercentiles(recognizer: Recognizer, cases: readonly EvalCase[]): { p50Us: number; p99Us: number } {
  const times = new Float64Array(cases.length);
  cases.forEach((c, i) => {
    const start = process.cpuUsage();
    recognizer.recognize(c.text, {});
    const used = process.cpuUsage(start);
    times[i] = used.user + used.system;
  });
  times.sort();
  return { p50Us: times[Math.floor(times.length / 2)]!, p99Us: times[Math.ceil(times.length * 0.99) - 1]! };
}

/** The cheapest possible recognizer: normalized text looked up in a Map of the training expressions. */
export function exactBaseline(
  def: NluDefinition,
  cases: readonly EvalCase[],
): { p50Us: number; p99Us: number; accuracy: number } {
  const map = new Map<string, string | null>();
  for (const intent of def.intents) {
    for (const e of intent.expressions) {
      const key = normalizeText(e.text);
      if (!map.has(key)) map.set(key, intent.name === 'sys:text' ? null : intent.name);
    }
  }
  const recognize = (text: string) => map.get(normalizeText(text)) ?? null;
  const times = new Float64Array(cases.length);
  for (const c of cases.slice(0, 200)) recognize(c.text);
  let right = 0;
  cases.forEach((c, i) => {
    const start = performance.now();
    const intent = recognize(c.text);
    times[i] = (performance.now() - start) * 1000;
    if (intent === c.intent) right++;
  });
  times.sort();
  const p50Us = times[Math.floor(times.length / 2)]!;
  return { p50Us, p99Us: times[Math.ceil(times.length * 0.99) - 1]!, accuracy: right / cases.length };
}

/**
 * The recognizer's defaults before issue 16 (two perceptrons, threshold 0.3, no margin over the out-of-scope class),
 * trained in the same run as the current ones to compare under the same load.
 */
export const BEFORE: Partial<RecognizerOptions> = { threshold: 0.3, margin: 0, classifier: { ensemble: 2 } };

/**
 * Trains "before" and the current defaults one after the other and prints, for each, what `parley nlu eval` prints plus
 * CPU times.
 */
export function beforeAndAfter({ definition, cases }: Dataset): {
  before: EvalReport;
  after: EvalReport;
  trained: Trained;
} {
  const rows: [string, Trained, EvalReport][] = [];
  for (const [name, options] of [['before (2 perceptrons, threshold 0.3)', BEFORE], ['after (defaults)', {}]] as const) {
    const run = train(definition, options);
    const report = scoreRecognizer(run.recognizer, cases, run.trainMs);
    const cpu = cpuPercentiles(run.recognizer, cases);
    console.log(`${name}: ${JSON.stringify(report)}`);
    // What the model weighs stored (nlu_models) and, about the same, in memory.
    const bytes = encodeRecognizer(serializeRecognizer(run.recognizer)).byteLength;
    console.log(
      `  CPU time: training ${run.trainCpuMs.toFixed(0)} ms; classification p50 ${cpu.p50Us} µs, p99 ${cpu.p99Us} µs; `
        + `model ${(bytes / 1e6).toFixed(1)} MB`,
    );
    rows.push([name, run, report]);
  }
  return { before: rows[0]![2], after: rows[1]![2], trained: rows[1]![1] };
}
