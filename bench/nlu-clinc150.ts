// CLINC150 validation split through the recognizer (what `parley nlu eval` prints), beside an exact-match Map lookup measured in the same run.
// Run: node --import tsx bench/nlu-clinc150.ts   (BENCH_COMPARE=1 adds the other models and a threshold sweep)
// Also prints the CPU time of training and of each classification, which a busy machine disturbs less than wall-clock time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCases, scoreRecognizer, type EvalCase } from '../src/engine/nlu/evaluate.js';
import { nluDefinitionFrom } from '../src/engine/nlu/from-definition.js';
import { normalizeText } from '../src/engine/nlu/normalize.js';
import { trainRecognizer, type RecognizerOptions } from '../src/engine/nlu/recognizer.js';
import type { NluDefinition, Recognizer } from '../src/engine/nlu/types.js';

const DATA = process.env.CLINC150_DIR ?? path.join(import.meta.dirname, '../../shared/datasets/clinc150');
const definition = nluDefinitionFrom(JSON.parse(readFileSync(path.join(DATA, 'bot.json'), 'utf8')));
const cases = parseCases(JSON.parse(readFileSync(path.join(DATA, 'val-cases.json'), 'utf8')));

function train(options: Partial<RecognizerOptions> = {}) {
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
function cpuPercentiles(recognizer: Recognizer, evalCases: readonly EvalCase[]): { p50Us: number; p99Us: number } {
  const times = new Float64Array(evalCases.length);
  evalCases.forEach((c, i) => {
    const start = process.cpuUsage();
    recognizer.recognize(c.text, {});
    const used = process.cpuUsage(start);
    times[i] = used.user + used.system;
  });
  times.sort();
  return { p50Us: times[Math.floor(times.length / 2)]!, p99Us: times[Math.ceil(times.length * 0.99) - 1]! };
}

/** The cheapest possible recognizer: normalized text looked up in a Map of the training expressions. */
function exactBaseline(def: NluDefinition, evalCases: readonly EvalCase[]) {
  const map = new Map<string, string | null>();
  for (const intent of def.intents) {
    for (const e of intent.expressions) {
      const key = normalizeText(e.text);
      if (!map.has(key)) map.set(key, intent.name === 'sys:text' ? null : intent.name);
    }
  }
  const recognizer = { recognize: (text: string) => (map.get(normalizeText(text)) ?? null) === null ? null : { intent: map.get(normalizeText(text))! } };
  const times = new Float64Array(evalCases.length);
  for (const c of evalCases.slice(0, 200)) recognizer.recognize(c.text);
  let right = 0;
  evalCases.forEach((c, i) => {
    const start = performance.now();
    const result = recognizer.recognize(c.text);
    times[i] = (performance.now() - start) * 1000;
    if ((result?.intent ?? null) === c.intent) right++;
  });
  times.sort();
  return { p50Us: times[Math.floor(times.length / 2)]!, p99Us: times[Math.ceil(times.length * 0.99) - 1]!, accuracy: right / evalCases.length };
}

const { recognizer, trainMs, trainCpuMs } = train();
const report = scoreRecognizer(recognizer, cases, trainMs);
console.log(JSON.stringify(report));
const cpu = cpuPercentiles(recognizer, cases);
console.log(`CPU time: training ${trainCpuMs.toFixed(0)} ms; classification p50 ${cpu.p50Us} µs, p99 ${cpu.p99Us} µs`);
const baseline = exactBaseline(definition, cases);
console.log(
  `baseline (exact-match Map lookup of normalized text): p50 ${baseline.p50Us.toFixed(1)} µs, p99 ${baseline.p99Us.toFixed(1)} µs, ` +
    `accuracy ${baseline.accuracy.toFixed(4)} over all cases; recognizer/baseline p50 ratio ${(report.classifyP50Us / baseline.p50Us).toFixed(1)}`,
);

if (process.env.BENCH_COMPARE === '1') {
  const variants: [string, Partial<RecognizerOptions>][] = [
    ['linear softmax, 1 model', { classifier: { model: 'linear', ensemble: 1 } }],
    ['MLP 128 hidden, 1 model', { classifier: { ensemble: 1 } }],
    ['MLP 128 hidden, 2 models (default)', {}],
  ];
  console.log('\nmodel                               trainMs  CPU ms  threshold: inScopeAccuracy/outOfScopeRecall');
  for (const [name, options] of variants) {
    const run = name.endsWith('(default)') ? { recognizer, trainMs, trainCpuMs } : train(options);
    const sweep = [0, 0.2, 0.3, 0.4, 0.5].map((threshold) => {
      const r = scoreRecognizer(run.recognizer.withThresholds({ threshold }), cases, run.trainMs);
      return `${threshold}: ${r.inScopeAccuracy}/${r.outOfScopeRecall}`;
    });
    console.log(`${name.padEnd(35)} ${run.trainMs.toFixed(0).padStart(7)} ${run.trainCpuMs.toFixed(0).padStart(7)}  ${sweep.join('  ')}`);
  }
}
