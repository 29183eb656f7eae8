// The conversation state as stored (conversations.state): version 1 is the shape written since the runtime first stored it.
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { initialState, type ConversationState } from '../state.js';
import { StoredFormat, StoredFormatError, type StoredDocument } from './stored-format.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Strings = Type.Array(Type.String());

const Frame = Type.Object({ interaction: Type.Integer(), next: Type.Integer(), only: Type.Boolean(), entered: Type.Boolean() });
const Choice = Type.Object({ title: Nullable(Type.String()), payload: Nullable(Type.String()), execute: Nullable(Type.String()) });
const Suspension = Type.Union([
  Type.Object({ kind: Type.Literal('wait'), token: Type.String(), interaction: Type.Integer(), action: Type.Integer(), deadline: Type.String() }),
  Type.Object({
    kind: Type.Literal('form'), token: Type.String(), interaction: Type.Integer(), action: Type.Integer(), field: Nullable(Type.Integer()),
    values: Type.Record(Type.String(), Type.String()),
  }),
  Type.Object({ kind: Type.Literal('hold'), token: Type.String(), until: Type.String(), executeOnTimeout: Strings }),
]);
const DialogFrame = Type.Object({
  name: Nullable(Type.String()), previousContext: Nullable(Type.String()), executeOnCancel: Strings, executeOnBreakOut: Strings,
  restart: Type.Array(Frame),
});
const OpenForm = Type.Object({ token: Type.String(), interaction: Type.Integer(), action: Type.Integer() });

/**
 * Version 1 as the code reads it. Fields added to version 1 after it was first stored (postbacks, lastText, lastPayload,
 * a dialog's context and revision, a form's revision) are optional, as they always were; unknown fields are kept.
 */
const StateV1 = Compile(Type.Object({
  version: Type.Literal(1),
  revision: Nullable(Type.Integer()),
  context: Nullable(Type.String()),
  frames: Type.Array(Frame),
  suspended: Nullable(Suspension),
  dialogs: Type.Array(DialogFrame),
  choices: Type.Array(Choice),
  openForms: Type.Array(OpenForm),
  started: Type.Boolean(),
  botEnabled: Type.Boolean(),
  priority: Type.Union([Type.Literal('normal'), Type.Literal('high')]),
}));

export const CONVERSATION_STATE = 'conversation state';

export const conversationStateFormat = new StoredFormat<ConversationState>({
  name: CONVERSATION_STATE,
  current: 1,
  versionOf: (doc) => doc.version,
  stamp: (doc, version): StoredDocument => ({ ...doc, version }),
  // Each step says what changed; a release that changes the state's shape adds one here and raises `current`.
  migrations: [],
  check: (doc) => StateV1.Check(doc),
});

/**
 * Reads a conversation's stored state. No text yet (a conversation created before its first run) is the initial state;
 * anything this release cannot read throws a StoredFormatError: the caller parks the conversation, never starts it afresh.
 */
export function parseState(text: string | null | undefined): ConversationState {
  if (text === null || text === undefined || text === '') return initialState();
  return conversationStateFormat.parse(text);
}

/** The state, or null when this release cannot read it: for readers that only look (the conversation is parked by its next run). */
export function readableState(text: string | null | undefined): ConversationState | null {
  try {
    return parseState(text);
  } catch (err) {
    if (err instanceof StoredFormatError) return null;
    throw err;
  }
}
