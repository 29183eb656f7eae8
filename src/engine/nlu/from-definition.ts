// Reads what recognition needs from a raw definition in the bot format (`interactions`) or the RCS experience format (`workflows`).
import { canonicalIntentName } from './special-intents.js';
import type { NluDefinition, NluExpression, NluIntent, NluInteraction, NluKeyword, NluSlot } from './types.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, key: string): string | null => (typeof o[key] === 'string' ? (o[key] as string) : null);
const list = (o: Obj, key: string): unknown[] => (Array.isArray(o[key]) ? (o[key] as unknown[]) : []);

function readSlot(raw: unknown): NluSlot | null {
  if (!isObj(raw)) return null;
  const name = str(raw, 'name');
  const type = str(raw, 'type');
  const value = str(raw, 'value');
  return name === null || type === null || value === null ? null : { name, type, value };
}

/** An expression written as a plain string or as an Expression object; null when unreadable. */
export function readExpression(raw: unknown): NluExpression | null {
  if (typeof raw === 'string') return raw.trim() === '' ? null : { text: raw, generate: true, slots: [], excludeContext: null };
  if (!isObj(raw)) return null;
  const text = str(raw, 'text');
  if (text === null || text.trim() === '') return null;
  return {
    text,
    generate: raw.generate !== false,
    slots: list(raw, 'slots')
      .map(readSlot)
      .filter((s): s is NluSlot => s !== null),
    excludeContext: str(raw, 'excludeContext'),
  };
}

const readExpressions = (raw: unknown[]): NluExpression[] => raw.map(readExpression).filter((e): e is NluExpression => e !== null);

function readKeyword(raw: unknown): NluKeyword | null {
  if (!isObj(raw)) return null;
  const name = str(raw, 'name');
  if (name === null) return null;
  const values = list(raw, 'values').flatMap((v) => {
    if (!isObj(v)) return [];
    const value = str(v, 'value');
    if (value === null) return [];
    return [{ value, expressions: list(v, 'expressions').filter((e): e is string => typeof e === 'string') }];
  });
  return { name, values };
}

function readIntent(raw: unknown, interaction: number): NluIntent | null {
  // A string names an intent: a special one, or one whose expressions another interaction gives.
  if (typeof raw === 'string') return raw === '' ? null : { name: canonicalIntentName(raw), interaction, excludeContext: null, expressions: [] };
  if (!isObj(raw)) return null;
  const name = str(raw, 'name');
  return {
    name: name === null ? null : canonicalIntentName(name),
    interaction,
    excludeContext: str(raw, 'excludeContext'),
    expressions: readExpressions(list(raw, 'expressions')),
  };
}

/** The recognizer's view of a raw definition; anything it cannot read is left out rather than thrown on (the linter reports it). */
export function nluDefinitionFrom(raw: unknown): NluDefinition {
  const root = isObj(raw) ? raw : {};
  const nodes = Array.isArray(root.interactions) ? root.interactions : list(root, 'workflows');
  const interactions: NluInteraction[] = [];
  const intents: NluIntent[] = [];
  nodes.forEach((node, index) => {
    const o = isObj(node) ? node : {};
    interactions.push({
      name: str(o, 'name'),
      keywords: list(o, 'keywords')
        .map(readKeyword)
        .filter((k): k is NluKeyword => k !== null),
      expressions: readExpressions(list(o, 'expressions')),
    });
    for (const intent of list(o, 'intents')) {
      const read = readIntent(intent, index);
      if (read !== null) intents.push(read);
    }
  });
  const language = str(root, 'language');
  return { language, interactions, intents };
}
