// Scores class probabilities of validation cases with the recognizer's own decision (exact and normalized matches
// first, then the best intent if it beats the out-of-scope class by the margin and reaches the threshold), so models can be compared and mixed offline.
import type { EvalCase } from '../../src/engine/nlu/evaluate.js';
import { normalizeText } from '../../src/engine/nlu/normalize.js';
import type { TrainingSet } from '../../src/engine/nlu/training-set.js';

/** Class scores of every case, row-major: `values[case * classes + class]`. */
export interface ScoreMatrix {
  classes: number;
  values: Float32Array;
}

export interface MatrixReport {
  inScopeAccuracy: number;
  outOfScopeRecall: number | null;
  /** Share of in-scope cases whose best intent is right, whatever the out-of-scope decision: the ceiling of any threshold. */
  top1: number;
}

/** What the recognizer answers before its classifier: the class of an exact or normalized match, per case (-1: none). */
export function lookupClasses(set: TrainingSet, cases: readonly EvalCase[]): Int32Array {
  const exact = new Map<string, number>();
  const normalized = new Map<string, number>();
  for (const s of set.samples) {
    if (!exact.has(s.text.trim())) exact.set(s.text.trim(), s.class);
    const norm = normalizeText(s.text);
    if (norm !== '' && !normalized.has(norm)) normalized.set(norm, s.class);
  }
  return Int32Array.from(cases, (c) => exact.get(c.text.trim()) ?? normalized.get(normalizeText(c.text)) ?? -1);
}

/** The recognizer's figures for these probabilities at `threshold` and `margin` (no contexts: a target's class is its only one). */
export function scoreMatrix(set: TrainingSet, cases: readonly EvalCase[], lookups: Int32Array, m: ScoreMatrix, threshold: number, margin: number): MatrixReport {
  const K = m.classes;
  const intentOf = (cls: number) => set.targets[set.classes[cls]!.target]?.intent ?? null;
  let inScope = 0;
  let right = 0;
  let top = 0;
  let outOfScope = 0;
  let rejected = 0;
  cases.forEach((c, i) => {
    let best = -1;
    for (let k = 0; k < K; k++) if (k !== set.outOfScope && (best < 0 || m.values[i * K + k]! > m.values[i * K + best]!)) best = k;
    let got: string | null;
    if (lookups[i]! >= 0) got = lookups[i] === set.outOfScope ? null : intentOf(lookups[i]!);
    else {
      const p = m.values[i * K + best]!;
      got = p <= m.values[i * K + set.outOfScope]! + margin || p < threshold ? null : intentOf(best);
    }
    if (c.intent === null) {
      outOfScope++;
      if (got === null) rejected++;
      return;
    }
    inScope++;
    if (got === c.intent) right++;
    if (intentOf(best) === c.intent) top++;
  });
  return { inScopeAccuracy: right / inScope, outOfScopeRecall: outOfScope === 0 ? null : rejected / outOfScope, top1: top / inScope };
}

/** Softmax of each row with a scale (an inverse temperature), in place: turns SVM decision values into probabilities. */
export function softmaxRows(m: ScoreMatrix, scale: number): ScoreMatrix {
  const K = m.classes;
  for (let row = 0; row < m.values.length; row += K) {
    let max = -Infinity;
    for (let k = 0; k < K; k++) max = Math.max(max, m.values[row + k]!);
    let sum = 0;
    for (let k = 0; k < K; k++) sum += m.values[row + k] = Math.exp(scale * (m.values[row + k]! - max));
    for (let k = 0; k < K; k++) m.values[row + k] = m.values[row + k]! / sum;
  }
  return m;
}

/** Weighted mean of probability matrices (arithmetic), or of their logarithms renormalized (geometric). */
export function mix(parts: readonly { m: ScoreMatrix; weight: number }[], geometric = false): ScoreMatrix {
  const K = parts[0]!.m.classes;
  const values = new Float32Array(parts[0]!.m.values.length);
  const total = parts.reduce((s, p) => s + p.weight, 0);
  for (const { m, weight } of parts) {
    for (let i = 0; i < values.length; i++) values[i] = values[i]! + (weight / total) * (geometric ? Math.log(m.values[i]! + 1e-9) : m.values[i]!);
  }
  const out = { classes: K, values };
  return geometric ? softmaxRows(out, 1) : out;
}
