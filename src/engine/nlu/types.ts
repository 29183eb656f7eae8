// The recognizer's own view of a definition (what can trigger what) and of its answers; independent of the full definition model.

export interface NluSlot {
  name: string;
  /** `keyword:<name>` references a keyword of the bot; any other type is captured from the message's text. */
  type: string;
  /** The sample value as it appears in the expression's text. */
  value: string;
}

export interface NluExpression {
  text: string;
  /** Default true: the expression also stands for its variants with each value of its keyword slots. */
  generate: boolean;
  slots: NluSlot[];
  /** Skipped while `sys:context` equals this. */
  excludeContext: string | null;
}

export interface NluIntent {
  /** `sys::menu` is read as `sys:menu`. Null for an unnamed intent object. */
  name: string | null;
  /** Index of the interaction (or workflow) the intent triggers. */
  interaction: number;
  excludeContext: string | null;
  expressions: NluExpression[];
}

export interface NluKeywordValue {
  value: string;
  /** Synonyms recognized as this value; the value itself is always one. */
  expressions: string[];
}

export interface NluKeyword {
  name: string;
  values: NluKeywordValue[];
}

export interface NluInteraction {
  name: string | null;
  /** A message containing a value of one of these keywords triggers the interaction. */
  keywords: NluKeyword[];
  /** Expressions that trigger the interaction directly, outside any intent. */
  expressions: NluExpression[];
}

export interface NluDefinition {
  /** BCP 47 tag of the language the expressions are written in; null or absent: none given (no stemming). */
  language?: string | null;
  interactions: NluInteraction[];
  intents: NluIntent[];
}

/** How a result was found, from the most to the least certain. */
export type MatchKind = 'exact' | 'normalized' | 'keyword' | 'classifier';

export interface RecognizerResult {
  /** The intent's name; null when an interaction-level expression or keyword matched. */
  intent: string | null;
  /** Index of the interaction (or workflow) to run. */
  interaction: number;
  interactionName: string | null;
  /** 0–1. */
  confidence: number;
  /** Slot name to value; the runtime stores them as attributes. */
  slots: Record<string, string>;
  match: MatchKind;
}

/** A special conversation intent (`sys:start`, `sys:help`, `sys:menu`, `sys:cancel`, `sys:startOver`, `sys:breakOut`) a message stands for. */
export interface SpecialIntentResult {
  /** Canonical name: `sys::menu` is `sys:menu`. */
  intent: string;
  /** The interaction that lists the intent; null when none does and the runtime acts on it itself (a dialog's cancel, start over, break out). */
  interaction: number | null;
  interactionName: string | null;
  /** 0–1. */
  confidence: number;
  match: MatchKind;
}

export interface RecognizeContext {
  /** The current `sys:context`. */
  context?: string | null;
}

export interface Recognizer {
  recognize(text: string, ctx?: RecognizeContext): RecognizerResult | null;
}
