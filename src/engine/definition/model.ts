// The one internal model both definition formats normalize into; the runtime executes this, never the raw JSON.
import type { AttributeAssignment } from '../language/assignment-model.js';
import type { ConditionNode } from '../language/condition-model.js';
import type { JsonValue } from '../language/json-value.js';
import type { DefinitionFormat } from './format.js';

export type { AttributeAssignment, ConditionNode, JsonValue, DefinitionFormat };

export interface BotModel {
  /** The format the definition was written in; the runtime does not need it, logs and the API may. */
  format: DefinitionFormat;
  name: string;
  /** The language its expressions are written in (BCP 47, e.g. `fr`); recognition stems words by it. Null when not given. */
  language: string | null;
  /** Interactions (bot format) and workflows (experience format) alike. */
  interactions: InteractionModel[];
  /** Experience format: the workflow run when the welcome message is shown. */
  welcomeExecute: string | null;
  /** Names of bots included by any interaction, in order. */
  includes: string[];
  /** Interaction and action names, one namespace, to their position. */
  names: ReadonlyMap<string, NameTarget>;
}

export type NameTarget =
  | { kind: 'interaction'; interaction: number }
  | { kind: 'action'; interaction: number; action: number };

export interface InteractionModel {
  name: string | null;
  /** JSON pointer into the source definition, for logs and errors at run time. */
  pointer: string;
  includes: string[];
  intents: IntentModel[];
  /** Set as sys:context on entry; null removes sys:context. Always null in the experience format. */
  context: string | null;
  keywords: KeywordModel[];
  /** Expressions that trigger the interaction directly, outside any intent. */
  expressions: ExpressionModel[];
  actions: ActionModel[];
  /** Checked before the interaction runs. */
  validation: ValidationModel | null;
}

export interface IntentModel {
  /** `sys::menu` is normalized to `sys:menu`. Null for an unnamed intent object. */
  name: string | null;
  excludeContext: string | null;
  expressions: ExpressionModel[];
}

export interface ExpressionModel {
  text: string;
  generate: boolean;
  slots: SlotModel[];
  excludeContext: string | null;
}

export interface SlotModel {
  name: string;
  /** The slot type; for `keyword:<name>` also the keyword's name. */
  type: string;
  keyword: string | null;
  value: string;
}

export interface KeywordModel {
  name: string;
  values: { value: string; expressions: string[] }[];
}

/**
 * One action. The runtime runs, in order: conditions (skip the action when they fail) →
 * assignments → step → validation.
 */
export interface ActionModel {
  name: string | null;
  pointer: string;
  conditions: ConditionNode[];
  /** Experience format: run only on this channel type. */
  channel: string | null;
  /** updateAttribute first, then assignAttributes, each attribute in order. */
  assignments: AttributeAssignment[];
  step: ActionStep | null;
  validation: ValidationModel | null;
}

export type ActionStep =
  | { kind: 'send'; send: SendModel }
  | { kind: 'dataCapture'; dataCapture: DataCaptureModel }
  | { kind: 'waitFor'; waitFor: WaitModel }
  | { kind: 'delay'; delay: DelayModel }
  | { kind: 'startDialog'; dialog: StartDialogModel }
  | { kind: 'finishDialog' }
  | { kind: 'assignTags'; tags: string[] }
  | { kind: 'subscribe'; subscribe: boolean }
  | { kind: 'execute'; targets: string[] }
  | { kind: 'goto'; target: string }
  | { kind: 'pause'; milliseconds: number }
  | { kind: 'updateSettings'; settings: UpdateSettingsModel }
  | { kind: 'answer'; answer: AnswerModel }
  | { kind: 'classify'; classify: ClassifyModel };

/** A model's choice of interaction for a message the recognizer did not place (docs/bot-language.md, classify). */
export interface ClassifyModel {
  /** The message; tags allowed. Default: the human's message (`{sys:text}`). */
  text: string;
  /** Interactions by name the model may choose; empty: every named interaction with intents or expressions of its own. */
  among: string[];
  /** The model endpoint by name; null: the account's first with a chat model. */
  model: string | null;
  /** Added to the model's instructions. */
  instructions: string | null;
  /** Attribute that receives the chosen interaction's name. */
  attribute: string | null;
  /** Runs when no interaction fits, the model fails or the daily limit is reached; empty: the chain goes on. */
  fallback: string[];
  /** Tokens the bot's answers and classifications may use per day (UTC); null: no limit. */
  dailyTokenLimit: number | null;
}

/** A grounded answer from the account's knowledge bases (docs/knowledge.md). */
export interface AnswerModel {
  /** Knowledge bases by name or id. */
  knowledgeBases: (string | number)[];
  /** The question; tags allowed. Default: the human's message (`{sys:text}`). */
  question: string;
  /** Added to the model's instructions (tone, language, what not to say). */
  instructions: string | null;
  /** The model endpoint by name; null: the account's first with a chat model, else an extractive answer. */
  model: string | null;
  /** Answers with the best passage itself, never asking a model. */
  extractive: boolean;
  /** Most tokens the model may write. */
  maxTokens: number;
  /** Passages given to the model. */
  passages: number;
  /** Share (0–1) of the question's weight the best passage must match for the answer to count as grounded. */
  minRelevance: number;
  /** Attribute that receives the text; and the one that receives the cited sources (JSON). */
  attribute: string | null;
  sourcesAttribute: string | null;
  /** Sends the answer as a message (with its sources, as the channel shows them). */
  send: boolean;
  /** Runs instead when the answer is not grounded, the model fails, or a token limit is reached; empty: nothing is sent. */
  fallback: string[];
  /** Tokens this conversation's answers may use in all; null: no limit. */
  conversationTokenLimit: number | null;
  /** Tokens the bot's answers may use per day (UTC); null: no limit. */
  dailyTokenLimit: number | null;
}

