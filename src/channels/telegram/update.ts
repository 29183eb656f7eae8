// What Telegram posts to the webhook: one Update, read into the kinds this server acts on (private chats only).
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const Id = Type.Integer();
const Text = Type.String({ maxLength: 100_000 });
const Name = Type.String({ maxLength: 1000 });
const FileId = Type.String({ minLength: 1, maxLength: 1000 });

const User = Type.Object({
  id: Id, is_bot: Type.Optional(Type.Boolean()), first_name: Type.Optional(Name), last_name: Type.Optional(Name), username: Type.Optional(Name),
});
const Chat = Type.Object({ id: Id, type: Type.String({ maxLength: 32 }) });

const File = Type.Object({
  file_id: FileId, file_name: Type.Optional(Name), mime_type: Type.Optional(Type.String({ maxLength: 255 })), file_size: Type.Optional(Type.Integer({ minimum: 0 })),
});
const Location = Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) });
const Button = Type.Object({
  text: Type.String({ maxLength: 10_000 }), callback_data: Type.Optional(Type.String({ maxLength: 1000 })), url: Type.Optional(Type.String({ maxLength: 10_000 })),
});
const ReplyMarkup = Type.Object({ inline_keyboard: Type.Optional(Type.Array(Type.Array(Button, { maxItems: 100 }), { maxItems: 100 })) });

const Message = Type.Object({
  message_id: Id,
  from: Type.Optional(User),
  chat: Chat,
  date: Type.Optional(Type.Integer()),
  text: Type.Optional(Text),
  caption: Type.Optional(Text),
  photo: Type.Optional(Type.Array(File, { maxItems: 20 })),
  document: Type.Optional(File), video: Type.Optional(File), audio: Type.Optional(File), voice: Type.Optional(File),
  video_note: Type.Optional(File), animation: Type.Optional(File),
  sticker: Type.Optional(Type.Object({ file_id: FileId, emoji: Type.Optional(Type.String({ maxLength: 64 })) })),
  location: Type.Optional(Location),
  venue: Type.Optional(Type.Object({ location: Location, title: Type.Optional(Name), address: Type.Optional(Name) })),
  contact: Type.Optional(Type.Object({
    phone_number: Type.String({ maxLength: 64 }), first_name: Type.Optional(Name), last_name: Type.Optional(Name), user_id: Type.Optional(Id),
  })),
  reply_markup: Type.Optional(ReplyMarkup),
});

const CallbackQuery = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 256 }),
  from: User,
  // An inaccessible message (older than 48 hours) still names its chat.
  message: Type.Optional(Type.Object({ message_id: Id, chat: Chat, reply_markup: Type.Optional(ReplyMarkup) })),
  data: Type.Optional(Type.String({ maxLength: 1000 })),
});

const MemberUpdate = Type.Object({
  chat: Chat,
  from: User,
  new_chat_member: Type.Object({ status: Type.String({ maxLength: 32 }) }),
});

const checkId = Compile(Type.Object({ update_id: Id }));
const checkMessage = Compile(Message);
const checkCallback = Compile(CallbackQuery);
const checkMember = Compile(MemberUpdate);

export type TgMessage = Static<typeof Message>;
export type TgUser = Static<typeof User>;
export type TgCallbackQuery = Static<typeof CallbackQuery>;

export type TelegramUpdate =
  | { kind: 'message'; updateId: number; message: TgMessage; edited: boolean }
  | { kind: 'callback'; updateId: number; query: TgCallbackQuery }
  /** The person stopped the bot (blocked it: `kicked`) or started it again (`member`). */
  | { kind: 'membership'; updateId: number; chatId: number; subscribed: boolean }
  | { kind: 'ignored'; updateId: number; why: string };

/** The Update read; null when the body is not one (no update_id). */
export function readUpdate(body: unknown): TelegramUpdate | null {
  if (!checkId.Check(body)) return null;
  const updateId = body.update_id;
  const o = body as Record<string, unknown>;
  const ignored = (why: string): TelegramUpdate => ({ kind: 'ignored', updateId, why });
  for (const [field, edited] of [['message', false], ['edited_message', true]] as const) {
    if (o[field] === undefined) continue;
    const message = o[field];
    if (!checkMessage.Check(message)) return ignored(`a ${field} this server does not read`);
    if (message.chat.type !== 'private') return ignored(`a ${field} in a ${message.chat.type.slice(0, 32)} chat (only private chats are conversations)`);
    if (message.from?.is_bot === true) return ignored(`a ${field} from a bot`);
    return { kind: 'message', updateId, message, edited };
  }
  if (o.callback_query !== undefined) {
    const query = o.callback_query;
    if (!checkCallback.Check(query)) return ignored('a callback_query this server does not read');
    // Taps in private chats only; a query of an inline message (no message) has no chat to answer in.
    if (query.message === undefined || query.message.chat.type !== 'private') return ignored('a callback_query outside a private chat');
    return { kind: 'callback', updateId, query };
  }
  if (o.my_chat_member !== undefined) {
    const member = o.my_chat_member;
    if (!checkMember.Check(member) || member.chat.type !== 'private') return ignored('a my_chat_member outside a private chat');
    const status = member.new_chat_member.status;
    if (status !== 'kicked' && status !== 'member') return ignored(`the bot became "${status.slice(0, 32)}"`);
    return { kind: 'membership', updateId, chatId: member.chat.id, subscribed: status === 'member' };
  }
  const kinds = Object.keys(o).filter((k) => k !== 'update_id');
  return ignored(`an update of kind ${kinds.slice(0, 3).map((k) => `"${k.slice(0, 40)}"`).join(', ') || 'none'}`);
}
