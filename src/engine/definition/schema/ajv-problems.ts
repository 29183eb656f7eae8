// Turning Ajv's errors into problems: a pointer and one plain sentence each, noise (if/then bookkeeping) dropped.
import type { ErrorObject } from 'ajv';
import type { DefinitionFormat } from '../format.js';
import { pointerJoin, type Problem } from '../problem.js';
import { nounAt, pointerSegments } from './nouns.js';

const TYPE_NOUNS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return TYPE_NOUNS[typeof value] ?? typeof value;
}

function listOf(items: readonly string[], last = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Ajv counts string length in code points; so do we, to quote the same number it compared. */
function codePoints(value: unknown): number {
  return typeof value === 'string' ? [...value].length : 0;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sentence predicate for a keyword failing on a value ("must be a string (got an integer)"). */
function predicate(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  const data: unknown = error.data;
  switch (error.keyword) {
    case 'type': {
      const types = Array.isArray(p.type) ? (p.type as string[]) : [String(p.type)];
      return `must be ${listOf(types.map((t) => TYPE_NOUNS[t] ?? t))} (got ${kindOf(data)})`;
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).filter((v) => v !== null).map((v) => show(v));
      return `must be one of ${listOf(allowed)} (got ${show(data)})`;
    }
    case 'const':
      return `must be ${show(p.allowedValue)}`;
    case 'maxLength':
      return `is ${plural(codePoints(data), 'character')} long; the limit is ${String(p.limit)}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${plural(Number(p.limit), 'character')} long`;
    case 'maxItems':
      return `has ${plural(Array.isArray(data) ? data.length : 0, 'item')}; the limit is ${String(p.limit)}`;
    case 'minItems':
      return p.limit === 1 ? 'must not be empty' : `has ${plural(Array.isArray(data) ? data.length : 0, 'item')}; at least ${String(p.limit)} are required`;
    case 'minimum':
      return `must be at least ${String(p.limit)} (got ${show(data)})`;
    case 'maximum':
      return `must be at most ${String(p.limit)} (got ${show(data)})`;
    case 'pattern':
      return `must match the pattern ${String(p.pattern)} (got ${show(data)})`;
    case 'format':
      return p.format === 'email-or-tag'
        ? `must be an e-mail address or a tag (got ${show(data)})`
        : `must be an absolute URI or a tag (got ${show(data)})`;
    default:
      return error.message ?? 'is invalid';
  }
}

function problemFor(error: ErrorObject, rootNoun: string): Problem | null {
  const segments = pointerSegments(error.instancePath);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return null; // the failing then/else branch reports the real problem
    case 'required':
      return { pointer: error.instancePath, message: `The ${nounAt(segments, rootNoun)} is missing the required field "${String(p.missingProperty)}".` };
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
      const allowed = Object.keys(parent?.properties ?? {});
      const hint = allowed.length > 0 ? `; allowed fields are ${listOf(allowed.map((a) => `"${a}"`), 'and')}` : '';
      return { pointer: pointerJoin(error.instancePath, extra), message: `The ${nounAt(segments, rootNoun)} has an unknown field "${extra}"${hint}.` };
    }
    case 'minProperties':
    case 'maxProperties':
      return { pointer: error.instancePath, message: 'An operator must have exactly one of "and", "or" and "not".' };
  }
  if (segments.length === 0) return { pointer: '', message: `The ${rootNoun} ${predicate(error)}.` };
  const last = segments[segments.length - 1]!;
  if (/^\d+$/.test(last) && segments.length >= 2) {
    const holder = nounAt(segments.slice(0, -2), rootNoun);
    return { pointer: error.instancePath, message: `Item ${last} of "${segments[segments.length - 2]!}" in the ${holder} ${predicate(error)}.` };
  }
  const owner = nounAt(segments.slice(0, -1), rootNoun);
  // "The data capture field's "type"" rather than "The data capture field field "type"".
  const subject = owner.endsWith(' field') ? `the ${owner}'s "${last}"` : `the ${owner} field "${last}"`;
  return { pointer: error.instancePath, message: `${capitalize(subject)} ${predicate(error)}.` };
}

export function ajvProblems(errors: readonly ErrorObject[], format: DefinitionFormat): Problem[] {
  const rootNoun = format === 'bot' ? 'bot definition' : 'experience definition';
  const problems: Problem[] = [];
  for (const error of errors) {
    const problem = problemFor(error, rootNoun);
    if (problem !== null) problems.push(problem);
  }
  return problems;
}
