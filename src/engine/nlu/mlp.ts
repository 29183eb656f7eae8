// A one-hidden-layer perceptron over sparse features (ReLU, dropout, softmax output), trained by seeded SGD.
import { seededRandom, shuffle } from './prng.js';
import type { SparseVector } from './features.js';
import { softmaxInPlace } from './softmax.js';

export interface MlpOptions {
  hidden: number;
  epochs: number;
  learningRate: number;
  /** Probability of zeroing a hidden unit during training; what keeps 100 samples per class from being memorized. */
  dropout: number;
  seed: number;
  /** Per-class multiplier of the loss. */
  classWeights?: Float32Array;
}

export const DEFAULT_MLP: MlpOptions = { hidden: 128, epochs: 6, learningRate: 0.2, dropout: 0.3, seed: 7 };

// Output gradients smaller than this are dropped from the update (the class is already ruled out).
const GRADIENT_FLOOR = 1e-4;

export class MlpModel {
  private readonly hiddenBuffer: Float64Array;
  private readonly logits: Float64Array;

  constructor(
    readonly classes: number,
    readonly hidden: number,
    private readonly w1: Float32Array,
    private readonly b1: Float32Array,
    private readonly w2: Float32Array,
    private readonly b2: Float32Array,
  ) {
    this.hiddenBuffer = new Float64Array(hidden);
    this.logits = new Float64Array(classes);
  }

  /** Class probabilities of one example into `out`. */
  probabilities(x: SparseVector, out: Float32Array): Float32Array {
    forward(this, x, this.hiddenBuffer, this.logits, 0, null);
    out.set(softmaxInPlace(this.logits));
    return out;
  }

  /** The weights, for the forward pass that training and inference share. */
  get parts(): { w1: Float32Array; b1: Float32Array; w2: Float32Array; b2: Float32Array } {
    return { w1: this.w1, b1: this.b1, w2: this.w2, b2: this.b2 };
  }
}

/**
 * Writes ReLU activations into h (during training, dropped units zeroed and the rest scaled up) and logits into out.
 * The sums are kept in Float64Arrays and the inner loops unrolled by four: storing each partial sum
 * back into a Float32Array costs a conversion per step, and this pass is most of both training and
 * classification time (measured: about half the time of the plain Float32 loops).
 */
function forward(model: MlpModel, x: SparseVector, h: Float64Array, out: Float64Array, dropout: number, random: (() => number) | null): void {
  const H = model.hidden;
  const K = model.classes;
  const { w1, b1, w2, b2 } = model.parts;
  const H4 = H - (H % 4);
  const K4 = K - (K % 4);
  h.set(b1);
  const { indices, values } = x;
  for (let j = 0; j < indices.length; j++) {
    const base = indices[j]! * H;
    const v = values[j]!;
    let u = 0;
    for (; u < H4; u += 4) {
      h[u] = h[u]! + v * w1[base + u]!;
      h[u + 1] = h[u + 1]! + v * w1[base + u + 1]!;
      h[u + 2] = h[u + 2]! + v * w1[base + u + 2]!;
      h[u + 3] = h[u + 3]! + v * w1[base + u + 3]!;
    }
    for (; u < H; u++) h[u] = h[u]! + v * w1[base + u]!;
  }
  const keepScale = 1 / (1 - dropout);
  for (let u = 0; u < H; u++) {
    const a = h[u]!;
    h[u] = a <= 0 ? 0 : random !== null && dropout > 0 ? (random() < dropout ? 0 : a * keepScale) : a;
  }
  out.set(b2);
  for (let u = 0; u < H; u++) {
    const a = h[u]!;
    if (a === 0) continue;
    const base = u * K;
    let c = 0;
    for (; c < K4; c += 4) {
      out[c] = out[c]! + a * w2[base + c]!;
      out[c + 1] = out[c + 1]! + a * w2[base + c + 1]!;
      out[c + 2] = out[c + 2]! + a * w2[base + c + 2]!;
      out[c + 3] = out[c + 3]! + a * w2[base + c + 3]!;
    }
    for (; c < K; c++) out[c] = out[c]! + a * w2[base + c]!;
  }
}

export function trainMlp(xs: readonly SparseVector[], ys: Int32Array, features: number, classes: number, opts: MlpOptions): MlpModel {
  const H = opts.hidden;
  const K = classes;
  const random = seededRandom(opts.seed);
  // Uniform init scaled for a sparse input of ~100 active features per message.
  const r1 = Math.sqrt(6 / (100 + H));
  const r2 = Math.sqrt(6 / (H + K));
  const w1 = new Float32Array(features * H);
  for (let i = 0; i < w1.length; i++) w1[i] = (random() * 2 - 1) * r1;
  const w2 = new Float32Array(H * K);
  for (let i = 0; i < w2.length; i++) w2[i] = (random() * 2 - 1) * r2;
  const b1 = new Float32Array(H);
  const b2 = new Float32Array(K);
  const model = new MlpModel(K, H, w1, b1, w2, b2);
  const h = new Float64Array(H);
  const gh = new Float64Array(H);
  const active = new Int32Array(H);
  const out = new Float64Array(K);
  const cls = new Int32Array(K);
  const grad = new Float64Array(K);
  const keepScale = 1 / (1 - opts.dropout);
  const order = Int32Array.from(xs.keys());
  const total = opts.epochs * xs.length;
  let step = 0;
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, random);
    for (const i of order) {
      const x = xs[i]!;
      const y = ys[i]!;
      const lr = opts.learningRate * (1 - (0.9 * step) / total);
      step++;
      forward(model, x, h, out, opts.dropout, random);
      softmaxInPlace(out);
      const w = opts.classWeights?.[y] ?? 1;
      // Only classes with a visible gradient and units that fired take part in the update:
      // after the first epoch that is a handful of classes, which is most of the speed of training.
      let nc = 0;
      for (let c = 0; c < K; c++) {
        const d = (out[c]! - (c === y ? 1 : 0)) * w;
        if (d > GRADIENT_FLOOR || d < -GRADIENT_FLOOR) {
          cls[nc] = c;
          grad[nc++] = d;
        }
      }
      let na = 0;
      for (let u = 0; u < H; u++) {
        const a = h[u]!;
        // ReLU off or dropped: no gradient flows back through this unit.
        if (a === 0) continue;
        const base = u * K;
        let g = 0;
        const s = lr * a;
        for (let q = 0; q < nc; q++) {
          const at = base + cls[q]!;
          const d = grad[q]!;
          g += d * w2[at]!;
          w2[at] = w2[at]! - s * d;
        }
        // A kept unit's activation was scaled by 1/(1-p); so is its gradient.
        active[na] = u;
        gh[na++] = g * keepScale * lr;
      }
      for (let q = 0; q < nc; q++) b2[cls[q]!] = b2[cls[q]!]! - lr * grad[q]!;
      for (let q = 0; q < na; q++) b1[active[q]!] = b1[active[q]!]! - gh[q]!;
      const { indices, values } = x;
      for (let j = 0; j < indices.length; j++) {
        const base = indices[j]! * H;
        const v = values[j]!;
        for (let q = 0; q < na; q++) {
          const at = base + active[q]!;
          w1[at] = w1[at]! - v * gh[q]!;
        }
      }
    }
  }
  return model;
}
