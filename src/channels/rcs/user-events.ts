// What RBM's webhook carries: the Pub/Sub push envelope, and inside it a UserMessage or UserEvent, read into what the runtime takes.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { messageEvent, type MessageEvent } from '../../engine/index.js';

/** The one-time webhook verification request of the Business Communications console. */
const Handshake = Type.Object({ clientToken: Type.String(), secret: Type.String() });
const checkHandshake = Compile(Handshake);

/** Every other request: a Pub/Sub push message whose `data` is the base64 of the user message or event. */
const PushEnvelope = Type.Object({
  message: Type.Object({ data: Type.String({ maxLength: 2_000_000 }), messageId: Type.Optional(Type.String()), publishTime: Type.Optional(Type.String()) }),
  subscription: Type.Optional(Type.String()),
});
const checkEnvelope = Compile(PushEnvelope);

const Text = Type.String({ maxLength: 100_000 });
const UserPayload = Type.Object({
  senderPhoneNumber: Type.String({ pattern: '^\\+[1-9][0-9]{1,14}$' }),
  agentId: Type.Optional(Text),
  messageId: Type.Optional(Text),
  eventId: Type.Optional(Text),
  eventType: Type.Optional(Text),
  sendTime: Type.Optional(Text),
  text: Type.Optional(Text),
  suggestionResponse: Type.Optional(Type.Object({ postbackData: Type.Optional(Text), text: Type.Optional(Text), type: Type.Optional(Text) })),
  location: Type.Optional(Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) })),
  userFile: Type.Optional(Type.Object({
    payload: Type.Object({
      fileUri: Type.String({ maxLength: 4000 }),
      mimeType: Type.Optional(Text),
      fileName: Type.Optional(Text),
      // int64 in protobuf's JSON mapping: a number or a decimal string.
      fileSizeBytes: Type.Optional(Type.Union([Type.Number(), Type.String({ pattern: '^[0-9]{1,15}$' })])),
    }),
  })),
});
type UserPayload = Static<typeof UserPayload>;
const checkPayload = Compile(UserPayload);

export type RbmRequest =
  | { kind: 'handshake'; clientToken: string; secret: string }
  | { kind: 'push'; data: Buffer }
  | { kind: 'unknown' };

export function readRequest(body: unknown): RbmRequest {
  if (checkHandshake.Check(body)) return { kind: 'handshake', clientToken: body.clientToken, secret: body.secret };
  if (checkEnvelope.Check(body)) return { kind: 'push', data: Buffer.from(body.message.data, 'base64') };
  return { kind: 'unknown' };
}

export type UserUpdate =
  | { kind: 'message'; sender: string; agentId: string | null; messageId: string; event: MessageEvent; tappedAction: boolean }
  | { kind: 'status'; sender: string; agentId: string | null; messageId: string; status: 'delivered' | 'read' }
  /** The human unsubscribed (UNSUBSCRIBE) or subscribed again (SUBSCRIBE) in their messaging app. */
  | { kind: 'subscription'; sender: string; agentId: string | null; subscribed: boolean }
  /** Authentic but nothing for the runtime (typing, subscription and server events, kinds this server does not know). */
  | { kind: 'ignored'; sender: string | null; agentId: string | null; why: string };

function content(p: UserPayload): MessageEvent | null {
  if (p.text !== undefined) return messageEvent({ text: p.text });
  if (p.suggestionResponse !== undefined) {
    return messageEvent({ text: p.suggestionResponse.text ?? null, payload: p.suggestionResponse.postbackData || null });
  }
  if (p.location !== undefined) return messageEvent({ location: { latitude: p.location.latitude, longitude: p.location.longitude, label: null } });
  if (p.userFile !== undefined) {
    const f = p.userFile.payload;
    return messageEvent({ media: [{ url: f.fileUri, mimeType: f.mimeType ?? null, name: f.fileName ?? null, size: f.fileSizeBytes === undefined ? null : Number(f.fileSizeBytes) }] });
  }
  return null;
}

/** The decoded `data` of a signed push, read. */
export function readUserUpdate(data: Buffer): UserUpdate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return { kind: 'ignored', sender: null, agentId: null, why: 'the data is not JSON' };
  }
  if (!checkPayload.Check(parsed)) return { kind: 'ignored', sender: null, agentId: null, why: 'not a user message or user event this server reads' };
  const p = parsed;
  const base = { sender: p.senderPhoneNumber, agentId: p.agentId ?? null };
  if (p.eventType !== undefined) {
    if ((p.eventType === 'DELIVERED' || p.eventType === 'READ') && p.messageId) {
      return { kind: 'status', ...base, messageId: p.messageId, status: p.eventType === 'DELIVERED' ? 'delivered' : 'read' };
    }
    if (p.eventType === 'UNSUBSCRIBE' || p.eventType === 'SUBSCRIBE') return { kind: 'subscription', ...base, subscribed: p.eventType === 'SUBSCRIBE' };
    return { kind: 'ignored', ...base, why: `event ${p.eventType.slice(0, 40)}` };
  }
  const event = content(p);
  const id = p.messageId ?? p.eventId;
  if (event === null || id === undefined) return { kind: 'ignored', ...base, why: 'a user message without content or id' };
  return { kind: 'message', ...base, messageId: id, event, tappedAction: p.suggestionResponse?.type === 'ACTION' };
}
