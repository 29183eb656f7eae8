// Multinomial logistic regression over sparse features, trained by seeded SGD with L2 regularization.
import { seededRandom, shuffle } from './prng.js';
import type { SparseVector } from './features.js';

export interface SoftmaxOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty per example; applied lazily through a global scale so a step stays sparse. */
  l2: number;
  seed: number;
  /** Per-class multiplier of the loss; used to make the out-of-scope class more or less eager. */
  classWeights?: Float32Array;
}

export const DEFAULT_SOFTMAX: SoftmaxOptions = { epochs: 8, learningRate: 1, l2: 1e-6, seed: 1 };

/** A trained model: weights laid out feature-major (all classes of one feature are adjacent) for cache-friendly sparse dot products. */
export class SoftmaxModel {
  constructor(
    readonly classes: number,
    private readonly weights: Float32Array,
    private readonly bias: Float32Array,
  ) {}

  /** The weights and biases (the model's own arrays), for serialization. */
  get parts(): { weights: Float32Array; bias: Float32Array } {
    return { weights: this.weights, bias: this.bias };
  }

  /** Raw class scores (logits) of one example into `out`. */
  scores(x: SparseVector, out: Float32Array): Float32Array {
    const k = this.classes;
    out.set(this.bias);
    const { indices, values } = x;
    for (let j = 0; j < indices.length; j++) {
      const base = indices[j]! * k;
      const v = values[j]!;
      for (let c = 0; c < k; c++) out[c] = out[c]! + v * this.weights[base + c]!;
    }
    return out;
  }
}

/** Turns logits into probabilities in place, with a temperature. */
export function softmaxInPlace<T extends Float32Array | Float64Array>(scores: T, temperature = 1): T {
  let max = -Infinity;
  for (let c = 0; c < scores.length; c++) if (scores[c]! > max) max = scores[c]!;
  let sum = 0;
  for (let c = 0; c < scores.length; c++) {
    const e = Math.exp((scores[c]! - max) / temperature);
    scores[c] = e;
    sum += e;
  }
  for (let c = 0; c < scores.length; c++) scores[c] = scores[c]! / sum;
  return scores;
}

export function trainSoftmax(xs: readonly SparseVector[], ys: Int32Array, features: number, classes: number, opts: SoftmaxOptions): SoftmaxModel {
  const k = classes;
  const weights = new Float32Array(features * k);
  const bias = new Float32Array(k);
  const probs = new Float32Array(k);
  const order = Int32Array.from(xs.keys());
  const random = seededRandom(opts.seed);
  const total = opts.epochs * xs.length;
  // The true weights are `scale * weights`: shrinking every weight for L2 is one multiplication.
  let scale = 1;
  let step = 0;
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, random);
    for (const i of order) {
      const x = xs[i]!;
      const y = ys[i]!;
      // Linear decay to a tenth of the initial rate: large early steps, a settled end.
      const lr = opts.learningRate * (1 - (0.9 * step) / total);
      step++;
      probs.set(bias);
      const { indices, values } = x;
      for (let j = 0; j < indices.length; j++) {
        const base = indices[j]! * k;
        const v = values[j]! * scale;
        for (let c = 0; c < k; c++) probs[c] = probs[c]! + v * weights[base + c]!;
      }
      softmaxInPlace(probs);
      const w = opts.classWeights?.[y] ?? 1;
      for (let c = 0; c < k; c++) probs[c] = (probs[c]! - (c === y ? 1 : 0)) * w;
      scale *= 1 - lr * opts.l2;
      const g = lr / scale;
      for (let j = 0; j < indices.length; j++) {
        const base = indices[j]! * k;
        const v = values[j]! * g;
        for (let c = 0; c < k; c++) {
          const d = probs[c]!;
          // Classes the model already rules out get a negligible gradient; skipping them makes later epochs cheap.
          if (d > 1e-5 || d < -1e-5) weights[base + c] = weights[base + c]! - v * d;
        }
      }
      for (let c = 0; c < k; c++) bias[c] = bias[c]! - lr * probs[c]!;
      if (scale < 1e-3) {
        for (let f = 0; f < weights.length; f++) weights[f] = weights[f]! * scale;
        scale = 1;
      }
    }
  }
  for (let f = 0; f < weights.length; f++) weights[f] = weights[f]! * scale;
  return new SoftmaxModel(k, weights, bias);
}
