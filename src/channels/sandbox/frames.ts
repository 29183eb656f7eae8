// The frames the sandbox page may send over its WebSocket, as schemas: anything else is answered with an error frame.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { frameReader } from '../shared/socket-frames.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ClientId = Type.String({ minLength: 1, maxLength: 100 });
const MAX_TEXT = 4096;

export const HelloFrame = Type.Object({ type: Type.Literal('hello'), token: Type.String({ minLength: 1, maxLength: 4000 }) });
/** Shows the phone of a human on a channel; the first time, the bot greets (a welcome event). */
export const OpenFrame = Type.Object({ type: Type.Literal('open'), channelId: Id, humanId: Id });
export const CloseFrame = Type.Object({ type: Type.Literal('close'), conversationId: Id });
export const TextFrame = Type.Object({ type: Type.Literal('text'), conversationId: Id, id: ClientId, text: Type.String({ minLength: 1, maxLength: MAX_TEXT }) });
/**
 * A tap: `reply` a chip, quick reply or option (a message with its payload), `postback` a messenger template button,
 * `action` an RCS suggested action (a link, a call, a place, an event), which reaches the bot only when it is one of its choices.
 */
export const TapFrame = Type.Object({
  type: Type.Literal('tap'), conversationId: Id, id: ClientId,
  source: Type.Union([Type.Literal('reply'), Type.Literal('postback'), Type.Literal('action')]),
  title: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  payload: Type.Union([Type.String({ maxLength: 4000 }), Type.Null()]),
});
export const LocationFrame = Type.Object({
  type: Type.Literal('location'), conversationId: Id, id: ClientId, latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }),
});

export type HelloFrame = Static<typeof HelloFrame>;
export type TapFrame = Static<typeof TapFrame>;
export type PhoneFrame = Static<typeof TextFrame> | TapFrame | Static<typeof LocationFrame>;
export type ClientFrame = HelloFrame | Static<typeof OpenFrame> | Static<typeof CloseFrame> | PhoneFrame;

/** The frame, or why it is refused. */
export const readFrame = frameReader<ClientFrame>({
  hello: Compile(HelloFrame), open: Compile(OpenFrame), close: Compile(CloseFrame), text: Compile(TextFrame), tap: Compile(TapFrame), location: Compile(LocationFrame),
}, 'the sandbox');
