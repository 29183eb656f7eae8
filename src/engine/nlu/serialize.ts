// A trained recognizer as plain, versioned data (typed arrays for weights, arrays for the rest) and back, so it can be trained elsewhere.
import { DEFAULT_CLASSIFIER, IntentClassifier } from './classifier.js';
import { DEFAULT_FEATURES, FeatureSpace, type FeatureSpaceData } from './features.js';
import { DEFAULT_MLP, MlpModel } from './mlp.js';
import { DEFAULT_RECOGNIZER, recognizerFromParts, recognizerParts, type Entry, type RecognizerModel, type TunableRecognizer } from './recognizer.js';
import type { SlotTemplate } from './slots.js';
import { DEFAULT_SOFTMAX, SoftmaxModel } from './softmax.js';
import type { Target } from './training-set.js';
import type { NluDefinition, NluKeyword, NluSlot, Recognizer } from './types.js';

/** Bumped whenever the layout below or what training computes changes: data of another version is refused, and trained again. */
export const RECOGNIZER_FORMAT = 3;

/**
 * The format version and every default setting of training, as one string: a stored model trained
 * under other defaults (a tuned learning rate, say) must be trained again, not restored. A change to
 * the training code itself must bump RECOGNIZER_FORMAT.
 */
export const TRAINING_SETTINGS = JSON.stringify({
  format: RECOGNIZER_FORMAT,
  recognizer: DEFAULT_RECOGNIZER,
  classifier: DEFAULT_CLASSIFIER,
  features: DEFAULT_FEATURES,
  mlp: DEFAULT_MLP,
  linear: DEFAULT_SOFTMAX,
});

/** A slot template: words as strings, holes as the index of their slot in `slots`. */
export interface SerializedTemplate {
  items: (string | number)[];
  slots: NluSlot[];
}

export interface SerializedTarget {
  intent: string | null;
  listings: { interaction: number; excludeContext: string | null }[];
  templates: SerializedTemplate[];
}

/**
 * An exact or normalized lookup table, flattened: key i has `counts[i]` entries, which follow one
 * another in `classes` and `slots` in the order the recognizer tries them. `null` slots stand for `{}`.
 */
export interface SerializedEntries {
  keys: string[];
  counts: Uint32Array;
  classes: Int32Array;
  slots: (Record<string, string> | null)[];
}

export type SerializedModel =
  | { kind: 'mlp'; hidden: number; w1: Float32Array; b1: Float32Array; w2: Float32Array; b2: Float32Array }
  | { kind: 'linear'; weights: Float32Array; bias: Float32Array };

export interface SerializedClassifier {
  classes: number;
  features: FeatureSpaceData;
  models: SerializedModel[];
}

/** Everything a trained recognizer answers from, except the definition (which `restoreRecognizer` is given again). */
export interface SerializedRecognizer {
  format: typeof RECOGNIZER_FORMAT;
  threshold: number;
  /** Format 3 on: how far the best intent must beat the out-of-scope class. */
  margin: number;
  minCoverage: number;
  targets: SerializedTarget[];
  classes: { target: number; exclude: string[] }[];
  outOfScope: number;
  /** Keywords of all interactions merged by name (what slots look values up in). */
  keywords: NluKeyword[];
  ownSpecials: string[];
  triggers: { keywords: NluKeyword[]; interactionOf: [string, number][] };
  exact: SerializedEntries;
  normalized: SerializedEntries;
  classifier: SerializedClassifier | null;
}

/** Data that `restoreRecognizer` cannot turn back into a recognizer (another format version, inconsistent sizes). */
export class RecognizerDataError extends Error {
  override name = 'RecognizerDataError';
}

function serializeTemplate(template: SlotTemplate): SerializedTemplate {
  return {
    items: template.items.map((item) => ('word' in item ? item.word : template.slots.indexOf(item.hole))),
    slots: template.slots.map((slot) => ({ name: slot.name, type: slot.type, value: slot.value })),
  };
}

function serializeEntries(map: ReadonlyMap<string, readonly Entry[]>): SerializedEntries {
  const keys: string[] = [];
  const counts = new Uint32Array(map.size);
  const classes: number[] = [];
  const slots: (Record<string, string> | null)[] = [];
  for (const [key, entries] of map) {
    counts[keys.length] = entries.length;
    keys.push(key);
    for (const entry of entries) {
      classes.push(entry.class);
      slots.push(Object.keys(entry.slots).length === 0 ? null : { ...entry.slots });
    }
  }
  return { keys, counts, classes: Int32Array.from(classes), slots };
}

function serializeModel(model: MlpModel | SoftmaxModel): SerializedModel {
  if (model instanceof MlpModel) return { kind: 'mlp', hidden: model.hidden, ...model.parts };
  return { kind: 'linear', ...model.parts };
}

/**
 * The recognizer as plain data. The weight arrays are the recognizer's own, not copies: after they
 * are transferred to another thread (`recognizerTransferList`) the recognizer serialized here no longer works.
 * Throws a TypeError for a recognizer that `trainRecognizer` or `restoreRecognizer` did not make.
 */
