// The Bot API's rules on the sending methods' parameters, as core.telegram.org/bots/api states them: what the fake answers 400 to.

type Json = Record<string, unknown>;

/** The description Telegram answers a 400 with. */
export class BadRequest extends Error {
  constructor(readonly description: string) {
    super(description);
  }
}

export const MEDIA_FIELDS: Record<string, string> = { sendPhoto: 'photo', sendVideo: 'video', sendAudio: 'audio', sendDocument: 'document' };
export const CHAT_ACTIONS = ['typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice', 'upload_document', 'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note'];

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Entities are counted in UTF-16 code units and must lie inside the text. */
function entitiesProblem(entities: unknown, text: string): void {
  if (entities === undefined) return;
  if (!Array.isArray(entities)) throw new BadRequest('Bad Request: can\'t parse entities JSON object');
  for (const e of entities) {
    if (!isObject(e) || typeof e.type !== 'string' || !Number.isInteger(e.offset) || !Number.isInteger(e.length)) throw new BadRequest('Bad Request: can\'t parse MessageEntity JSON object');
    const offset = e.offset as number;
    const length = e.length as number;
    if (offset < 0 || length <= 0 || offset + length > text.length) throw new BadRequest('Bad Request: entity beginning is out of bounds');
  }
}

/** An inline keyboard: rows of buttons, each with a text and exactly one of callback_data (1-64 bytes) or an http(s)/tg URL. */
function keyboardProblem(markup: unknown): void {
  if (markup === undefined) return;
  if (!isObject(markup)) throw new BadRequest('Bad Request: can\'t parse reply keyboard markup JSON object');
  const rows = markup.inline_keyboard;
  if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r))) throw new BadRequest('Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays');
  for (const row of rows as unknown[][]) {
    for (const b of row) {
      if (!isObject(b) || typeof b.text !== 'string' || b.text.trim() === '') throw new BadRequest('Bad Request: can\'t parse inline keyboard button: Text buttons are unallowed in the inline keyboard');
      if (typeof b.callback_data === 'string') {
        const bytes = Buffer.byteLength(b.callback_data);
        if (bytes < 1 || bytes > 64) throw new BadRequest('Bad Request: BUTTON_DATA_INVALID');
      } else if (typeof b.url === 'string') {
        if (!/^(?:https?|tg):\/\/\S+$/i.test(b.url)) throw new BadRequest('Bad Request: BUTTON_URL_INVALID');
      } else {
        throw new BadRequest('Bad Request: can\'t parse inline keyboard button: Text buttons are unallowed in the inline keyboard');
      }
    }
  }
}

/** Checks a sending call's own parameters (the chat aside); `knownFile` says whether a file_id names a file the bot may send. */
export function checkSend(method: string, p: Json, knownFile: (id: string) => boolean): void {
  keyboardProblem(p.reply_markup);
  if (method === 'sendMessage') {
    if (typeof p.text !== 'string' || p.text.trim() === '') throw new BadRequest('Bad Request: message text is empty');
    if (p.text.length > 4096) throw new BadRequest('Bad Request: message is too long');
    entitiesProblem(p.entities, p.text);
    return;
  }
  const field = MEDIA_FIELDS[method];
  if (field !== undefined) {
    const file = p[field];
    if (typeof file !== 'string' || file === '') throw new BadRequest(`Bad Request: there is no ${field} in the request`);
    if (!/^https?:\/\/\S+$/i.test(file) && !knownFile(file)) throw new BadRequest('Bad Request: wrong file identifier/HTTP URL specified');
    if (p.caption !== undefined) {
      if (typeof p.caption !== 'string') throw new BadRequest('Bad Request: can\'t parse caption');
      if (p.caption.length > 1024) throw new BadRequest('Bad Request: message caption is too long');
      entitiesProblem(p.caption_entities, p.caption);
    }
    return;
  }
  if (method === 'sendLocation') {
    if (typeof p.latitude !== 'number' || typeof p.longitude !== 'number') throw new BadRequest('Bad Request: wrong latitude or longitude');
    return;
  }
  throw new BadRequest(`Bad Request: the fake does not model ${method}`);
}
