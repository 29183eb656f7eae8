// What WhatsApp's webhook carries: changes per business account, each with messages, statuses or preferences, read into the kinds this server acts on.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const Id = Type.String({ minLength: 1, maxLength: 256 });
const Text = Type.String({ maxLength: 100_000 });
const Digits = Type.String({ pattern: '^[0-9]{1,20}$' });

const Envelope = Type.Object({
  object: Type.String({ maxLength: 64 }),
  entry: Type.Array(Type.Object({
    id: Type.Optional(Type.String({ maxLength: 64 })),
    changes: Type.Optional(Type.Array(Type.Object({ field: Type.String({ maxLength: 64 }), value: Type.Unknown() }), { maxItems: 1000 })),
  }), { maxItems: 1000 }),
});
const checkEnvelope = Compile(Envelope);

const Contact = Type.Object({
  profile: Type.Optional(Type.Object({ name: Type.Optional(Type.String({ maxLength: 512 })), username: Type.Optional(Type.String({ maxLength: 512 })) })),
  wa_id: Type.Optional(Digits),
  user_id: Type.Optional(Id),
});

const Value = Type.Object({
  metadata: Type.Object({ phone_number_id: Type.String({ pattern: '^[0-9]{1,30}$' }), display_phone_number: Type.Optional(Type.String({ maxLength: 64 })) }),
  contacts: Type.Optional(Type.Array(Contact, { maxItems: 1000 })),
  messages: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  statuses: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  user_preferences: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
});
const checkValue = Compile(Value);

const Media = Type.Object({
  id: Id, mime_type: Type.Optional(Type.String({ maxLength: 255 })), caption: Type.Optional(Text), filename: Type.Optional(Type.String({ maxLength: 1000 })),
});
const SharedContact = Type.Object({
  name: Type.Optional(Type.Object({ formatted_name: Type.Optional(Type.String({ maxLength: 1000 })) })),
  phones: Type.Optional(Type.Array(Type.Object({ phone: Type.Optional(Type.String({ maxLength: 100 })) }), { maxItems: 50 })),
  emails: Type.Optional(Type.Array(Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) }), { maxItems: 50 })),
});
const Message = Type.Object({
  id: Id,
  from: Type.Optional(Digits),
  from_user_id: Type.Optional(Id),
  type: Type.String({ maxLength: 64 }),
  text: Type.Optional(Type.Object({ body: Text })),
  image: Type.Optional(Media), video: Type.Optional(Media), audio: Type.Optional(Media), document: Type.Optional(Media), sticker: Type.Optional(Media),
  location: Type.Optional(Type.Object({
    latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }),
    name: Type.Optional(Type.String({ maxLength: 1000 })), address: Type.Optional(Type.String({ maxLength: 1000 })),
  })),
  contacts: Type.Optional(Type.Array(SharedContact, { maxItems: 50 })),
  interactive: Type.Optional(Type.Object({
    type: Type.String({ maxLength: 64 }),
    button_reply: Type.Optional(Type.Object({ id: Type.String({ maxLength: 1000 }), title: Type.String({ maxLength: 1000 }) })),
    list_reply: Type.Optional(Type.Object({ id: Type.String({ maxLength: 1000 }), title: Type.String({ maxLength: 1000 }) })),
  })),
  button: Type.Optional(Type.Object({ payload: Type.Optional(Type.String({ maxLength: 4000 })), text: Type.Optional(Type.String({ maxLength: 4000 })) })),
  reaction: Type.Optional(Type.Object({ message_id: Type.Optional(Id), emoji: Type.Optional(Type.String({ maxLength: 64 })) })),
});
const checkMessage = Compile(Message);

const Status = Type.Object({
  id: Id,
  status: Type.String({ maxLength: 32 }),
  recipient_id: Type.Optional(Type.String({ maxLength: 64 })),
  recipient_user_id: Type.Optional(Id),
  errors: Type.Optional(Type.Array(Type.Object({
    code: Type.Optional(Type.Integer()), title: Type.Optional(Type.String({ maxLength: 1000 })), message: Type.Optional(Type.String({ maxLength: 1000 })),
    error_data: Type.Optional(Type.Object({ details: Type.Optional(Type.String({ maxLength: 2000 })) })),
  }), { maxItems: 20 })),
});
const checkStatus = Compile(Status);

