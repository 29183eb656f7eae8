// assignAttributes / updateAttribute: computing the writes, purely, from an attribute snapshot.
import type { AssignmentIssue, AssignmentResult, AttributeAssignment, AttributeWrite } from './assignment-model.js';
import type { LanguageContext } from './context.js';
import { evaluateExpression } from './functions/evaluate.js';
import { getAt, removeAt, setAt } from './json-path.js';
import { jsonToText, parseJson, textToJson, type JsonValue } from './json-value.js';
import { combineValues } from './multiple-values.js';
import { OverlayContext } from './overlay.js';
import { indexAttributeName, type AttributeRef } from './reference.js';
import { renderJsonStrings, renderTemplate } from './render.js';
import { rawAttribute } from './resolve.js';
import { isWritableSysAttribute } from './sys-attributes.js';
import { compileUserRegex } from './user-regex.js';

type Step = { writes: AttributeWrite[] } | { issue: string };

/**
 * Computes the writes of one action's assignments, in order; each sees the writes before it.
 * The order of operations for one attribute: remove → process (tags) → takeNext → evaluate →
 * multipleValues → replace → embed at the path.
 */
export function computeAssignments(assignments: readonly AttributeAssignment[], ctx: LanguageContext): AssignmentResult {
  const overlay = new OverlayContext(ctx);
  const writes: AttributeWrite[] = [];
  const issues: AssignmentIssue[] = [];
  assignments.forEach((assignment, index) => {
    const step = computeOne(assignment, overlay.context);
    if ('issue' in step) {
      issues.push({ index, message: step.issue });
      return;
    }
    for (const write of step.writes) {
      overlay.apply(write);
      writes.push(write);
    }
  });
  return { writes, issues };
}

function targetRef(a: AttributeAssignment, name = a.target.name): AttributeRef {
  return { kind: 'attribute', scope: a.target.scope, name, path: [], suffix: null };
}

function set(a: AttributeAssignment, value: string, name = a.target.name): AttributeWrite {
  return { kind: 'set', scope: a.target.scope, name, value };
}

function remove(a: AttributeAssignment, name = a.target.name): AttributeWrite {
  return { kind: 'remove', scope: a.target.scope, name };
}

function computeOne(a: AttributeAssignment, ctx: LanguageContext): Step {
  const { scope, name } = a.target;
  if (scope === 'sys' && !isWritableSysAttribute(name)) return { issue: `sys:${name} cannot be written by a bot.` };
  if (a.remove || a.value === null) return removal(a, ctx);
  if (a.value === undefined) return { issue: `No value to assign to ${name}.` };

  let text = a.process
    ? (typeof a.value === 'string' ? renderTemplate(a.value, ctx) : JSON.stringify(renderJsonStrings(a.value, ctx)))
    : (typeof a.value === 'string' ? a.value : JSON.stringify(a.value));

  const writes: AttributeWrite[] = [];
  if (a.takeNext) {
    const taken = takeNext(a, text, ctx);
    if (taken.item === undefined) return { writes: [remove(a), remove(a, indexAttributeName(name))] };
    text = taken.item;
    writes.push(set(a, String(taken.index), indexAttributeName(name)));
  }
  if (a.evaluate) text = evaluateExpression(text, ctx) ?? '';
  if (a.multipleValues !== null) text = combineValues(text, a.multipleValues, a.multipleValuesSettings, a.format);
  if (a.replace !== null) {
    const regex = compileUserRegex(a.replace, 'gu');
    if (regex === null) return { issue: `The replace pattern of ${name} is not a valid RE2 regular expression.` };
    const current = a.target.path.length > 0 ? embeddedText(a, ctx) : rawAttribute(targetRef(a), ctx);
    text = (current ?? '').replace(regex, text);
  }
  if (a.target.path.length > 0) {
    const embedded = embed(a, text, ctx);
    if (embedded === undefined) return { issue: `${name} does not hold JSON that the path can be built into.` };
    text = embedded;
  }
  writes.unshift(set(a, text));
  return { writes };
}

/** Removing: the whole attribute (and its `:index`), or in embedding mode only the field at the path. */
function removal(a: AttributeAssignment, ctx: LanguageContext): Step {
  if (a.target.path.length === 0) {
    const writes = [remove(a)];
    if (a.target.scope !== 'sys') writes.push(remove(a, indexAttributeName(a.target.name)));
    return { writes };
  }
  const current = parseJson(rawAttribute(targetRef(a), ctx) ?? '');
  if (!current.ok) return { writes: [] };
  const result = removeAt(current.value, a.target.path);
  return { writes: result === undefined ? [] : [set(a, JSON.stringify(result))] };
}

/**
 * The next element of the JSON array (at takeNextPath inside the value, if given) after the one
 * `:index` remembers. Past the end, or when there is no array, nothing is taken and the caller
 * clears the attribute and its index so the next takeNext starts over.
 */
function takeNext(a: AttributeAssignment, text: string, ctx: LanguageContext): { item?: string; index: number } {
  const parsed = parseJson(text);
  const list = parsed.ok ? (a.takeNextPath === null ? parsed.value : getAt(parsed.value, a.takeNextPath)) : undefined;
  const last = Number.parseInt(rawAttribute(targetRef(a, indexAttributeName(a.target.name)), ctx) ?? '', 10);
  const index = Number.isInteger(last) && last >= 0 ? last + 1 : 0;
  if (!Array.isArray(list) || index >= list.length) return { index };
  return { item: jsonToText(list[index]!), index };
}

function currentJson(a: AttributeAssignment, ctx: LanguageContext): JsonValue | undefined {
  const raw = rawAttribute(targetRef(a), ctx);
  if (raw === undefined || raw.trim() === '') return null;
  const parsed = parseJson(raw);
  return parsed.ok ? parsed.value : undefined;
}

function embeddedText(a: AttributeAssignment, ctx: LanguageContext): string | undefined {
  const root = currentJson(a, ctx);
  if (root === undefined || root === null) return undefined;
  const node = getAt(root, a.target.path);
  return node === undefined ? undefined : jsonToText(node);
}

/** The attribute's JSON with the text placed at the path: as JSON when it is JSON, else as a string. */
function embed(a: AttributeAssignment, text: string, ctx: LanguageContext): string | undefined {
  const root = currentJson(a, ctx);
  if (root === undefined) return undefined;
  const result = setAt(root, a.target.path, textToJson(text));
  return result === undefined ? undefined : JSON.stringify(result);
}
