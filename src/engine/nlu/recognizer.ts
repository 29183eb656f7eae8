// Trains a recognizer from a definition and answers which intent, interaction and slots a message triggers.
import { IntentClassifier, type ClassifierOptions } from './classifier.js';
import { KeywordMatcher } from './keywords.js';
import { normalizeText, tokenize, words, type Token } from './normalize.js';
import { fillSlots } from './slots.js';
import { BUILT_IN_PHRASES, isSpecialIntent } from './special-intents.js';
import { buildTrainingSet, interactionOf, type TrainingSet } from './training-set.js';
import type { MatchKind, NluDefinition, RecognizeContext, Recognizer, RecognizerResult, SpecialIntentResult } from './types.js';

export interface RecognizerOptions {
  /** Below this probability the classifier's best intent is not taken (0–1). Tuned with `margin` on both datasets' validation parts (docs/nlu.md). */
  threshold: number;
  /**
   * The best intent must beat the out-of-scope class by more than this (0–1): a message the
   * classifier finds almost as likely out of scope as in scope yields no intent. With it, a
   * lower threshold answers more in-scope messages without answering more out-of-scope ones.
   */
  margin: number;
  /** Below this share of known features the classifier is not asked: the message is mostly words it never saw. */
  minCoverage: number;
  /** Most variants one expression expands into (generate: true). */
  variantLimit: number;
  classifier: Partial<ClassifierOptions>;
}

export const DEFAULT_RECOGNIZER: RecognizerOptions = {
  threshold: 0.2,
  margin: 0.15,
  minCoverage: 0,
  variantLimit: 200,
  classifier: {},
};

const EXACT_CONFIDENCE = 1;
const NORMALIZED_CONFIDENCE = 0.99;
// A keyword hit is certain when spelled right, less so with each edit.
const KEYWORD_CONFIDENCE = 0.9;
const KEYWORD_EDIT_PENALTY = 0.15;

/** What an exact or normalized text stands for: a classifier class and the slots its variant fills. */
export interface Entry {
  class: number;
  slots: Record<string, string>;
}

/** The training set without its samples: the targets, classes and keywords a trained recognizer answers from. */
export type RecognizerModel = Omit<TrainingSet, 'samples'>;

/**
 * Everything a trained recognizer holds besides its definition and thresholds. `trainRecognizer`
 * computes it; serialize.ts writes it out and reads it back, so a recognizer can be trained elsewhere.
 */
export interface RecognizerParts {
  model: RecognizerModel;
  exact: Map<string, Entry[]>;
  normalized: Map<string, Entry[]>;
  classifier: IntentClassifier | null;
}

function addEntry(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else if (!list.some((e) => e.class === entry.class)) list.push(entry);
}

/** A recognizer whose decision thresholds can be changed without training again (for sweeps in benchmarks). */
export interface TunableRecognizer extends Recognizer {
  withThresholds(thresholds: Partial<Pick<RecognizerOptions, 'threshold' | 'margin' | 'minCoverage'>>): Recognizer;
  /**
   * The special intent the message stands for, whether or not an interaction lists it: inside a
   * dialog the runtime acts on `sys:cancel`, `sys:startOver` and `sys:breakOut` itself. A special
   * intent the definition gives expressions for is recognized from them only (through `recognize`);
   * any other from the built-in English phrases. Null when the message is none of them.
   */
  recognizeSpecial(text: string, ctx?: RecognizeContext): SpecialIntentResult | null;
}

// A built-in phrase must be likelier than this to stand for a special intent no expression of the
// definition covers: a false "cancel" ends a dialog, so this is stricter than the intent threshold.
const BUILT_IN_SPECIAL_THRESHOLD = 0.5;

let builtInSpecials: Recognizer | undefined;

const special = (r: RecognizerResult): SpecialIntentResult => ({
  intent: r.intent!,
  interaction: r.interaction,
  interactionName: r.interactionName,
  confidence: r.confidence,
  match: r.match,
});

/** A recognizer of the built-in special-intent phrases alone, trained once per process on first use. */
function builtInSpecialRecognizer(): Recognizer {
  builtInSpecials ??= trainRecognizer(
    {
      interactions: Object.keys(BUILT_IN_PHRASES).map((name) => ({ name, keywords: [], expressions: [] })),
      intents: Object.keys(BUILT_IN_PHRASES).map((name, interaction) => ({ name, interaction, excludeContext: null, expressions: [] })),
    },
    { threshold: BUILT_IN_SPECIAL_THRESHOLD },
  );
  return builtInSpecials;
}

