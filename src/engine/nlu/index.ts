// Public surface of intent, keyword and slot recognition.
export type { MatchKind, NluDefinition, NluExpression, NluIntent, NluInteraction, NluKeyword, NluKeywordValue, NluSlot, RecognizeContext, Recognizer, RecognizerResult, SpecialIntentResult } from './types.js';
export { trainRecognizer, DEFAULT_RECOGNIZER, type RecognizerOptions, type TunableRecognizer } from './recognizer.js';
export { nluDefinitionFrom } from './from-definition.js';
export { hasClassifierSamples } from './training-set.js';
export { RecognizerCache } from './cache.js';
export { normalizeText } from './normalize.js';
export { canonicalIntentName } from './special-intents.js';
export { serializeRecognizer, restoreRecognizer, recognizerTransferList, RecognizerDataError, RECOGNIZER_FORMAT, type SerializedRecognizer } from './serialize.js';
