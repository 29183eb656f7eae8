// An outbound message as its channel's provider gets it (the API's channelView), reduced to what a person reads: texts, options, a note.

export interface ViewLines { texts: string[]; chips: string[]; note: string }

type Loose = Record<string, unknown> | undefined;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const list = (v: unknown): Loose[] => (Array.isArray(v) ? v as Loose[] : []);
const obj = (v: unknown): Loose => (typeof v === 'object' && v !== null ? v as Record<string, unknown> : undefined);

/** Null when the view is of a kind this console does not know (it then shows the message as the bot wrote it). */
export function viewLines(view: unknown): ViewLines | null {
  const v = obj(view);
  switch (v?.kind) {
    case 'sms':
      return { texts: [String(v.text ?? '')], chips: [], note: `${String(v.segments)} SMS segment${v.segments === 1 ? '' : 's'} · ${String(v.encoding)}` };
    case 'messenger': {
      const messages = list(v.messages);
      const payload = (m: Loose) => obj(obj(obj(m?.attachment)?.payload));
      return {
        texts: messages.map((m) => str(m?.text) ?? str(payload(m)?.text) ?? (obj(m?.attachment) ? `[${String(obj(m?.attachment)?.type)}]` : null)).filter((t): t is string => t !== null),
        chips: messages.flatMap((m) => [...list(payload(m)?.buttons), ...list(m?.quick_replies)].map((b) => str(b?.title)).filter((t): t is string => t !== null)),
        note: `Messenger · ${messages.length} message${messages.length === 1 ? '' : 's'}`,
      };
    }
    case 'rcs': {
      const contents = list(v.messages).map((m) => obj(m?.contentMessage));
      return {
        texts: contents.map((c) => str(c?.text) ?? (c?.richCard ? '[rich card]' : c?.contentInfo ? '[file]' : null)).filter((t): t is string => t !== null),
        chips: contents.flatMap((c) => list(c?.suggestions).map((s) => str(obj(s?.reply)?.text) ?? str(obj(s?.action)?.text)).filter((t): t is string => t !== null)),
        note: 'RCS',
      };
    }
    case 'dm': {
      const messages = list(v.messages);
      return {
        texts: messages.map((m) => str(m?.text)).filter((t): t is string => t !== null),
        chips: messages.flatMap((m) => list(obj(m?.quick_reply)?.options).map((o) => str(o?.label)).filter((t): t is string => t !== null)),
        note: 'Direct message',
      };
    }
    case 'telegram': {
      const calls = list(v.calls).map((c) => ({ method: str(c?.method) ?? '', params: obj(c?.params) }));
      const file = (method: string) => ({ sendPhoto: '[photo]', sendVideo: '[video]', sendAudio: '[audio]', sendDocument: '[document]' } as Record<string, string>)[method] ?? null;
      return {
        texts: calls.map((c) => str(c.params?.text) ?? str(c.params?.caption) ?? file(c.method) ?? `[${c.method}]`),
        chips: calls.flatMap((c) => list(obj(c.params?.reply_markup)?.inline_keyboard).flatMap((row) => list(row)).map((b) => str(b?.text)).filter((t): t is string => t !== null)),
        note: `Telegram · ${calls.length} message${calls.length === 1 ? '' : 's'}`,
      };
    }
    case 'voice': {
      const speech = obj(v.speech);
      return { texts: [str(speech?.text) ?? str(speech?.ssml) ?? ''], chips: [], note: 'Spoken' };
    }
    default:
      return null;
  }
}