/** The lookup tables and the classifier of a training set: the work of training. */
function trainParts(set: TrainingSet, opts: RecognizerOptions): RecognizerParts {
  const exact = new Map<string, Entry[]>();
  const normalized = new Map<string, Entry[]>();
  for (const sample of set.samples) {
    const entry: Entry = { class: sample.class, slots: sample.slots };
    addEntry(exact, sample.text.trim(), entry);
    // An expression of only punctuation or emoji normalizes to nothing; it must match exactly,
    // not stand for every message that also normalizes to nothing.
    const norm = normalizeText(sample.text);
    if (norm !== '') addEntry(normalized, norm, entry);
  }
  const trainable = set.targets.length > 0 && set.samples.some((s) => s.class !== set.outOfScope);
  const classifier = trainable
    ? IntentClassifier.train(
        set.samples.map((s) => words(s.text)),
        Int32Array.from(set.samples, (s) => s.class),
        set.classes.length,
        set.outOfScope,
        opts.classifier,
      )
    : null;
  const { samples: _samples, ...model } = set;
  return { model, exact, normalized, classifier };
}

class TrainedRecognizer implements TunableRecognizer {
  private readonly exact: Map<string, Entry[]>;
  private readonly normalized: Map<string, Entry[]>;
  private readonly classifier: IntentClassifier | null;
  private readonly set: RecognizerModel;
  private readonly triggers: KeywordMatcher;
  private readonly slotKeywords: KeywordMatcher;
  private readonly targetScores: Float64Array;

  constructor(
    private readonly def: NluDefinition,
    private readonly parts: RecognizerParts,
    private readonly opts: RecognizerOptions,
  ) {
    this.exact = parts.exact;
    this.normalized = parts.normalized;
    this.classifier = parts.classifier;
    const set = (this.set = parts.model);
    this.triggers = new KeywordMatcher(set.triggers.keywords);
    this.slotKeywords = new KeywordMatcher([...set.keywords].map(([name, values]) => ({ name, values })));
    this.targetScores = new Float64Array(set.targets.length);
  }

  /** What serialize.ts writes out: the trained parts and the thresholds in force. */
  snapshot(): { definition: NluDefinition; parts: RecognizerParts; options: RecognizerOptions } {
    return { definition: this.def, parts: this.parts, options: this.opts };
  }

  withThresholds(thresholds: Partial<Pick<RecognizerOptions, 'threshold' | 'margin' | 'minCoverage'>>): Recognizer {
    const tuned = Object.create(this) as TrainedRecognizer;
    Object.defineProperty(tuned, 'opts', { value: { ...this.opts, ...thresholds } });
    return tuned;
  }

  recognize(text: string, ctx: RecognizeContext = {}): RecognizerResult | null {
    // The runtime's `sys:text` is null for a message without text; untyped callers may pass it on.
    if (typeof text !== 'string') return null;
    const context = typeof ctx?.context === 'string' ? ctx.context : null;
    const allowed = (cls: number) => context === null || !this.set.classes[cls]!.exclude.includes(context);
    const tokens = tokenize(text);

    for (const [map, key, match] of [
      [this.exact, text.trim(), 'exact'],
      [this.normalized, tokens.map((t) => t.norm).join(' '), 'normalized'],
    ] as const) {
      const entry = map.get(key)?.find((e) => allowed(e.class));
      if (entry === undefined) continue;
      if (entry.class === this.set.outOfScope) return null;
      const confidence = match === 'exact' ? EXACT_CONFIDENCE : NORMALIZED_CONFIDENCE;
      return this.result(this.set.classes[entry.class]!.target, context, confidence, match, { ...entry.slots });
    }

    const classified = this.classify(tokens, allowed);
    if (classified !== null) return this.result(classified.target, context, classified.confidence, 'classifier', fillSlots(text, tokens, this.set.targets[classified.target]!.templates, this.slotKeywords));

    return this.keyword(tokens);
  }

