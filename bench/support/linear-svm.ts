// One-vs-rest linear SVM (squared hinge, L2) trained by dual coordinate descent, for the issue 16 study (bench/nlu-study.ts).
import type { SparseVector } from '../../src/engine/nlu/features.js';
import { seededRandom, shuffle } from '../../src/engine/nlu/prng.js';

export interface LinearSvmOptions {
  /** Cost of a margin violation (liblinear's C); larger fits the training texts more closely. */
  c: number;
  /** Passes over the training texts. */
  epochs: number;
  /** Per-class multiplier of C, indexed by the text's class (the out-of-scope class may weigh less). */
  classWeights?: Float32Array;
  seed: number;
}

export const DEFAULT_LINEAR_SVM: LinearSvmOptions = { c: 0.5, epochs: 5, seed: 1 };

export interface LinearSvm {
  classes: number;
  /** Feature-major: the weights of feature f for every class are `weights[f * classes + c]`. */
  weights: Float32Array;
  bias: Float32Array;
}

/**
 * liblinear's dual solver for the L2-loss SVM (solver 1), one problem per class, but with the classes
 * updated together: one pass over a text computes its scores for every class from feature-major
 * weights, which reads memory in order; solving the classes one after another (weights class-major,
 * liblinear's way, with shrinking) measured three times slower here on CLINC150.
 */
export function trainLinearSvm(xs: readonly SparseVector[], ys: Int32Array, features: number, classes: number, opts: LinearSvmOptions): LinearSvm {
  const K = classes;
  const weights = new Float32Array(features * K);
  const bias = new Float64Array(K);
  const alpha = new Float32Array(xs.length * K);
  const scores = new Float64Array(K);
  const changed = new Int32Array(K);
  const delta = new Float64Array(K);
  const order = Int32Array.from(xs.keys());
  const random = seededRandom(opts.seed);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, random);
    for (const i of order) {
      const { indices, values } = xs[i]!;
      // The bias is a constant feature of value 1, so it counts in the squared norm too.
      let squared = 1;
      scores.set(bias);
      for (let j = 0; j < indices.length; j++) {
        const base = indices[j]! * K;
        const v = values[j]!;
        squared += v * v;
        for (let c = 0; c < K; c++) scores[c] = scores[c]! + v * weights[base + c]!;
      }
      const y = ys[i]!;
      const diagonal = 0.5 / (opts.c * (opts.classWeights?.[y] ?? 1));
      const q = squared + diagonal;
      let n = 0;
      for (let c = 0; c < K; c++) {
        const sign = c === y ? 1 : -1;
        const a = alpha[i * K + c]!;
        const gradient = sign * scores[c]! - 1 + diagonal * a;
        // Outside the margin with no weight: nothing to do, which is most classes for most texts.
        if (a === 0 && gradient >= 0) continue;
        const next = Math.max(a - gradient / q, 0);
        if (next === a) continue;
        alpha[i * K + c] = next;
        changed[n] = c;
        delta[n++] = (next - a) * sign;
      }
      for (let j = 0; j < indices.length; j++) {
        const base = indices[j]! * K;
        const v = values[j]!;
        for (let k = 0; k < n; k++) weights[base + changed[k]!] = weights[base + changed[k]!]! + delta[k]! * v;
      }
      for (let k = 0; k < n; k++) bias[changed[k]!] = bias[changed[k]!]! + delta[k]!;
    }
  }
  return { classes: K, weights, bias: Float32Array.from(bias) };
}

/** Raw decision values of one text for every class, into `out`. */
export function svmScores(model: LinearSvm, x: SparseVector, out: Float32Array): Float32Array {
  const K = model.classes;
  out.set(model.bias);
  for (let j = 0; j < x.indices.length; j++) {
    const base = x.indices[j]! * K;
    const v = x.values[j]!;
    for (let c = 0; c < K; c++) out[c] = out[c]! + v * model.weights[base + c]!;
  }
  return out;
}
