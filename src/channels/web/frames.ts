// The frames a web-chat widget may send, as schemas: anything else is answered with an error frame, never trusted.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { frameReader } from '../shared/socket-frames.js';

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

/** The frame, or why it is refused. */
export const readFrame = frameReader<ClientFrame>({
  hello: Compile(HelloFrame), message: Compile(TextFrame), postback: Compile(PostbackFrame), location: Compile(LocationFrame), form: Compile(FormFrame),
}, 'the protocol');
