// Which intents a recognizer mixes up on labelled cases: the pairs of intents most often taken for one another.

/** One labelled case and what the recognizer answered; null stands for "no intent" (the `sys:text` fallback). */
export interface Outcome {
  text: string;
  expected: string | null;
  got: string | null;
}

/** Two intents (or an intent and null, no intent) taken for one another, counted both ways. */
export interface ConfusedPair {
  a: string | null;
  b: string | null;
  /** Cases of `a` answered `b`, and of `b` answered `a`. */
  aAsB: number;
  bAsA: number;
  total: number;
  /** A few of the misread texts, the most frequent direction first. */
  examples: { text: string; expected: string | null; got: string | null }[];
}

const EXAMPLES = 2;
const key = (name: string | null) => (name === null ? '' : `=${name}`);

/**
 * The `limit` pairs with the most mistakes between them, most first (ties by name, so the order is
 * stable). A pair is unordered: "balance ↔ transfer" counts balance read as transfer and the reverse.
 */
export function confusedPairs(outcomes: readonly Outcome[], limit = 10): ConfusedPair[] {
  const pairs = new Map<string, ConfusedPair>();
  for (const o of outcomes) {
    if (o.expected === o.got) continue;
    const [a, b] = key(o.expected) < key(o.got) ? [o.expected, o.got] : [o.got, o.expected];
    const id = `${key(a)}\u0000${key(b)}`;
    let pair = pairs.get(id);
    if (pair === undefined) pairs.set(id, (pair = { a, b, aAsB: 0, bAsA: 0, total: 0, examples: [] }));
    if (o.expected === a) pair.aAsB++;
    else pair.bAsA++;
    pair.total++;
    pair.examples.push({ text: o.text, expected: o.expected, got: o.got });
  }
  const name = (p: ConfusedPair) => key(p.a) + key(p.b);
  const ranked = [...pairs.values()].sort((x, y) => y.total - x.total || (name(x) < name(y) ? -1 : 1));
  return ranked.slice(0, limit).map((pair) => {
    const major = pair.aAsB >= pair.bAsA ? pair.a : pair.b;
    const first = pair.examples.filter((e) => e.expected === major);
    const examples = [...first, ...pair.examples.filter((e) => e.expected !== major)];
    return { ...pair, examples: examples.slice(0, EXAMPLES) };
  });
}

/** An intent's cases and how many of them were answered right. */
export interface IntentScore {
  intent: string | null;
  cases: number;
  right: number;
}

const byName = (x: IntentScore, y: IntentScore) => (key(x.intent) < key(y.intent) ? -1 : 1);

/** Per expected intent: cases and how many were right, for the intents that have any mistakes, worst first. */
export function weakestIntents(outcomes: readonly Outcome[], limit = 10): IntentScore[] {
  const counts = new Map<string, IntentScore>();
  for (const o of outcomes) {
    const entry = counts.get(key(o.expected)) ?? { intent: o.expected, cases: 0, right: 0 };
    entry.cases++;
    if (o.expected === o.got) entry.right++;
    counts.set(key(o.expected), entry);
  }
  return [...counts.values()]
    .filter((c) => c.right < c.cases)
    .sort((x, y) => x.right / x.cases - y.right / y.cases || y.cases - x.cases || byName(x, y))
    .slice(0, limit);
}