  // The classifier's best allowed target if it beats the out-of-scope class by the margin and reaches the threshold.
  private classify(tokens: readonly Token[], allowed: (cls: number) => boolean): { target: number; confidence: number } | null {
    if (this.classifier === null || tokens.length === 0) return null;
    const { probabilities, coverage } = this.classifier.classify(tokens.map((t) => t.norm));
    if (coverage < this.opts.minCoverage) return null;
    // A target's probability is the sum over its context classes that apply now. Excluded classes
    // keep their mass: a message that plainly asks for an excluded intent must not fall to another.
    const scores = this.targetScores.fill(0);
    const classes = this.set.classes;
    for (let c = 0; c < classes.length; c++) {
      const target = classes[c]!.target;
      if (target >= 0 && allowed(c)) scores[target] = scores[target]! + probabilities[c]!;
    }
    let best = -1;
    for (let t = 0; t < scores.length; t++) if (best < 0 || scores[t]! > scores[best]!) best = t;
    if (best < 0) return null;
    const confidence = scores[best]!;
    if (confidence <= probabilities[this.set.outOfScope]! + this.opts.margin || confidence < this.opts.threshold) return null;
    return { target: best, confidence };
  }

  recognizeSpecial(text: string, ctx: RecognizeContext = {}): SpecialIntentResult | null {
    if (typeof text !== 'string') return null;
    const context = typeof ctx?.context === 'string' ? ctx.context : null;
    const own = this.recognize(text, ctx);
    const ownSpecial = own !== null && own.intent !== null && isSpecialIntent(own.intent) ? own : null;
    // The definition's own expressions, and any exact or normalized match, are the surest answer.
    if (ownSpecial !== null && (this.set.ownSpecials.has(ownSpecial.intent!) || ownSpecial.match !== 'classifier')) return special(ownSpecial);
    // Otherwise the built-in model, which knows all six intents ("start over" is not "start").
    const builtIn = builtInSpecialRecognizer().recognize(text, {});
    const name = builtIn?.intent ?? null;
    if (builtIn === null || name === null || this.set.ownSpecials.has(name)) return ownSpecial === null ? null : special(ownSpecial);
    const target = this.set.targets.find((t) => t.intent === name);
    if (target === undefined) return { intent: name, interaction: null, interactionName: null, confidence: builtIn.confidence, match: builtIn.match };
    // Listed without expressions: the listing's own excludeContext still applies.
    if (context !== null && target.listings.every((l) => l.excludeContext === context)) return null;
    const interaction = interactionOf(target, context);
    return { intent: name, interaction, interactionName: this.def.interactions[interaction]?.name ?? null, confidence: builtIn.confidence, match: builtIn.match };
  }

  private keyword(tokens: readonly Token[]): RecognizerResult | null {
    const hits = this.triggers.find(tokens.map((t) => t.norm));
    const first = hits[0];
    if (first === undefined) return null;
    const interaction = this.set.triggers.interactionOf.get(first.keyword)!;
    const slots: Record<string, string> = {};
    for (const hit of hits) if (slots[hit.keyword] === undefined) slots[hit.keyword] = hit.value;
    const confidence = Math.max(0.5, KEYWORD_CONFIDENCE - KEYWORD_EDIT_PENALTY * first.edits);
    return { intent: null, interaction, interactionName: this.def.interactions[interaction]?.name ?? null, confidence, slots, match: 'keyword' };
  }

  private result(target: number, context: string | null, confidence: number, match: MatchKind, slots: Record<string, string>): RecognizerResult {
    const t = this.set.targets[target]!;
    const interaction = interactionOf(t, context);
    return { intent: t.intent, interaction, interactionName: this.def.interactions[interaction]?.name ?? null, confidence, slots, match };
  }
}

/** Trains a recognizer on a definition's intents, expressions and keywords; deterministic for a given definition and options. */
export function trainRecognizer(def: NluDefinition, options: Partial<RecognizerOptions> = {}): TunableRecognizer {
  const given = { ...DEFAULT_RECOGNIZER, ...options };
  // The definition's language decides the stemmer; the feature options carry it into the stored model.
  const classifier = { ...given.classifier, features: { language: def.language ?? null, ...given.classifier.features } };
  const opts = { ...given, classifier };
  return new TrainedRecognizer(def, trainParts(buildTrainingSet(def, opts.variantLimit), opts), opts);
}

/** The trained parts, definition and options of a recognizer `trainRecognizer` or `recognizerFromParts` made; null for any other. */
export function recognizerParts(recognizer: Recognizer): { definition: NluDefinition; parts: RecognizerParts; options: RecognizerOptions } | null {
  return recognizer instanceof TrainedRecognizer ? recognizer.snapshot() : null;
}

/** A recognizer from parts trained earlier (see serialize.ts): it answers exactly as the one they came from. */
export function recognizerFromParts(def: NluDefinition, parts: RecognizerParts, options: Partial<RecognizerOptions> = {}): TunableRecognizer {
  return new TrainedRecognizer(def, parts, { ...DEFAULT_RECOGNIZER, ...options });
}
