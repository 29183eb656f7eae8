// Measures a recognizer on labelled cases: in-scope accuracy, out-of-scope recall, training and classification time.
import type { Outcome } from './confusion.js';
import { trainRecognizer, type RecognizerOptions } from './recognizer.js';
import { canonicalIntentName } from './special-intents.js';
import type { NluDefinition, Recognizer } from './types.js';

export interface EvalCase {
  text: string;
  /** The intent's name; null when no intent should match. */
  intent: string | null;
}

export interface EvalReport {
  inScopeAccuracy: number | null;
  outOfScopeRecall: number | null;
  cases: number;
  trainMs: number;
  classifyP50Us: number;
  classifyP99Us: number;
}

/** Reads `[{"text": …, "intent": "<name>" | null}]`; throws with the first offending index. */
export function parseCases(raw: unknown): EvalCase[] {
  if (!Array.isArray(raw)) throw new Error('cases must be a JSON array');
  return raw.map((c: unknown, i) => {
    if (typeof c !== 'object' || c === null) throw new Error(`case ${i} is not an object`);
    const { text, intent } = c as { text?: unknown; intent?: unknown };
    if (typeof text !== 'string') throw new Error(`case ${i}: "text" must be a string`);
    if (intent !== null && typeof intent !== 'string') throw new Error(`case ${i}: "intent" must be a string or null`);
    // Results name the menu intent `sys:menu`; a case may use the spec's `sys::menu`.
    return { text, intent: intent === null ? null : canonicalIntentName(intent) };
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Scores an already trained recognizer; the first cases are run once untimed so the JIT has settled.
 * In-scope accuracy: share of the cases naming an intent whose result names that intent.
 * Out-of-scope recall: share of the null cases whose result is null, i.e. the runtime falls back to
 * `sys:text`; a keyword or an interaction's own expression that triggers an interaction counts as a miss.
 */
export function scoreRecognizer(recognizer: Recognizer, cases: readonly EvalCase[], trainMs: number): EvalReport {
  for (const c of cases.slice(0, 200)) recognizer.recognize(c.text, {});
  const times = new Float64Array(cases.length);
  let inScope = 0;
  let inScopeRight = 0;
  let outOfScope = 0;
  let outOfScopeRight = 0;
  cases.forEach((c, i) => {
    const start = performance.now();
    const result = recognizer.recognize(c.text, {});
    times[i] = (performance.now() - start) * 1000;
    if (c.intent === null) {
      outOfScope++;
      if (result === null) outOfScopeRight++;
    } else {
      inScope++;
      if (result?.intent === c.intent) inScopeRight++;
    }
  });
  times.sort();
  return {
    inScopeAccuracy: inScope === 0 ? null : round(inScopeRight / inScope, 4),
    outOfScopeRecall: outOfScope === 0 ? null : round(outOfScopeRight / outOfScope, 4),
    cases: cases.length,
    trainMs: Math.round(trainMs),
    classifyP50Us: round(percentile(times, 0.5), 1),
    classifyP99Us: round(percentile(times, 0.99), 1),
  };
}

/**
 * What the recognizer answers for each case, for a confusion summary. An answer without an intent
 * (an interaction's keyword or own expression) is named `[interaction name]`; no answer is null.
 */
export function outcomesOf(recognizer: Recognizer, cases: readonly EvalCase[]): Outcome[] {
  return cases.map((c) => {
    const result = recognizer.recognize(c.text, {});
    const got = result === null ? null : (result.intent ?? `[${result.interactionName ?? `interaction ${result.interaction}`}]`);
    return { text: c.text, expected: c.intent, got };
  });
}

/** Trains on the definition, then scores the cases. */
export function evaluate(def: NluDefinition, cases: readonly EvalCase[], options: Partial<RecognizerOptions> = {}): EvalReport {
  const start = performance.now();
  const recognizer = trainRecognizer(def, options);
  return scoreRecognizer(recognizer, cases, performance.now() - start);
}
