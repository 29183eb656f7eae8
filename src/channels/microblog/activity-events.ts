// What the Account Activity webhook carries for one subscribed account: DM events, typing and read events, the users they name.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const Id = Type.String({ pattern: '^[0-9]{1,20}$' });
const Millis = Type.String({ pattern: '^[0-9]{1,16}$' });
const Text = Type.String({ maxLength: 100_000 });
const Url = Type.String({ maxLength: 8000 });

/** Top level: whose activity it is, and arrays per kind of event (other kinds, tweets, follows, are not read here). */
const Envelope = Type.Object({
  for_user_id: Id,
  direct_message_events: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  direct_message_indicate_typing_events: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  direct_message_mark_read_events: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  users: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
const checkEnvelope = Compile(Envelope);

const UrlEntity = Type.Object({ url: Url, expanded_url: Type.Optional(Type.Union([Url, Type.Null()])) });
const Media = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 32 })),
  url: Type.Optional(Url),
  media_url_https: Type.Optional(Url),
  media_url: Type.Optional(Url),
  video_info: Type.Optional(Type.Object({
    variants: Type.Array(Type.Object({ content_type: Type.Optional(Type.String({ maxLength: 100 })), url: Url, bitrate: Type.Optional(Type.Number()) }), { maxItems: 50 }),
  })),
});
const MessageCreateEvent = Type.Object({
  type: Type.Literal('message_create'),
  id: Id,
  created_timestamp: Type.Optional(Millis),
  message_create: Type.Object({
    target: Type.Object({ recipient_id: Id }),
    sender_id: Id,
    source_app_id: Type.Optional(Type.String({ maxLength: 40 })),
    message_data: Type.Object({
      text: Type.Optional(Text),
      entities: Type.Optional(Type.Object({ urls: Type.Optional(Type.Array(UrlEntity, { maxItems: 1000 })) })),
      quick_reply_response: Type.Optional(Type.Object({ type: Type.Optional(Type.String({ maxLength: 32 })), metadata: Type.Optional(Type.String({ maxLength: 4000 })) })),
      attachment: Type.Optional(Type.Object({ type: Type.String({ maxLength: 32 }), media: Type.Optional(Media) })),
    }),
  }),
});
type MessageCreateEvent = Static<typeof MessageCreateEvent>;
const checkMessageCreate = Compile(MessageCreateEvent);

const MarkRead = Type.Object({
  created_timestamp: Type.Optional(Millis),
  sender_id: Id,
  target: Type.Object({ recipient_id: Id }),
  last_read_event_id: Id,
});
const checkMarkRead = Compile(MarkRead);

const Profile = Type.Object({ name: Type.Optional(Type.String({ maxLength: 500 })), screen_name: Type.Optional(Type.String({ maxLength: 100 })) });
const checkProfile = Compile(Profile);

export interface DmMedia {
  /** photo, video or animated_gif. */
  type: string;
  /** The file: the photo, or the best video variant. */
  url: string;
  mimeType: string | null;
  /** The t.co link of the media the network appends to the text. */
  link: string | null;
}

export type DmActivity =
  | {
    kind: 'message'; id: string; sender: string; recipient: string; createdAt: number | null;
    text: string; urls: { url: string; expanded: string | null }[]; metadata: string | null; media: DmMedia | null;
  }
  | { kind: 'read'; reader: string; other: string; lastReadEventId: string; createdAt: number | null }
  /** Authentic but nothing for the runtime: typing indicators, events of kinds this server does not read. */
  | { kind: 'ignored'; why: string };

export interface ActivityBody {
  /** The subscribed account the events are for. */
  forUserId: string;
  activities: DmActivity[];
  /** Display names of the users the events name, by id. */
  names: Map<string, string>;
}

function bestVideo(variants: NonNullable<Static<typeof Media>['video_info']>['variants']): { url: string; mimeType: string | null } | null {
  const mp4 = variants.filter((v) => v.content_type === 'video/mp4');
  const pick = (mp4.length > 0 ? mp4 : variants).reduce<(typeof variants)[number] | null>((best, v) => (best === null || (v.bitrate ?? 0) > (best.bitrate ?? 0) ? v : best), null);
  return pick === null ? null : { url: pick.url, mimeType: pick.content_type ?? null };
}

function mediaOf(media: Static<typeof Media> | undefined): DmMedia | null {
  if (media === undefined) return null;
  const type = media.type ?? 'photo';
  const video = type !== 'photo' && media.video_info !== undefined ? bestVideo(media.video_info.variants) : null;
  const url = video?.url ?? media.media_url_https ?? media.media_url;
  if (url === undefined) return null;
  return { type, url, mimeType: video?.mimeType ?? null, link: media.url ?? null };
}

function messageOf(e: MessageCreateEvent): DmActivity {
  const { message_create: m } = e;
  const data = m.message_data;
  const attachment = data.attachment?.type === 'media' ? mediaOf(data.attachment.media) : null;
  return {
    kind: 'message', id: e.id, sender: m.sender_id, recipient: m.target.recipient_id,
    createdAt: e.created_timestamp === undefined ? null : Number(e.created_timestamp),
    text: data.text ?? '',
    urls: (data.entities?.urls ?? []).map((u) => ({ url: u.url, expanded: u.expanded_url ?? null })),
    metadata: data.quick_reply_response?.metadata ?? null,
    media: attachment,
  };
}

export function readDmEvent(raw: unknown): DmActivity {
  if (checkMessageCreate.Check(raw)) return messageOf(raw);
  const type = (raw as { type?: unknown } | null)?.type;
  return { kind: 'ignored', why: typeof type === 'string' ? `a DM event of type ${type.slice(0, 40)} this server does not read` : 'not a DM event' };
}

export function readMarkRead(raw: unknown): DmActivity {
  if (!checkMarkRead.Check(raw)) return { kind: 'ignored', why: 'a read event this server does not read' };
  return {
    kind: 'read', reader: raw.sender_id, other: raw.target.recipient_id, lastReadEventId: raw.last_read_event_id,
    createdAt: raw.created_timestamp === undefined ? null : Number(raw.created_timestamp),
  };
}

function namesOf(users: Record<string, unknown> | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const [id, user] of Object.entries(users ?? {})) {
    if (!checkProfile.Check(user)) continue;
    const name = user.name?.trim() || user.screen_name?.trim();
    if (name) names.set(id, name);
  }
  return names;
}

/** null: not an Account Activity payload (no for_user_id, or arrays of the wrong shape). */
export function readActivityBody(body: unknown): ActivityBody | null {
  if (!checkEnvelope.Check(body)) return null;
  const typing = (body.direct_message_indicate_typing_events ?? []).map((): DmActivity => ({ kind: 'ignored', why: 'a typing indicator' }));
  return {
    forUserId: body.for_user_id,
    activities: [
      ...(body.direct_message_events ?? []).map(readDmEvent),
      ...(body.direct_message_mark_read_events ?? []).map(readMarkRead),
      ...typing,
    ],
    names: namesOf(body.users),
  };
}
