// A bot ready to run: its interactions with those of the bots it includes, names resolved, and a trained recognizer.
import type { BotModel, DefinitionFormat, InteractionModel, KeywordModel, NameTarget } from './definition/model.js';
import { KeywordMatcher } from './nlu/keywords.js';
import { normalizeText } from './nlu/normalize.js';
import { trainRecognizer, type RecognizerOptions } from './nlu/recognizer.js';
import { builtInPhrases } from './nlu/special-intents.js';
import type { NluDefinition, Recognizer } from './nlu/types.js';

/** The conversation intents a dialog reacts to, whatever interaction lists them. */
export type DialogIntent = 'sys:cancel' | 'sys:startOver' | 'sys:breakOut';
export const DIALOG_INTENTS: readonly DialogIntent[] = ['sys:cancel', 'sys:startOver', 'sys:breakOut'];

export interface BotProgram {
  name: string;
  /** The format of the bot itself; interaction `context` exists only in the bot format. */
  format: DefinitionFormat;
  /** Own interactions first, then those of included bots (transitively), each bot once. */
  interactions: InteractionModel[];
  recognizer: Recognizer;
  /** Every keyword of the program by name (the first definition of a name wins). */
  keywords: ReadonlyMap<string, KeywordModel>;
  keywordMatcher: KeywordMatcher;
  /** The interaction listing `sys:start`, run on a conversation's first message. */
  startInteraction: number | null;
  /** The interaction listing `sys:text`: the catch-all for messages no intent takes. */
  textInteraction: number | null;
  /** Experience format: run when the welcome message is shown. */
  welcomeExecute: string | null;
  resolve(target: string): NameTarget | null;
  /** The dialog intent a message says exactly (after normalization), from the definition's expressions or built-in phrases. */
  dialogIntent(text: string): DialogIntent | null;
}

/** The recognizer's input, read from the normalized model rather than raw JSON; `language` is the bot's own. */
export function nluDefinitionOf(interactions: readonly InteractionModel[], language: string | null = null): NluDefinition {
  return {
    language,
    interactions: interactions.map((i) => ({ name: i.name, keywords: i.keywords, expressions: i.expressions })),
    intents: interactions.flatMap((interaction, index) => interaction.intents.map((intent) => ({
      name: intent.name, interaction: index, excludeContext: intent.excludeContext, expressions: intent.expressions,
    }))),
  };
}

function offsetTarget(target: NameTarget, by: number): NameTarget {
  return target.kind === 'interaction'
    ? { kind: 'interaction', interaction: target.interaction + by }
    : { kind: 'action', interaction: target.interaction + by, action: target.action };
}

function findIntent(interactions: readonly InteractionModel[], name: string): number | null {
  const index = interactions.findIndex((i) => i.intents.some((intent) => intent.name === name));
  return index < 0 ? null : index;
}

function dialogPhrases(interactions: readonly InteractionModel[]): Map<string, DialogIntent> {
  const phrases = new Map<string, DialogIntent>();
  // The definition's own expressions come first so an author can take a built-in phrase for something else.
  for (const interaction of interactions) {
    for (const intent of interaction.intents) {
      const name = DIALOG_INTENTS.find((d) => d === intent.name);
      if (name === undefined) continue;
      for (const e of intent.expressions) if (!phrases.has(normalizeText(e.text))) phrases.set(normalizeText(e.text), name);
    }
  }
  for (const name of DIALOG_INTENTS) {
    for (const phrase of builtInPhrases(name) ?? []) if (!phrases.has(normalizeText(phrase))) phrases.set(normalizeText(phrase), name);
  }
  return phrases;
}

/** The bot's interactions followed by those of the bots it includes (each once), and the names they resolve. */
function link(model: BotModel, included: ReadonlyMap<string, BotModel>): { interactions: InteractionModel[]; names: Map<string, NameTarget> } {
  const interactions: InteractionModel[] = [...model.interactions];
  const names = new Map<string, NameTarget>(model.names);
  const seen = new Set<string>([model.name]);
  const queue = [...model.includes];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const other = included.get(name);
    if (other === undefined) continue;
    const offset = interactions.length;
    interactions.push(...other.interactions);
    for (const [key, target] of other.names) if (!names.has(key)) names.set(key, offsetTarget(target, offset));
    queue.push(...other.includes);
  }
  return { interactions, names };
}

/** What the recognizer of `buildProgram(model, included)` is trained on: to train it elsewhere (a worker thread) and pass it in. */
export function programNluDefinition(model: BotModel, included: ReadonlyMap<string, BotModel> = new Map()): NluDefinition {
  // Included bots' expressions are read in the including bot's language: one recognizer, one language.
  return nluDefinitionOf(link(model, included).interactions, model.language);
}

/**
 * Builds the program of a bot. `included` gives the models of the bots it includes, by name,
 * transitively (the host loads them); an include that is missing is skipped. The recognizer is
 * trained here unless `recognizer` is given, trained on `programNluDefinition(model, included)`.
 */
export function buildProgram(model: BotModel, included: ReadonlyMap<string, BotModel> = new Map(), options: Partial<RecognizerOptions> = {}, recognizer?: Recognizer): BotProgram {
  const { interactions, names } = link(model, included);
  const keywords = new Map<string, KeywordModel>();
  for (const interaction of interactions) for (const k of interaction.keywords) if (!keywords.has(k.name)) keywords.set(k.name, k);
  const phrases = dialogPhrases(interactions);
  return {
    name: model.name,
    format: model.format,
    interactions,
    recognizer: recognizer ?? trainRecognizer(nluDefinitionOf(interactions, model.language), options),
    keywords,
    keywordMatcher: new KeywordMatcher([...keywords.values()]),
    startInteraction: findIntent(interactions, 'sys:start'),
    textInteraction: findIntent(interactions, 'sys:text'),
    welcomeExecute: model.welcomeExecute,
    resolve: (target) => names.get(target) ?? null,
    dialogIntent: (text) => phrases.get(normalizeText(text)) ?? null,
  };
}
