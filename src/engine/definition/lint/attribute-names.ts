// Checks that a field names an attribute a bot may write: a plain reference, and for sys only the writable ones.
import { parseReference } from '../../language/reference.js';
import { isSysAttribute, isWritableSysAttribute } from '../../language/sys-attributes.js';
import type { ProblemList } from '../problem.js';

/** Reports why name cannot receive a value; returns true when it can. */
export function checkWritableAttribute(name: string, pointer: string, problems: ProblemList): boolean {
  const ref = parseReference(name);
  if (ref === null || ref.kind !== 'attribute' || ref.path.length > 0 || ref.suffix !== null) {
    problems.add(pointer, `"${name}" is not an attribute name (letters, digits, "_" and "-", optionally after a scope such as "bot:").`);
    return false;
  }
  if (ref.scope === 'sys') {
    if (!isSysAttribute(ref.name)) {
      problems.add(pointer, `"${name}" is not a system attribute.`);
      return false;
    }
    if (!isWritableSysAttribute(ref.name)) {
      problems.add(pointer, `"${name}" is read-only; a bot can write only sys:firstName, sys:lastName, sys:phone, sys:email and sys:context.`);
      return false;
    }
  }
  return true;
}

/** Reports why text is not a readable attribute reference (paths and :size allowed). */
export function checkAttributeReference(text: string, pointer: string, problems: ProblemList): boolean {
  const ref = parseReference(text);
  if (ref === null) {
    problems.add(pointer, `"${text}" is not an attribute reference such as "name", "bot:count", "order.items[0].sku" or "list:size".`);
    return false;
  }
  if (ref.kind === 'attribute' && ref.scope === 'sys' && !isSysAttribute(ref.name)) {
    problems.add(pointer, `"${text}" is not a system attribute.`);
    return false;
  }
  return true;
}