export function serializeRecognizer(recognizer: Recognizer): SerializedRecognizer {
  const snapshot = recognizerParts(recognizer);
  if (snapshot === null) throw new TypeError('serializeRecognizer: not a trained recognizer');
  const { parts, options } = snapshot;
  const { model, classifier } = parts;
  return {
    format: RECOGNIZER_FORMAT,
    threshold: options.threshold,
    margin: options.margin,
    minCoverage: options.minCoverage,
    targets: model.targets.map((t) => ({
      intent: t.intent,
      listings: t.listings.map((l) => ({ interaction: l.interaction, excludeContext: l.excludeContext })),
      templates: t.templates.map(serializeTemplate),
    })),
    classes: model.classes.map((c) => ({ target: c.target, exclude: [...c.exclude] })),
    outOfScope: model.outOfScope,
    keywords: [...model.keywords].map(([name, values]) => ({ name, values })),
    ownSpecials: [...model.ownSpecials],
    triggers: { keywords: model.triggers.keywords, interactionOf: [...model.triggers.interactionOf] },
    exact: serializeEntries(parts.exact),
    normalized: serializeEntries(parts.normalized),
    classifier:
      classifier === null
        ? null
        : { classes: classifier.classes, features: classifier.parts.space.toData(), models: classifier.parts.models.map(serializeModel) },
  };
}

/** The buffers of the data's typed arrays, for `postMessage(data, transferList)`: they move to the receiver instead of being copied. */
export function recognizerTransferList(data: SerializedRecognizer): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [data.exact.counts, data.exact.classes, data.normalized.counts, data.normalized.classes];
  if (data.classifier !== null) {
    arrays.push(data.classifier.features.hashes, data.classifier.features.idf);
    for (const m of data.classifier.models) arrays.push(...(m.kind === 'mlp' ? [m.w1, m.b1, m.w2, m.b2] : [m.weights, m.bias]));
  }
  const buffers = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer && a.byteLength > 0) buffers.add(a.buffer);
  return [...buffers];
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new RecognizerDataError(`recognizer data: ${what}`);
}

function restoreEntries(data: SerializedEntries, classes: number): Map<string, Entry[]> {
  check(data.keys.length === data.counts.length && data.classes.length === data.slots.length, 'lookup table sizes differ');
  const map = new Map<string, Entry[]>();
  let at = 0;
  for (let k = 0; k < data.keys.length; k++) {
    const entries: Entry[] = [];
    for (let n = 0; n < data.counts[k]!; n++, at++) {
      check(at < data.classes.length && data.classes[at]! >= 0 && data.classes[at]! < classes, 'lookup entry out of range');
      entries.push({ class: data.classes[at]!, slots: data.slots[at] ?? {} });
    }
    map.set(data.keys[k]!, entries);
  }
  check(at === data.classes.length, 'lookup table has extra entries');
  return map;
}

function restoreModel(data: SerializedModel, features: number, classes: number): MlpModel | SoftmaxModel {
  if (data.kind === 'mlp') {
    const h = data.hidden;
    check(data.w1.length === features * h && data.b1.length === h && data.w2.length === h * classes && data.b2.length === classes, 'perceptron sizes');
    return new MlpModel(classes, h, data.w1, data.b1, data.w2, data.b2);
  }
  check(data.weights.length === features * classes && data.bias.length === classes, 'softmax sizes');
  return new SoftmaxModel(classes, data.weights, data.bias);
}

function restoreTarget(data: SerializedTarget, interactions: number): Target {
  for (const l of data.listings) check(Number.isInteger(l.interaction) && l.interaction >= 0 && l.interaction < interactions, 'listing names no interaction of the definition');
  check(data.listings.length > 0, 'target without an interaction');
  return {
    intent: data.intent,
    listings: data.listings,
    templates: data.templates.map((t) => {
      const items = t.items.map((item) => {
        if (typeof item === 'string') return { word: item };
        const hole = t.slots[item];
        check(hole !== undefined, 'template hole names no slot');
        return { hole: hole! };
      });
      return { items, slots: t.slots };
    }),
  };
}

/**
 * A recognizer from `serializeRecognizer`'s data and the definition it was trained on; it answers
 * exactly as the trained one. The typed arrays are used as they are, not copied. Throws a
 * RecognizerDataError for data of another format version or of inconsistent sizes.
 */
export function restoreRecognizer(data: SerializedRecognizer, definition: NluDefinition): TunableRecognizer {
  check(typeof data === 'object' && data !== null && data.format === RECOGNIZER_FORMAT, `format ${String((data as { format?: unknown } | null)?.format)}, expected ${RECOGNIZER_FORMAT}`);
  const classCount = data.classes.length;
  check(data.outOfScope >= 0 && data.outOfScope < classCount, 'out-of-scope class out of range');
  for (const c of data.classes) check(c.target >= -1 && c.target < data.targets.length, 'class names no target');
  const interactions = definition.interactions.length;
  for (const [, interaction] of data.triggers.interactionOf) check(interaction >= 0 && interaction < interactions, 'keyword trigger names no interaction of the definition');
  const model: RecognizerModel = {
    targets: data.targets.map((t) => restoreTarget(t, interactions)),
    classes: data.classes,
    outOfScope: data.outOfScope,
    keywords: new Map(data.keywords.map((k) => [k.name, k.values])),
    ownSpecials: new Set(data.ownSpecials),
    triggers: { keywords: data.triggers.keywords, interactionOf: new Map(data.triggers.interactionOf) },
  };
  let classifier: IntentClassifier | null = null;
  if (data.classifier !== null) {
    const c = data.classifier;
    check(c.classes === classCount && c.models.length > 0, 'classifier classes');
    let space: FeatureSpace;
    try {
      space = FeatureSpace.fromData(c.features);
    } catch (err) {
      throw new RecognizerDataError(`recognizer data: ${(err as Error).message}`);
    }
    classifier = IntentClassifier.fromParts(space, c.models.map((m) => restoreModel(m, space.size, classCount)), classCount);
  }
  const parts = { model, exact: restoreEntries(data.exact, classCount), normalized: restoreEntries(data.normalized, classCount), classifier };
  return recognizerFromParts(definition, parts, { threshold: data.threshold, margin: data.margin, minCoverage: data.minCoverage });
}
