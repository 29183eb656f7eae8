// Turns a definition into what the recognizer learns from: targets, classifier classes split by context, samples and slot templates.
import { MIN_OUT_OF_SCOPE, backgroundFor } from './background.js';
import { DEFAULT_VARIANT_LIMIT, expandExpression } from './generate.js';
import { slotTemplate, type SlotTemplate } from './slots.js';
import { OUT_OF_SCOPE_INTENT, builtInPhrases, canonicalIntentName } from './special-intents.js';
import type { NluDefinition, NluExpression, NluKeyword, NluKeywordValue } from './types.js';

/** Something a message can trigger: a named intent, an unnamed intent object, or an interaction's own expressions. */
export interface Target {
  intent: string | null;
  /** The interactions that list the intent, in definition order, each with the intent-level context that skips it there. */
  listings: { interaction: number; excludeContext: string | null }[];
  templates: SlotTemplate[];
}

/**
 * The interaction a target triggers in a context: the first that lists it and is not skipped there.
 * An intent listed by several interactions thus goes to the next one when the first excludes the context.
 */
export function interactionOf(target: Target, context: string | null): number {
  const open = target.listings.find((l) => context === null || l.excludeContext !== context);
  return (open ?? target.listings[0]!).interaction;
}

/**
 * A classifier class: the expressions of one target that are skipped in the same contexts.
 * Splitting a target this way lets the classifier honour expression-level `excludeContext`.
 */
export interface TrainingClass {
  /** Index into targets; -1 for the out-of-scope class. */
  target: number;
  exclude: string[];
}

export interface Sample {
  text: string;
  class: number;
  slots: Record<string, string>;
}

export interface TrainingSet {
  targets: Target[];
  classes: TrainingClass[];
  /** Index of the out-of-scope class in `classes`. */
  outOfScope: number;
  samples: Sample[];
  /** Keywords of all interactions merged by name: slots reference them bot-wide. */
  keywords: Map<string, NluKeywordValue[]>;
  /** Special intents the definition gives expressions for: their built-in phrases never stand in. */
  ownSpecials: Set<string>;
  /** Interaction-level keywords and the interaction each triggers (the first that lists it). */
  triggers: { keywords: NluKeyword[]; interactionOf: Map<string, number> };
}

function mergeKeywords(def: NluDefinition): Map<string, NluKeywordValue[]> {
  const merged = new Map<string, NluKeywordValue[]>();
  for (const interaction of def.interactions) {
    for (const keyword of interaction.keywords) {
      merged.set(keyword.name, [...(merged.get(keyword.name) ?? []), ...keyword.values]);
    }
  }
  return merged;
}

const phrase = (text: string): NluExpression => ({ text, generate: false, slots: [], excludeContext: null });

/**
 * Whether the definition gives the classifier anything to learn, as `buildTrainingSet` would find (a classifier is
 * trained only then): an expression of an intent other than `sys:text` or of an interaction, or a special intent it
 * lists (its built-in phrases stand in). Cheap: no expression is expanded. A bot of `sys:text`, keywords and exact
 * triggers only has nothing to train.
 */
export function hasClassifierSamples(def: NluDefinition): boolean {
  if (def.interactions.some((interaction) => interaction.expressions.length > 0)) return true;
  return def.intents.some((intent) => {
    const name = intent.name === null ? null : canonicalIntentName(intent.name);
    if (name === OUT_OF_SCOPE_INTENT) return false;
    return intent.expressions.length > 0 || (name !== null && builtInPhrases(name) !== undefined);
  });
}

export function buildTrainingSet(def: NluDefinition, variantLimit = DEFAULT_VARIANT_LIMIT): TrainingSet {
  const keywords = mergeKeywords(def);
  const targets: Target[] = [];
  const classes: TrainingClass[] = [{ target: -1, exclude: [] }];
  const classIndex = new Map<string, number>([['oos', 0]]);
  const samples: Sample[] = [];
  const targetOfName = new Map<string, number>();
  let outOfScopeSamples = 0;

  const classOf = (target: number, exclude: string[]): number => {
    const key = `${target}\u0000${exclude.sort().join('\u0000')}`;
    let index = classIndex.get(key);
    if (index === undefined) {
      index = classes.length;
      classes.push({ target, exclude });
      classIndex.set(key, index);
    }
    return index;
  };
  const addExpressions = (target: number, expressions: readonly NluExpression[], intentExclude: string | null): void => {
    for (const expression of expressions) {
      const exclude = [...new Set([intentExclude, expression.excludeContext].filter((c): c is string => c !== null))];
      const cls = target < 0 ? 0 : classOf(target, exclude);
      if (target >= 0) {
        const template = slotTemplate(expression);
        if (template !== null) targets[target]!.templates.push(template);
      } else outOfScopeSamples++;
      for (const variant of expandExpression(expression, keywords, variantLimit)) samples.push({ text: variant.text, class: cls, slots: variant.slots });
    }
  };

  // Named intents are one target however many interactions list them: the first interaction wins.
  const pending: { target: number; expressions: NluExpression[]; exclude: string | null }[] = [];
  for (const intent of def.intents) {
    const name = intent.name === null ? null : canonicalIntentName(intent.name);
    if (name === OUT_OF_SCOPE_INTENT) {
      pending.push({ target: -1, expressions: intent.expressions, exclude: null });
      continue;
    }
    let target = name === null ? undefined : targetOfName.get(name);
    if (target === undefined) {
      target = targets.length;
      targets.push({ intent: name, listings: [], templates: [] });
      if (name !== null) targetOfName.set(name, target);
    }
    targets[target]!.listings.push({ interaction: intent.interaction, excludeContext: intent.excludeContext });
    pending.push({ target, expressions: intent.expressions, exclude: intent.excludeContext });
  }
  for (const p of pending) addExpressions(p.target, p.expressions, p.exclude);

  def.interactions.forEach((interaction, index) => {
    if (interaction.expressions.length === 0) return;
    const target = targets.length;
    targets.push({ intent: null, listings: [{ interaction: index, excludeContext: null }], templates: [] });
    addExpressions(target, interaction.expressions, null);
  });

  // Special intents the definition uses but gives no expressions for get English phrases;
  // added last so that the definition's own expressions win an exact match.
  const ownSpecials = new Set<string>();
  for (const [name, target] of targetOfName) {
    const builtIn = builtInPhrases(name);
    if (builtIn === undefined) continue;
    if (pending.some((p) => p.target === target && p.expressions.length > 0)) {
      ownSpecials.add(name);
      continue;
    }
    const exclude = def.intents.find((i) => i.name !== null && canonicalIntentName(i.name) === name)?.excludeContext ?? null;
    addExpressions(target, builtIn.map(phrase), exclude);
  }

  if (outOfScopeSamples < MIN_OUT_OF_SCOPE) {
    const inScope = samples.filter((s) => s.class !== 0).map((s) => s.text);
    for (const text of backgroundFor(inScope, def.language ?? null)) samples.push({ text, class: 0, slots: {} });
  }

  const keywordInteraction = new Map<string, number>();
  const triggerKeywords: NluKeyword[] = [];
  def.interactions.forEach((interaction, index) => {
    for (const keyword of interaction.keywords) {
      if (keywordInteraction.has(keyword.name)) continue;
      keywordInteraction.set(keyword.name, index);
      triggerKeywords.push({ name: keyword.name, values: keywords.get(keyword.name) ?? keyword.values });
    }
  });

  return { targets, classes, outOfScope: 0, samples, keywords, ownSpecials, triggers: { keywords: triggerKeywords, interactionOf: keywordInteraction } };
}
