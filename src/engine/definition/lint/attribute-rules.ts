// Rules on assignAttributes and updateAttribute: every attribute gets a value, paths need embedding, regexes compile.
import { VALUE_FORMATS } from '../../language/assignment-model.js';
import { parsePath } from '../../language/json-path.js';
import { userRegexError } from '../../language/user-regex.js';
import { arrayAt, isObject, stringAt, stringListWithPointers, type RawObject } from '../json-read.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import { checkWritableAttribute } from './attribute-names.js';
import type { LintVisitor } from './walk.js';

/** An item's own setting when it has the field (even null), else the action's default. */
function setting(item: RawObject, action: RawObject, key: string): { value: unknown; pointer: 'item' | 'action' } | undefined {
  if (Object.hasOwn(item, key)) return { value: item[key], pointer: 'item' };
  if (Object.hasOwn(action, key)) return { value: action[key], pointer: 'action' };
  return undefined;
}

function checkRegex(pattern: unknown, pointer: string, problems: ProblemList): void {
  if (typeof pattern !== 'string') return;
  const error = userRegexError(pattern);
  if (error !== null) problems.add(pointer, `"${pattern}" is not a valid RE2 regular expression: ${error}.`);
}

function checkFormat(format: unknown, pointer: string, problems: ProblemList): void {
  if (typeof format === 'string' && !(VALUE_FORMATS as readonly string[]).includes(format)) {
    problems.add(pointer, `format must be one of ${VALUE_FORMATS.join(', ')} (got "${format}").`);
  }
}

export function attributeRules(problems: ProblemList): LintVisitor {
  return {
    assignAttributes(node, pointer) {
      checkRegex(node.replace, pointerJoin(pointer, 'replace'), problems);
      checkFormat(node.format, pointerJoin(pointer, 'format'), problems);
      if (typeof node.takeNextPath === 'string' && parsePath(node.takeNextPath) === null) {
        problems.add(pointerJoin(pointer, 'takeNextPath'), `"${node.takeNextPath}" is not a JSON path.`);
      }
      arrayAt(node, 'attributes')?.forEach((item, i) => {
        if (!isObject(item)) return;
        const at = pointerJoin(pointer, 'attributes', i);
        checkRegex(item.replace, pointerJoin(at, 'replace'), problems);
        checkFormat(item.format, pointerJoin(at, 'format'), problems);
        if (typeof item.takeNextPath === 'string' && parsePath(item.takeNextPath) === null) {
          problems.add(pointerJoin(at, 'takeNextPath'), `"${item.takeNextPath}" is not a JSON path.`);
        }
        const removing = setting(item, node, 'remove')?.value === true;
        if (!removing && setting(item, node, 'value') === undefined) {
          problems.add(at, 'This attribute gets no value: give "value" here or on the assignAttributes action (null removes the attribute).');
        }
        const path = stringAt(item, 'attributePath');
        if (path !== undefined && path.includes('.') && setting(item, node, 'embeddingMode')?.value !== true) {
          problems.add(pointerJoin(at, 'attributePath'), `"${path}" is a path into an attribute's JSON, which needs embeddingMode true.`);
        }
        if (path !== undefined && (path.endsWith('.') || path.includes('..'))) {
          problems.add(pointerJoin(at, 'attributePath'), `"${path}" has an empty path segment.`);
        }
      });
    },
    updateAttribute(node, pointer) {
      for (const item of stringListWithPointers(node.attribute, pointerJoin(pointer, 'attribute'))) {
        checkWritableAttribute(item.value, item.pointer, problems);
      }
      checkRegex(node.replace, pointerJoin(pointer, 'replace'), problems);
    },
  };
}
