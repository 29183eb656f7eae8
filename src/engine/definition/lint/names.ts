// Names of interactions, workflows and actions: collected into one namespace, unique, and never `sys:`.
import type { DefinitionFormat } from '../format.js';
import { arrayAt, isObject, stringAt, type RawObject } from '../json-read.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import { interactionsKey } from './walk.js';

export type NameKind = 'interaction' | 'action';

export interface NamedItem {
  kind: NameKind;
  pointer: string;
}

/**
 * Every name in the definition. Interactions and actions share one namespace because execute and
 * goto name either without saying which.
 */
export function collectNames(root: RawObject, format: DefinitionFormat, problems?: ProblemList): Map<string, NamedItem> {
  const names = new Map<string, NamedItem>();
  const noun = format === 'bot' ? 'interaction' : 'workflow';
  const add = (node: RawObject, pointer: string, kind: NameKind): void => {
    const name = stringAt(node, 'name');
    if (name === undefined) return;
    const at = pointerJoin(pointer, 'name');
    if (name.trim() === '') problems?.add(at, `${kind === 'action' ? 'An action' : `A ${noun}`} name must not be blank.`);
    else if (name.startsWith('sys:')) problems?.add(at, `The name "${name}" starts with the reserved prefix "sys:".`);
    const earlier = names.get(name);
    if (earlier !== undefined) {
      problems?.add(at, `The name "${name}" is already used at ${earlier.pointer}; interaction, workflow and action names must be unique.`);
      return;
    }
    names.set(name, { kind, pointer: at });
  };
  arrayAt(root, interactionsKey(format))?.forEach((interaction, i) => {
    if (!isObject(interaction)) return;
    const pointer = pointerJoin('', interactionsKey(format), i);
    add(interaction, pointer, 'interaction');
    arrayAt(interaction, 'actions')?.forEach((action, j) => {
      if (isObject(action)) add(action, pointerJoin(pointer, 'actions', j), 'action');
    });
  });
  return names;
}
