// Checking one data-capture field's value by its type, from a submitted form or a typed answer.
import type { DataCaptureFieldModel } from '../definition/model.js';
import { normalizeText } from '../nlu/normalize.js';
import { parseDateTime } from './datetime.js';

export type FieldValue = { ok: true; value: string | null } | { ok: false; problem: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const TRUE = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE = new Set(['false', 'no', 'n', 'off', '0']);

function option(field: DataCaptureFieldModel, raw: string, numbered: boolean): string | null {
  const t = raw.trim();
  if (numbered && /^\d{1,2}$/.test(t)) return field.options[Number(t) - 1] ?? null;
  return field.options.find((o) => normalizeText(o) === normalizeText(t)) ?? null;
}

function label(field: DataCaptureFieldModel): string {
  return field.title ?? field.attribute;
}

/**
 * The value to store for a field, as text (several options as a JSON array, switches as
 * true/false, dates as ISO), or why it is not acceptable. An empty optional field stores nothing (null).
 */
export function checkField(field: DataCaptureFieldModel, raw: string | string[] | boolean | undefined, ctx: { numbered: boolean; now: Date; timeZone: string }): FieldValue {
  const empty = raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0);
  if (empty && field.type !== 'switch') return field.required ? { ok: false, problem: `${label(field)} is required.` } : { ok: true, value: null };
  const many = field.type === 'checkbox' || (field.type === 'select' && field.multi);
  if (many) {
    const parts = Array.isArray(raw) ? raw : String(raw).split(/\s*[,;]\s*/).filter(Boolean);
    const picked: string[] = [];
    for (const part of parts) {
      const o = option(field, String(part), ctx.numbered);
      if (o === null) return { ok: false, problem: `${label(field)}: "${part}" is not one of ${field.options.join(', ')}.` };
      if (!picked.includes(o)) picked.push(o);
    }
    return { ok: true, value: JSON.stringify(picked) };
  }
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'boolean' ? String(raw) : (raw ?? '').trim();
  switch (field.type) {
    case 'select':
    case 'radio': {
      const o = option(field, text, ctx.numbered);
      return o === null ? { ok: false, problem: `${label(field)}: choose one of ${field.options.join(', ')}.` } : { ok: true, value: o };
    }
    case 'switch': {
      const t = text.toLowerCase();
      if (t === '') return { ok: true, value: 'false' };
      if (TRUE.has(t)) return { ok: true, value: 'true' };
      if (FALSE.has(t)) return { ok: true, value: 'false' };
      return { ok: false, problem: `${label(field)}: answer yes or no.` };
    }
    case 'email':
      return EMAIL.test(text) ? { ok: true, value: text } : { ok: false, problem: `${label(field)}: "${text}" is not an e-mail address.` };
    case 'phone':
      return PHONE.test(text) && text.replace(/\D/g, '').length >= 7 ? { ok: true, value: text } : { ok: false, problem: `${label(field)}: "${text}" is not a phone number.` };
    case 'date':
    case 'time':
    case 'datetime': {
      const parsed = parseDateTime(text, ctx.now, ctx.timeZone);
      if (parsed === null) return { ok: false, problem: `${label(field)}: "${text}" is not a ${field.type === 'time' ? 'time' : 'date'}.` };
      return { ok: true, value: field.type === 'date' ? parsed.slice(0, 10) : field.type === 'time' ? parsed.slice(11, 16) : parsed };
    }
    case 'text':
    case 'checkbox':
      return { ok: true, value: text };
  }
}