const Preference = Type.Object({
  wa_id: Type.Optional(Digits), user_id: Type.Optional(Id), category: Type.String({ maxLength: 64 }), value: Type.String({ maxLength: 32 }),
});
const checkPreference = Compile(Preference);

export type WaMessage = Static<typeof Message>;
export type WaMedia = Static<typeof Media>;

/** Who wrote: the business-scoped user id (BSUID) and, where WhatsApp shares it, the phone number (E.164). */
export interface Sender {
  userId: string | null;
  phone: string | null;
  name: string | null;
}

export type WhatsAppEvent =
  | { kind: 'message'; phoneNumberId: string; sender: Sender; message: WaMessage }
  | { kind: 'status'; phoneNumberId: string; id: string; status: 'delivered' | 'read' | 'failed'; reason: string | null }
  /** The person stopped (false) or resumed (true) marketing messages from the business. */
  | { kind: 'preference'; phoneNumberId: string; sender: Sender; subscribed: boolean }
  | { kind: 'ignored'; why: string };

export type WebhookBody = { kind: 'account'; events: WhatsAppEvent[] } | { kind: 'other'; object: string } | { kind: 'unknown' };

const phoneOf = (digits: string | undefined): string | null => (digits === undefined ? null : `+${digits}`);

function senderOf(contacts: Static<typeof Contact>[], from: string | undefined, userId: string | undefined): Sender {
  const contact = contacts.find((c) => (userId !== undefined && c.user_id === userId) || (from !== undefined && c.wa_id === from))
    ?? (contacts.length === 1 ? contacts[0] : undefined);
  return {
    userId: userId ?? contact?.user_id ?? null,
    phone: phoneOf(from ?? contact?.wa_id),
    name: contact?.profile?.name?.trim() || null,
  };
}

function statusEvent(phoneNumberId: string, raw: unknown): WhatsAppEvent {
  if (!checkStatus.Check(raw)) return { kind: 'ignored', why: 'a status this server does not read' };
  if (raw.status !== 'delivered' && raw.status !== 'read' && raw.status !== 'failed') return { kind: 'ignored', why: `a "${raw.status.slice(0, 32)}" status` };
  const error = raw.errors?.[0];
  const reason = error === undefined ? null
    : [error.code === undefined ? null : `WhatsApp error ${error.code}`, error.title ?? error.message ?? null, error.error_data?.details ?? null].filter((p) => p !== null).join(': ');
  return { kind: 'status', phoneNumberId, id: raw.id, status: raw.status, reason: reason === '' ? null : reason };
}

function changeEvents(field: string, value: unknown): WhatsAppEvent[] {
  if (field !== 'messages') return [{ kind: 'ignored', why: `a "${field.slice(0, 64)}" change` }];
  if (!checkValue.Check(value)) return [{ kind: 'ignored', why: 'a messages change this server does not read' }];
  const id = value.metadata.phone_number_id;
  const contacts = value.contacts ?? [];
  const events: WhatsAppEvent[] = [];
  for (const raw of value.messages ?? []) {
    if (!checkMessage.Check(raw)) {
      events.push({ kind: 'ignored', why: 'a message this server does not read' });
      continue;
    }
    if (raw.from === undefined && raw.from_user_id === undefined) {
      events.push({ kind: 'ignored', why: 'a message without a sender' });
      continue;
    }
    events.push({ kind: 'message', phoneNumberId: id, sender: senderOf(contacts, raw.from, raw.from_user_id), message: raw });
  }
  for (const raw of value.statuses ?? []) events.push(statusEvent(id, raw));
  for (const raw of value.user_preferences ?? []) {
    if (!checkPreference.Check(raw) || raw.category !== 'marketing_messages' || (raw.value !== 'stop' && raw.value !== 'resume')) {
      events.push({ kind: 'ignored', why: 'a preference this server does not act on' });
      continue;
    }
    events.push({ kind: 'preference', phoneNumberId: id, sender: senderOf(contacts, raw.wa_id, raw.user_id), subscribed: raw.value === 'resume' });
  }
  return events;
}

export function readWebhookBody(body: unknown): WebhookBody {
  if (!checkEnvelope.Check(body)) return { kind: 'unknown' };
  if (body.object !== 'whatsapp_business_account') return { kind: 'other', object: body.object };
  return { kind: 'account', events: body.entry.flatMap((entry) => (entry.changes ?? []).flatMap((c) => changeEvents(c.field, c.value))) };
}
