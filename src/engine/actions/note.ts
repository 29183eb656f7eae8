// The note part of a send: a note for the account's staff, kept with the conversation and texted to a phone when asked.
import type { NoteModel } from '../definition/model.js';
import { renderTemplate } from '../language/render.js';
import type { OutboundNote } from '../outbound.js';
import type { RunContext } from '../run-context.js';

const PHONE = /^\+?[1-9]\d{6,14}$/;

export type NoteOutcome = { ok: true; note: OutboundNote } | { ok: false; reason: string };

/** A note that cannot be delivered as asked (a bad phone, a channel that cannot text) fails so executeOnError can run. */
export async function renderNote(model: NoteModel, run: RunContext): Promise<NoteOutcome> {
  const text = renderTemplate(model.text, run.language);
  const rawPhone = model.recipientPhone === null ? '' : renderTemplate(model.recipientPhone, run.language).replace(/[\s().-]/g, '');
  if (rawPhone === '') return { ok: true, note: { kind: 'note', text, channelId: model.channelId, recipientPhone: null } };
  if (!PHONE.test(rawPhone)) return { ok: false, reason: `"${rawPhone}" is not a phone number a note can be texted to` };
  if (model.channelId === null) return { ok: false, reason: 'a note texted to a phone needs the channelId of an SMS channel' };
  if (run.env.canTextThrough !== undefined && !(await run.env.canTextThrough(model.channelId))) {
    return { ok: false, reason: `channel ${model.channelId} is not an SMS channel of this account` };
  }
  return { ok: true, note: { kind: 'note', text, channelId: model.channelId, recipientPhone: rawPhone.startsWith('+') ? rawPhone : `+${rawPhone}` } };
}
