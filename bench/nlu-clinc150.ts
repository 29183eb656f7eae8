// CLINC150 validation split through the recognizer (what `parley nlu eval` prints), with the defaults before issue 16
// and now, and an exact-match Map lookup, in the same run.
// Run: npm run bench -- nlu-clinc150   (BENCH_COMPARE=1 adds the other models and a threshold sweep)
// Also prints the CPU time of training and of each classification, which a busy machine disturbs less than wall-clock
// time.
import path from 'node:path';
import { scoreRecognizer } from '../src/engine/nlu/evaluate.js';
import type { RecognizerOptions } from '../src/engine/nlu/recognizer.js';
import { beforeAndAfter, exactBaseline, loadDataset, train } from './support/nlu-dataset.js';

const DATA = process.env.CLINC150_DIR ?? path.join(import.meta.dirname, '../../shared/datasets/clinc150');
const dataset = loadDataset(DATA, 'bot.json');
const { after, trained } = beforeAndAfter(dataset);
const baseline = exactBaseline(dataset.definition, dataset.cases);
console.log(
  `baseline (exact-match Map lookup of normalized text): p50 ${baseline.p50Us.toFixed(1)} µs, `
    + `p99 ${baseline.p99Us.toFixed(1)} µs, accuracy ${baseline.accuracy.toFixed(4)} over all cases; `
    + `recognizer/baseline p50 ratio ${(after.classifyP50Us / baseline.p50Us).toFixed(1)}`,
);

if (process.env.BENCH_COMPARE === '1') {
  const variants: [string, Partial<RecognizerOptions>][] = [
    ['linear softmax, 1 model', { classifier: { model: 'linear', ensemble: 1 } }],
    ['MLP 128 hidden, 1 model', { classifier: { ensemble: 1 } }],
    ['MLP 128 hidden, 2 models', { classifier: { ensemble: 2 } }],
    ['MLP 128 hidden, defaults', {}],
  ];
  console.log('\nmodel                               trainMs  CPU ms  threshold: inScopeAccuracy/outOfScopeRecall');
  for (const [name, options] of variants) {
    const run = name.endsWith('defaults') ? trained : train(dataset.definition, options);
    const sweep = [0, 0.2, 0.3, 0.4, 0.5].map((threshold) => {
      const r = scoreRecognizer(run.recognizer.withThresholds({ threshold }), dataset.cases, run.trainMs);
      return `${threshold}: ${r.inScopeAccuracy}/${r.outOfScopeRecall}`;
    });
    const times = `${run.trainMs.toFixed(0).padStart(7)} ${run.trainCpuMs.toFixed(0).padStart(7)}`;
    console.log(`${name.padEnd(35)} ${times}  ${sweep.join('  ')}`);
  }
}
