// multipleValues: turning one computed value into an array, an object, XML or delimited text.
import type { MultipleValuesSettings, ValueFormat } from './assignment-model.js';
import { jsonToText, parseJson, type JsonValue } from './json-value.js';

/** A JSON array's items, or the text split on the delimiter (trimmed, blanks dropped). */
export function splitValues(text: string, delimiter: string): string[] {
  const parsed = parseJson(text);
  if (parsed.ok && Array.isArray(parsed.value)) return parsed.value.map((item) => jsonToText(item));
  const parts = delimiter === '' ? [text] : text.split(delimiter);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]!};`);
}

/** XML element names: letters, digits, `_`, `-`, `.`; anything else falls back to the default. */
function elementName(name: string | null, fallback: string): string {
  return name !== null && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) ? name : fallback;
}

function toXml(values: readonly string[], settings: MultipleValuesSettings): string {
  const root = elementName(settings.rootElement, 'values');
  const item = elementName(settings.valueElement, 'value');
  const declaration = settings.xmlOptions.declaration === 'true'
    ? `<?xml version="1.0" encoding="${escapeXml(settings.xmlOptions.encoding ?? 'UTF-8')}"?>`
    : '';
  return `${declaration}<${root}>${values.map((v) => `<${item}>${escapeXml(v)}</${item}>`).join('')}</${root}>`;
}

function toJson(values: readonly string[], mode: 'array' | 'object', settings: MultipleValuesSettings): string {
  let shaped: JsonValue;
  if (mode === 'array') {
    const element = settings.valueElement;
    shaped = element === null ? [...values] : values.map((v) => ({ [element]: v }));
  } else {
    shaped = { [settings.valueElement ?? 'value']: [...values] };
  }
  if (settings.rootElement !== null) shaped = { [settings.rootElement]: shaped };
  return JSON.stringify(shaped);
}

/**
 * Combines the values a computed text holds. Each value gets the prefix and suffix; a lone value
 * stays plain text when singleValueStandalone is on.
 */
export function combineValues(text: string, mode: 'array' | 'object', settings: MultipleValuesSettings, format: ValueFormat | null): string {
  const values = splitValues(text, settings.delimiter).map((v) => `${settings.prefix}${v}${settings.suffix}`);
  if (values.length === 1 && settings.singleValueStandalone) return values[0]!;
  if (format === 'xml') return toXml(values, settings);
  if (format === 'text') return values.join(settings.delimiter);
  return toJson(values, mode, settings);
}
