// The engine's front door: what other folders may use of the bot runtime (its ports, models, runner and tools).
export { responseWrites } from './actions/request-response.js';
export { sendWithRetries } from './actions/request.js';
export { channelCapabilities } from './channel-capabilities.js';
export {
  DEFINITION_SCHEMAS, describeProblems, includedBotNames, loadIncludedBots, targetsUnder, validateDefinition, type BotModel,
  type DefinitionFormat,
} from './definition/index.js';
export type { MediaType } from './definition/model.js';
export { durationMs } from './definition/normalize/read.js';
export type {
  AsyncRequest, ChannelCapabilities, HumanSnapshot, RunEnvironment, RunIssue, RunResult,
} from './environment.js';
export {
  messageEvent, type ConversationEvent, type FormEvent, type InboundMedia, type MessageEvent, type ProactiveEvent,
  type WelcomeEvent,
} from './events.js';
export type { AttributeSeed } from './language/memory-attributes.js';
export { parseReference } from './language/reference.js';
export { MemoryConversation } from './memory-host.js';
export { confusedPairs, weakestIntents, type Outcome } from './nlu/confusion.js';
export { evaluate, outcomesOf, parseCases, scoreRecognizer, type EvalCase, type EvalReport } from './nlu/evaluate.js';
export { nluDefinitionFrom } from './nlu/from-definition.js';
export {
  hasClassifierSamples, RECOGNIZER_FORMAT, RecognizerDataError, recognizerTransferList, restoreRecognizer, serializeRecognizer,
  trainRecognizer, type NluDefinition, type Recognizer, type RecognizerOptions, type SerializedRecognizer,
  type TunableRecognizer,
} from './nlu/index.js';
export { decodeRecognizer, encodeRecognizer } from './nlu/serialize-bytes.js';
export { TRAINING_SETTINGS } from './nlu/serialize.js';
export {
  emptyMessage, type CardLayout, type OutboundEmail, type OutboundItem, type OutboundMessage, type OutboundNote,
  type ProviderTemplate, type RenderedButton, type RenderedCard, type RenderedForm, type RenderedFormField,
} from './outbound.js';
export {
  HttpFailure, type HttpFailureReason, type HttpMethod, type HttpPort, type HttpRequest, type HttpResponse,
  type AnswerRequest, type AnswerResult, type ClassifyCandidate, type ClassifyRequest, type ClassifyResult, type KnowledgePort,
} from './ports.js';
export { buildProgram, programNluDefinition, type BotProgram } from './program.js';
export { handleEvent } from './runner.js';
export { initialState, isBusy, type Choice, type ConversationState } from './state.js';
export { CONVERSATION_STATE, conversationStateFormat, parseState, readableState } from './stored-formats/conversation-state.js';
export {
  implicitlyVersioned, StoredFormat, StoredFormatError, type FormatMigration, type FormatProblem, type StoredDocument, type StoredFormatSpec,
} from './stored-formats/stored-format.js';
export { countUnreadable, unreadableCounts } from './stored-formats/unreadable-count.js';
export { outboundItemFormat } from './stored-formats/outbound-item.js';
export { inboxEventFormat, type StoredInboxEvent } from './stored-formats/inbox-event.js';
