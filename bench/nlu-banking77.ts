// BANKING77 validation part through the recognizer (trained on bot-dev.json, scored on val-cases.json), with the
// defaults before issue 16 and now, in the same run.
// Run: npm run bench -- nlu-banking77
import path from 'node:path';
import { beforeAndAfter, exactBaseline, loadDataset } from './support/nlu-dataset.js';

const DATA = process.env.BANKING77_DIR ?? path.join(import.meta.dirname, '../../shared/datasets/banking77');
const dataset = loadDataset(DATA, 'bot-dev.json');
const { after } = beforeAndAfter(dataset);
const baseline = exactBaseline(dataset.definition, dataset.cases);
console.log(
  `baseline (exact-match Map lookup of normalized text): p50 ${baseline.p50Us.toFixed(1)} µs, `
    + `accuracy ${baseline.accuracy.toFixed(4)}; ` +
    `recognizer/baseline p50 ratio ${(after.classifyP50Us / baseline.p50Us).toFixed(1)}`,
);
