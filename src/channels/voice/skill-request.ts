// The custom-skill request body as the voice platform posts it (the fields this server reads), checked with a schema.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const Id = Type.String({ minLength: 1, maxLength: 1000 });
const Text = Type.String({ maxLength: 100_000 });

const Application = Type.Object({ applicationId: Id });
const User = Type.Object({ userId: Id });

const Slot = Type.Object({
  name: Type.Optional(Text),
  /** What the user said for the slot; absent when the slot was not filled. */
  value: Type.Optional(Text),
});

const Intent = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  slots: Type.Optional(Type.Record(Type.String(), Slot)),
});

const SkillRequestSchema = Type.Object({
  version: Type.String({ maxLength: 20 }),
  session: Type.Optional(Type.Object({
    new: Type.Boolean(),
    sessionId: Id,
    application: Type.Optional(Application),
    user: Type.Optional(User),
  })),
  context: Type.Object({
    System: Type.Object({
      application: Application,
      user: User,
      device: Type.Optional(Type.Object({ supportedInterfaces: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })),
    }),
  }),
  request: Type.Object({
    type: Type.String({ minLength: 1, maxLength: 200 }),
    requestId: Id,
    /** ISO 8601; the platform's clock when it sent the request. */
    timestamp: Type.String({ maxLength: 100 }),
    locale: Type.Optional(Type.String({ maxLength: 20 })),
    intent: Type.Optional(Intent),
    /** SessionEndedRequest: USER_INITIATED, ERROR or EXCEEDED_MAX_REPROMPTS. */
    reason: Type.Optional(Type.String({ maxLength: 200 })),
    error: Type.Optional(Type.Object({ type: Type.Optional(Text), message: Type.Optional(Text) })),
  }),
});

export type SkillRequest = Static<typeof SkillRequestSchema>;
export type SkillIntent = Static<typeof Intent>;

const check = Compile(SkillRequestSchema);

/** The parsed body, or null when it is not JSON or lacks what every request carries (context.System, request.type/requestId/timestamp). */
export function readSkillRequest(raw: Buffer): SkillRequest | null {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  return check.Check(body) ? body : null;
}
