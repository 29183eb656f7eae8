// An outbound item as the outbox stores it (messages.content of an `out` message): version 1 names no version.
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { OutboundItem } from '../outbound.js';
import { implicitlyVersioned } from './stored-format.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Strings = Type.Array(Type.String());

/** What delivery and the channels read of each kind; the rendered parts (buttons, cards, forms) are the channels' to read. */
const ItemV1 = Compile(Type.Union([
  Type.Object({
    kind: Type.Literal('message'), text: Nullable(Type.String()), title: Nullable(Type.String()), media: Nullable(Type.String()),
    buttons: Type.Array(Type.Object({})), quickReplies: Type.Array(Type.Object({})), carousel: Type.Array(Type.Object({})),
  }),
  Type.Object({ kind: Type.Literal('email'), to: Strings, cc: Strings, bcc: Strings, subject: Type.String(), text: Type.String(), isHtml: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('note'), text: Type.String(), channelId: Nullable(Type.Integer()), recipientPhone: Nullable(Type.String()) }),
]));

export const outboundItemFormat = implicitlyVersioned<OutboundItem>('outbound item', (doc) => ItemV1.Check(doc));