export interface ValidationModel {
  conditions: ConditionNode[];
  /** Run when the conditions fail; empty: the chain stops there. */
  executeOnError: string[];
}

export interface SendModel {
  message: MessageModel | null;
  note: NoteModel | null;
  rss: RssModel | null;
  email: EmailModel | null;
  request: RequestModel | null;
  /** Custom JSON for channels that support it; tags allowed in string values. */
  json: JsonValue | null;
  populate: PopulateModel | null;
}

export type MediaType = 'image' | 'video' | 'audio' | 'file';

export interface MessageModel {
  text: string | null;
  title: string | null;
  mediaType: MediaType | null;
  media: string | null;
  buttons: ButtonModel[];
  quickReplies: QuickReplyModel[];
  carousel: RichCardModel[];
  richCard: CardLayoutModel | null;
}

/** Fields the spec lists; anything else the author wrote is kept in `extra` for channels that understand it. */
export interface ButtonModel {
  type: string;
  title: string | null;
  payload: string | null;
  execute: string | null;
  postbackData: string | null;
  description: string | null;
  application: string | null;
  webviewViewMode: string | null;
  eventTitle: string | null;
  startTime: string | null;
  endTime: string | null;
  query: string | null;
  latLong: { latitude: number; longitude: number } | null;
  label: string | null;
  theme: Record<string, JsonValue> | null;
  extra: Record<string, JsonValue>;
}

export interface QuickReplyModel {
  type: string;
  title: string | null;
  payload: string | null;
  execute: string | null;
  imageUrl: string | null;
  postbackData: string | null;
  webviewViewMode: string | null;
  application: string | null;
  extra: Record<string, JsonValue>;
}

export interface CardLayoutModel {
  cardOrientation: 'VERTICAL' | 'HORIZONTAL' | null;
  mediaHeight: 'SHORT' | 'MEDIUM' | 'TALL' | null;
  imageAlignment: 'LEFT' | 'RIGHT' | null;
  thumbnailUrl: string | null;
  extra: Record<string, JsonValue>;
}

export interface RichCardModel extends CardLayoutModel {
  title: string | null;
  description: string | null;
  media: string | null;
  mediaType: MediaType | null;
  buttons: ButtonModel[];
}

export interface EmailModel {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string | null;
  text: string | null;
  isHtml: boolean;
}

export interface RequestModel {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  dataFormat: 'text' | 'json' | 'form';
  headers: Record<string, string>;
  content: string | Record<string, JsonValue> | null;
  /** An attribute name, or a mapping (attribute → path in the response). */
  response: string | Record<string, JsonValue> | null;
  responseHeaders: string | Record<string, JsonValue> | null;
  retries: number;
  fallback: string | null;
  process: boolean;
  async: boolean;
  allowHtml: boolean;
}

export interface NoteModel {
  text: string;
  channelId: number | null;
  recipientPhone: string | null;
  executeOnError: string[];
  extra: Record<string, JsonValue>;
}

export interface RssModel {
  url: string;
  preferedLayout: 'list' | 'carousel';
}

export interface PopulateModel {
  from: string | null;
  attribute: string | null;
  allowInnerAttributes: boolean;
  extra: Record<string, JsonValue>;
}

export type WaitData = 'message' | 'text' | 'quick reply' | 'multi select' | 'number' | 'money' | 'distance' | 'coordinates' | 'datetime' | 'file';

export interface WaitModel {
  data: WaitData[];
  /** Attribute (human scope) that receives the content. */
  content: string;
  keywords: { name: string; attribute: string }[];
  executeOnError: string[];
  executeOnTimeout: string[];
  /** The timeout as written, or the default; and in milliseconds. */
  timeout: string;
  timeoutMs: number;
}

export interface DelayModel {
  milliseconds: number;
  executeOnTimeout: string[];
  timeout: string | null;
  timeoutMs: number | null;
}

export interface StartDialogModel {
  name: string | null;
  /** Set as sys:context while the dialog runs; null leaves it unchanged. */
  context: string | null;
  executeOnCancel: string[];
  executeOnBreakOut: string[];
}

export interface UpdateSettingsModel {
  botEnabled: boolean | null;
  conversationPriority: 'normal' | 'high' | null;
}

export type DataCaptureFieldType = 'text' | 'select' | 'checkbox' | 'radio' | 'date' | 'time' | 'datetime' | 'switch' | 'email' | 'phone';

export interface DataCaptureModel {
  fields: DataCaptureFieldModel[];
  displayMode: 'message' | 'popup';
  submitButton: string;
  executeOnSubmit: string | null;
  dismissButton: string | null;
  executeOnDismiss: string | null;
  populate: PopulateModel | null;
}

export interface DataCaptureFieldModel {
  type: DataCaptureFieldType;
  attribute: string;
  title: string | null;
  placeholder: string | null;
  required: boolean;
  options: string[];
  multi: boolean;
}
