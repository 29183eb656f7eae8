// The frames a web-chat widget may send, as schemas: anything else is answered with an error frame, never trusted.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const ClientId = Type.String({ minLength: 1, maxLength: 100 });
const MAX_TEXT = 4096;

export const HelloFrame = Type.Object({ type: Type.Literal('hello'), visitor: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]) });
export const TextFrame = Type.Object({ type: Type.Literal('message'), id: ClientId, text: Type.String({ minLength: 1, maxLength: MAX_TEXT }) });
export const PostbackFrame = Type.Object({
  type: Type.Literal('postback'), id: ClientId, payload: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]), title: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
});
export const LocationFrame = Type.Object({ type: Type.Literal('location'), id: ClientId, latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) });
const FieldValue = Type.Union([Type.String({ maxLength: MAX_TEXT }), Type.Boolean(), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 })]);
export const FormFrame = Type.Object({
  type: Type.Literal('form'), id: ClientId, token: Type.String({ maxLength: 100 }), action: Type.Union([Type.Literal('submit'), Type.Literal('dismiss')]),
  values: Type.Record(Type.String({ maxLength: 200 }), FieldValue),
});

export const ClientFrame = Type.Union([HelloFrame, TextFrame, PostbackFrame, LocationFrame, FormFrame]);
export type ClientFrame = Static<typeof ClientFrame>;

/** One checker per frame type, so a refusal names what is wrong with that type (a union's error would speak of its first member). */
const checks = {
  hello: Compile(HelloFrame), message: Compile(TextFrame), postback: Compile(PostbackFrame), location: Compile(LocationFrame), form: Compile(FormFrame),
};
const TYPES = Object.keys(checks) as (keyof typeof checks)[];

/** The frame, or why it is refused. */
export function readFrame(raw: string): { ok: true; frame: ClientFrame } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'A frame must be a JSON object.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'A frame must be a JSON object.' };
  const type = (value as { type?: unknown }).type;
  const name = TYPES.find((t) => t === type);
  if (name === undefined) return { ok: false, error: `The frame is not one the protocol knows: /type must be one of ${TYPES.join(', ')}.` };
  const check = checks[name];
  if (check.Check(value)) return { ok: true, frame: value as ClientFrame };
  const first = [...check.Errors(value)][0];
  return { ok: false, error: `The frame is not one the protocol knows${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}.` };
}
