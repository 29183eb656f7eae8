// Rules on tags inside text: functions and datetime attributes must exist and get the right number of arguments.
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

function scan(value: unknown, pointer: string, problems: ProblemList): void {
  if (typeof value === 'string') {
    if (value.includes('{')) checkNodes(compileTemplate(value).nodes, pointer, problems);
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
