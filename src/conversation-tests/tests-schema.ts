// The schema of a conversation tests file (docs/authoring.md): the tests, their seeds, HTTP fixtures, and each kind of step.
import { Type, type Static, type TSchema } from 'typebox';
import { CHANNEL_TYPE_NAMES } from '../channel-types.js';

const Text = Type.String();
const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], { expected: 'a text, a number, true/false or null' });
/** An expected or seeded attribute value: text, number or boolean; null for "absent"; objects and arrays stand for JSON. */
const AttributeValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.Unknown()), Type.Object({}, { additionalProperties: true })], {
  expected: 'a text, a number, true/false, null, a list or an object',
});
const Titles = Type.Array(Text);

export const HttpFixture = Type.Object({
  method: Type.Optional(Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  url: Type.String({ minLength: 1 }),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** Text is sent as is; anything else as JSON. */
  body: Type.Optional(Type.Unknown()),
  /** Instead of answering: the request times out, or the connection fails. */
  fail: Type.Optional(Type.Enum(['timeout', 'network'])),
}, { additionalProperties: false });
export type HttpFixture = Static<typeof HttpFixture>;

/** A knowledge base of the test's bot: its documents as Markdown text (docs/knowledge.md). */
export const KnowledgeFixture = Type.Object({
  name: Type.String({ minLength: 1 }),
  language: Type.Optional(Type.String()),
  documents: Type.Array(Type.Object({
    title: Type.String(),
    text: Type.String(),
    url: Type.Optional(Type.String()),
    citable: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type KnowledgeFixture = Static<typeof KnowledgeFixture>;

/** The model's replies, in order; `{ fail: true }` is a model that fails. Without it answers are extractive. */
export const ModelFixture = Type.Object({
  answers: Type.Array(Type.Union([Type.String(), Type.Object({ fail: Type.Literal(true) }, { additionalProperties: false })])),
}, { additionalProperties: false });
export type ModelFixture = Static<typeof ModelFixture>;

export const Human = Type.Object({
  firstName: Type.Optional(Text),
  lastName: Type.Optional(Text),
  phone: Type.Optional(Text),
  email: Type.Optional(Text),
  tags: Type.Optional(Type.Array(Text)),
}, { additionalProperties: false });

export const TestCase = Type.Object({
  name: Type.String({ minLength: 1 }),
  channel: Type.Optional(Type.Enum([...CHANNEL_TYPE_NAMES])),
  /** Runs the test once on each of these channel types (instead of `channel`), each run reported as "name (on type)". */
  channels: Type.Optional(Type.Array(Type.Enum([...CHANNEL_TYPE_NAMES]), { minItems: 1 })),
  human: Type.Optional(Human),
  attributes: Type.Optional(Type.Record(Type.String(), AttributeValue)),
  now: Type.Optional(Type.String({ minLength: 1 })),
  timeZone: Type.Optional(Type.String({ minLength: 1 })),
  http: Type.Optional(Type.Array(HttpFixture)),
  knowledge: Type.Optional(Type.Array(KnowledgeFixture)),
  model: Type.Optional(ModelFixture),
  steps: Type.Array(Type.Object({}, { additionalProperties: true }), { minItems: 1 }),
}, { additionalProperties: false });
export type TestCase = Static<typeof TestCase>;

export const TestsObject = Type.Object({
  http: Type.Optional(Type.Array(HttpFixture)),
  knowledge: Type.Optional(Type.Array(KnowledgeFixture)),
  tests: Type.Array(Type.Unknown(), { minItems: 1 }),
}, { additionalProperties: false });

const FormValues = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())], {
  expected: 'a text, a number, true/false or a list of texts',
}));

const UserObject = Type.Object({
  text: Type.Optional(Text),
  payload: Type.Optional(Text),
  location: Type.Optional(Type.Object({ latitude: Type.Number(), longitude: Type.Number() }, { additionalProperties: false })),
  /** Sends the pending form back with these values (web chat). */
  submit: Type.Optional(FormValues),
  /** Dismisses the pending form. */
  dismiss: Type.Optional(Type.Literal(true)),
}, { additionalProperties: false, minProperties: 1 });

const BotObject = Type.Object({
  text: Type.Optional(Type.Union([Text, Type.Null()], { expected: 'a text, or null for none' })),
  title: Type.Optional(Type.Union([Text, Type.Null()], { expected: 'a text, or null for none' })),
  media: Type.Optional(Type.Union([Text, Type.Null()], { expected: 'a text, or null for none' })),
  quickReplies: Type.Optional(Titles),
  buttons: Type.Optional(Titles),
  carousel: Type.Optional(Titles),
  form: Type.Optional(Titles),
  /** Titles of the sources an answer cites, as it shows them. */
  sources: Type.Optional(Titles),
}, { additionalProperties: false });

const EmailObject = Type.Object({
  to: Type.Optional(Type.Union([Text, Titles], { expected: 'an address or a list of addresses' })),
  subject: Type.Optional(Text),
  text: Type.Optional(Text),
}, { additionalProperties: false });

/** Each step is an object with exactly one of these keys; the value is checked by its schema (a text is allowed where noted). */
export const STEP_SCHEMAS = {
  user: { text: true, schema: UserObject },
  bot: { text: true, schema: BotObject },
  /** By channel type: what its provider receives for the next message (delivered.ts reads the values). */
  delivered: { text: false, schema: Type.Record(Type.String(), Type.Unknown()) },
  email: { text: false, schema: EmailObject },
  wait: { text: true, schema: null },
  attributes: { text: false, schema: Type.Record(Type.String(), AttributeValue) },
  silent: { text: false, schema: Type.Literal(true) },
  welcome: { text: false, schema: Type.Literal(true) },
} satisfies Record<string, { text: boolean; schema: TSchema | null }>;

export type StepKind = keyof typeof STEP_SCHEMAS;
export type UserInput = Static<typeof UserObject>;
export type BotExpectation = Static<typeof BotObject>;
export type EmailExpectation = Static<typeof EmailObject>;
export type AttributeExpectation = Static<typeof AttributeValue>;
export type HumanSeed = Static<typeof Human>;
