// Rules on tags inside text: functions and datetime attributes must exist, get the right number of arguments, and parse.
import { isDateTimeName } from '../../language/datetime-attributes.js';
import { functionSpec } from '../../language/functions/registry.js';
import type { TemplateNode } from '../../language/template.js';
import { compileTemplate } from '../../language/render.js';
import { isSysAttribute } from '../../language/sys-attributes.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import type { LintVisitor } from './walk.js';

function checkNodes(nodes: readonly TemplateNode[], pointer: string, problems: ProblemList): void {
  for (const node of nodes) {
    if (node.kind === 'call') {
      const spec = functionSpec(node.name);
      if (spec === undefined) problems.add(pointer, `sys:function:${node.name} is not a predefined function.`);
      else if (!spec.arity.includes(node.args.length)) {
        problems.add(pointer, `sys:function:${node.name} takes ${spec.arity.join(' or ')} argument(s), not ${node.args.length}.`);
      }
      for (const arg of node.args) checkNodes(arg, pointer, problems);
    } else if (node.kind === 'datetime') {
      if (!isDateTimeName(node.name)) problems.add(pointer, `datetime:${node.name} is not a date and time attribute.`);
      if (node.format !== null) checkNodes(node.format, pointer, problems);
    } else if (node.kind === 'attribute' && node.ref.scope === 'sys' && !isSysAttribute(node.ref.name)) {
      problems.add(pointer, `sys:${node.ref.name} is not a system attribute.`);
    }
  }
}

/** Tags an author clearly meant, by how they start; when one fails to parse it is sent literally, which is never intended. */
const INTENDED_TAGS = [
  { kind: 'call', start: /\{\s*sys:function:/g, noun: 'sys:function:' },
  { kind: 'datetime', start: /\{\s*datetime:/g, noun: 'datetime:' },
] as const;

/** Occurrences of a tag start not escaped by an odd run of backslashes. */
function unescapedStarts(text: string, start: RegExp): number {
  let count = 0;
  for (const match of text.matchAll(start)) {
    let slashes = 0;
    for (let i = match.index - 1; i >= 0 && text.charCodeAt(i) === 92; i--) slashes++;
    if (slashes % 2 === 0) count++;
  }
  return count;
}

function countNodes(nodes: readonly TemplateNode[], kind: 'call' | 'datetime'): number {
  let count = 0;
  for (const node of nodes) {
    if (node.kind === kind) count++;
    if (node.kind === 'call') for (const arg of node.args) count += countNodes(arg, kind);
    if (node.kind === 'datetime' && node.format !== null) count += countNodes(node.format, kind);
  }
  return count;
}

/** A `{sys:function:` or `{datetime:` that did not become a tag (unbalanced brackets, a missing `)` or `}`). */
function checkBrokenTags(text: string, nodes: readonly TemplateNode[], pointer: string, problems: ProblemList): void {
  for (const tag of INTENDED_TAGS) {
    if (unescapedStarts(text, tag.start) > countNodes(nodes, tag.kind)) {
      problems.add(pointer, `A "{${tag.noun}" here does not form a complete tag (check its parentheses, brackets, quotes and closing "}"), so it would be sent as literal text; write "\\{" for a literal brace.`);
    }
  }
}

function scan(value: unknown, pointer: string, problems: ProblemList): void {
  if (typeof value === 'string') {
    if (value.includes('{')) {
      const { nodes } = compileTemplate(value);
      checkNodes(nodes, pointer, problems);
      checkBrokenTags(value, nodes, pointer, problems);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => scan(item, pointerJoin(pointer, i), problems));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      // Regular expressions use braces as quantifiers ({3}); they are not templates.
      if (key !== 'replace') scan(item, pointerJoin(pointer, key), problems);
    }
  }
}

/** Every string under an action may hold tags; mistakes in them are reported at that string. */
export function tagRules(problems: ProblemList): LintVisitor {
  return {
    action(node, pointer) {
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'conditions' && key !== 'validation') scan(value, pointerJoin(pointer, key), problems);
      }
    },
    condition(node, pointer) {
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'and' && key !== 'or' && key !== 'not' && key !== 'matches') scan(value, pointerJoin(pointer, key), problems);
      }
    },
  };
}
