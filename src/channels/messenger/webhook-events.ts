// What the platform's page webhook carries: entries per page, each with messaging events, read into the few kinds this server acts on.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const Id = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Integer({ minimum: 0 })]);
/** Times are milliseconds since the epoch; newer payloads write them as strings. */
const Millis = Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,16}$' })]);
const Text = Type.String({ maxLength: 100_000 });

const Envelope = Type.Object({
  object: Type.String({ maxLength: 64 }),
  entry: Type.Array(Type.Object({ id: Id, time: Type.Optional(Millis), messaging: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })) }), { maxItems: 1000 }),
});
const checkEnvelope = Compile(Envelope);

const Event = Type.Object({
  sender: Type.Object({ id: Type.Optional(Id) }),
  recipient: Type.Optional(Type.Object({ id: Type.Optional(Id) })),
  timestamp: Type.Optional(Millis),
});
const checkEvent = Compile(Event);

const Attachment = Type.Object({
  type: Type.String({ maxLength: 32 }),
  title: Type.Optional(Text),
  payload: Type.Optional(Type.Union([Type.Null(), Type.Object({
    url: Type.Optional(Type.String({ maxLength: 8000 })),
    title: Type.Optional(Text),
    // A sticker's id: a number in the platform's JSON (a string is read too).
    sticker_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })])),
    coordinates: Type.Optional(Type.Object({ lat: Type.Number({ minimum: -90, maximum: 90 }), long: Type.Number({ minimum: -180, maximum: 180 }) })),
  })])),
});
const Message = Type.Object({
  mid: Type.String({ minLength: 1, maxLength: 1000 }),
  is_echo: Type.Optional(Type.Boolean()),
  text: Type.Optional(Text),
  quick_reply: Type.Optional(Type.Object({ payload: Type.String({ maxLength: 4000 }) })),
  attachments: Type.Optional(Type.Array(Attachment, { maxItems: 100 })),
});
const checkMessage = Compile(Message);
const Postback = Type.Object({ mid: Type.Optional(Type.String({ maxLength: 1000 })), title: Type.Optional(Text), payload: Type.Optional(Type.String({ maxLength: 4000 })) });
const checkPostback = Compile(Postback);
const Delivery = Type.Object({ mids: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000 })), watermark: Millis });
const checkDelivery = Compile(Delivery);
const Read = Type.Object({ watermark: Millis });
const checkRead = Compile(Read);

export interface WebhookAttachment {
  type: string;
  url: string | null;
  title: string | null;
  coordinates: { latitude: number; longitude: number } | null;
  /** The sticker's id for a sticker (type "sticker", or an older "image" carrying one). */
  stickerId: string | null;
}

export type MessagingEvent =
  | { kind: 'message'; sender: string; mid: string; text: string | null; quickReplyPayload: string | null; attachments: WebhookAttachment[] }
  | { kind: 'postback'; sender: string; mid: string | null; timestamp: number | null; title: string | null; payload: string | null }
  | { kind: 'delivery'; sender: string; mids: string[]; watermark: number }
  | { kind: 'read'; sender: string; watermark: number }
  /** Authentic but nothing for the runtime: echoes of the page's own messages, reactions, referrals, opt-ins, kinds this server does not know. */
  | { kind: 'ignored'; why: string };

export interface WebhookEntry {
  pageId: string;
  events: MessagingEvent[];
}

export type WebhookBody = { kind: 'page'; entries: WebhookEntry[] } | { kind: 'other'; object: string } | { kind: 'unknown' };

function millis(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function attachmentOf(a: Static<typeof Attachment>): WebhookAttachment {
  const p = a.payload ?? null;
  const c = p?.coordinates;
  return {
    type: a.type,
    url: p?.url ?? null,
    title: a.title ?? p?.title ?? null,
    coordinates: c === undefined ? null : { latitude: c.lat, longitude: c.long },
    stickerId: p?.sticker_id === undefined ? null : String(p.sticker_id),
  };
}

export function readEvent(raw: unknown): MessagingEvent {
  if (!checkEvent.Check(raw)) return { kind: 'ignored', why: 'not a messaging event' };
  const sender = raw.sender.id === undefined ? null : String(raw.sender.id);
  const e = raw as Record<string, unknown>;
  // Events from people this server cannot answer by id (a chat plugin's user_ref) are none of the runtime's.
  if (sender === null) return { kind: 'ignored', why: 'no sender id' };
  if (e.message !== undefined) {
    if (!checkMessage.Check(e.message)) return { kind: 'ignored', why: 'a message this server does not read' };
    const m = e.message;
    if (m.is_echo === true) return { kind: 'ignored', why: 'an echo of the page\'s own message' };
    return {
      kind: 'message', sender, mid: m.mid, text: m.text ?? null, quickReplyPayload: m.quick_reply?.payload ?? null,
      attachments: (m.attachments ?? []).map(attachmentOf),
    };
  }
  if (e.postback !== undefined) {
    if (!checkPostback.Check(e.postback)) return { kind: 'ignored', why: 'a postback this server does not read' };
    const p = e.postback;
    return { kind: 'postback', sender, mid: p.mid ?? null, timestamp: millis(raw.timestamp), title: p.title ?? null, payload: p.payload ?? null };
  }
  if (e.delivery !== undefined) {
    if (!checkDelivery.Check(e.delivery)) return { kind: 'ignored', why: 'a delivery receipt this server does not read' };
    return { kind: 'delivery', sender, mids: e.delivery.mids ?? [], watermark: millis(e.delivery.watermark)! };
  }
  if (e.read !== undefined) {
    if (!checkRead.Check(e.read)) return { kind: 'ignored', why: 'a read receipt this server does not read' };
    return { kind: 'read', sender, watermark: millis(e.read.watermark)! };
  }
  const kind = Object.keys(e).find((k) => !['sender', 'recipient', 'timestamp'].includes(k)) ?? 'empty';
  return { kind: 'ignored', why: `a ${kind.slice(0, 40)} event` };
}

export function readWebhookBody(body: unknown): WebhookBody {
  if (!checkEnvelope.Check(body)) return { kind: 'unknown' };
  if (body.object !== 'page') return { kind: 'other', object: body.object };
  return { kind: 'page', entries: body.entry.map((entry) => ({ pageId: String(entry.id), events: (entry.messaging ?? []).map(readEvent) })) };
}
