// Recognizers for the condition `is` check: what kind of value a text holds.
import { DateTime } from 'luxon';
import { parseJson } from './json-value.js';
import type { ValueType } from './condition-model.js';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;
/** Deliberately simple: one @, no blanks, a dot in the domain; the mail server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS = /^\+?[\d\s().-]+$/;

export function isNumberText(text: string): boolean {
  return NUMBER.test(text.trim());
}

function isPhone(text: string): boolean {
  if (!PHONE_CHARS.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function jsonKind(text: string): 'array' | 'object' | 'other' | null {
  const parsed = parseJson(text);
  if (!parsed.ok) return null;
  if (Array.isArray(parsed.value)) return 'array';
  return typeof parsed.value === 'object' && parsed.value !== null ? 'object' : 'other';
}

export function hasValueType(text: string, type: ValueType): boolean {
  const value = text.trim();
  switch (type) {
    case 'number':
      return NUMBER.test(value);
    case 'integer':
      return INTEGER.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'email':
      return value.length <= 320 && EMAIL.test(value);
    case 'phone':
      return isPhone(value);
    case 'url':
      return isUrl(value);
    case 'json':
      return jsonKind(value) !== null;
    case 'array':
    case 'object':
      return jsonKind(value) === type;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid;
    case 'time':
      return /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) && DateTime.fromISO(value).isValid;
    case 'datetime':
      return value.includes('T') && DateTime.fromISO(value).isValid;
  }
}
