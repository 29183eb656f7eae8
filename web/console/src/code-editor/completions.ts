// What the code editor offers as the author types: the fields the schema allows where the cursor is, the values a field
// takes (targets, intents, attributes, fixed lists), and attribute names inside a tag `{…}` of a text.
import type { EditorState } from '@codemirror/state';
import { SYSTEM_INTENTS } from '../../../../src/engine/definition/limits.js';
import { TARGET_KEYS } from '../../../../src/engine/definition/targets-under.js';
import { targetNames } from '../builder/edit.js';
import { cursorPlace } from './cursor-place.js';
import { allowedAt, type Path } from './schema-walk.js';

/** The names a definition holds, read from its last text that parsed. */
export interface Names { targets: string[]; intents: string[]; attributes: string[] }

export interface Offer { label: string; detail: string; type: 'property' | 'variable' | 'enum' | 'function'; apply: string }

/** Fields whose value names an attribute. */
const ATTRIBUTE_KEYS = new Set(['attribute', 'attributePath', 'content', 'sourcesAttribute', 'response', 'responseHeaders']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every name in a definition a step may lead to, every intent name, and every attribute it writes or reads in a tag. */
export function namesOf(definition: unknown, systemAttributes: readonly string[]): Names {
  const intents = new Set<string>(SYSTEM_INTENTS);
  const attributes = new Set<string>();
  const walk = (value: unknown, key: string | null) => {
    if (typeof value === 'string') {
      if (key !== null && ATTRIBUTE_KEYS.has(key) && /^[\w:.]+$/.test(value)) attributes.add(value);
      for (const m of value.matchAll(/\{([a-zA-Z][\w:.]*)/g)) if (!m[1]!.startsWith('datetime:')) attributes.add(m[1]!);
      return;
    }
    if (Array.isArray(value)) { for (const v of value) walk(v, key); return; }
    if (!isObject(value)) return;
    // An intent object's name is an intent (interactions' and actions' names are the targets: targetNames).
    if (typeof value.name === 'string' && key === 'intents') intents.add(value.name);
    for (const [k, v] of Object.entries(value)) if (k !== 'name') walk(v, k);
  };
  walk(definition, null);
  for (const a of systemAttributes) attributes.add(a);
  return { targets: isObject(definition) ? targetNames(definition) : [], intents: [...intents], attributes: [...attributes] };
}

/**
 * Whether a `{` after `before` opens a tag inside a text: in JSON, within a string (an odd count of quotes before it);
 * in YAML, after some words of a value (at a value's start it opens a flow mapping).
 */
function inText(before: string, format: 'json' | 'yaml'): boolean {
  if (format === 'json') return (before.replace(/\\./g, '').match(/"/g) ?? []).length % 2 === 1;
  return /(:\s|^\s*-\s)\s*["']?\S/.test(before) || /["'][^"']*$/.test(before);
}

const keyString = (key: string | number | undefined) => (typeof key === 'string' ? key : undefined);

/** The offers at `pos`, with where the word they replace starts. */
export function offersAt(state: EditorState, pos: number, format: 'json' | 'yaml', names: Names): { from: number; offers: Offer[] } | null {
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  // Inside a tag of a text: attribute names.
  const tag = /\{([\w:.]*)$/.exec(before);
  if (tag !== null && inText(before.slice(0, tag.index), format)) {
    return { from: pos - tag[1]!.length, offers: names.attributes.map((a) => ({ label: a, detail: 'attribute', type: 'variable', apply: a })) };
  }
  const place = cursorPlace(state, pos, format);
  const quote = (text: string) => (format === 'json' && !place.quoted ? JSON.stringify(text) : text);
  if (place.position === 'key') {
    const allowed = allowedAt(place.path as Path);
    const offers: Offer[] = allowed.fields.map((f) => ({
      label: f.name, detail: f.detail, type: 'property',
      apply: format === 'json' ? (place.quoted ? f.name : `"${f.name}": `) : `${f.name}: `,
    }));
    // A YAML list item may be a plain value as well (an intent's name in `intents`).
    if (format === 'yaml' && /^\s*-\s/.test(before)) offers.push(...valueOffers(place.path, names, (t) => t));
    return offers.length === 0 ? null : { from: place.from, offers };
  }
  const offers = valueOffers(place.path, names, quote);
  return offers.length === 0 ? null : { from: place.from, offers };
}

function valueOffers(path: (string | number)[], names: Names, quote: (text: string) => string): Offer[] {
  // The field the value belongs to: the last name on the path (a list's items belong to the list's field).
  const field = keyString(path[path.length - 1]) ?? keyString(path[path.length - 2]);
  if (field === undefined) return [];
  if (TARGET_KEYS.has(field)) return names.targets.map((t) => ({ label: t, detail: 'interaction or action', type: 'function', apply: quote(t) }));
  if (field === 'intents') return names.intents.map((t) => ({ label: t, detail: t.startsWith('sys:') ? 'system intent' : 'intent', type: 'enum', apply: quote(t) }));
  if (ATTRIBUTE_KEYS.has(field)) return names.attributes.map((a) => ({ label: a, detail: 'attribute', type: 'variable', apply: quote(a) }));
  return allowedAt(path as Path).values.filter((v) => typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number')
    .map((v) => ({ label: String(v), detail: 'value', type: 'enum', apply: typeof v === 'string' ? quote(v) : String(v) }));
}
