// References to interactions/workflows/actions (execute, goto, fallbacks, buttons …) must resolve, here or in included bots.
import { detectFormat, type DefinitionFormat } from '../format.js';
import { arrayAt, isObject, stringAt, stringListWithPointers, type RawObject } from '../json-read.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import { collectNames, type NamedItem } from './names.js';
import type { LintVisitor } from './walk.js';

/** Gives the stored definition of another bot of the same account by name; undefined when there is none. */
export type IncludeResolver = (botName: string) => unknown;

/** Bots named by `include` anywhere in a definition (bot format only), in order, without repeats. */
export function includedBotNames(input: unknown): string[] {
  if (!isObject(input) || detectFormat(input) !== 'bot') return [];
  const out = new Set<string>();
  for (const interaction of arrayAt(input, 'interactions') ?? []) {
    if (!isObject(interaction)) continue;
    for (const item of stringListWithPointers(interaction.include, '')) out.add(item.value);
  }
  return [...out];
}

/** What a bot gets from the bots it includes: their interaction/action names and their keyword names. */
export interface IncludedScope {
  names: Set<string>;
  keywords: Set<string>;
}

function addKeywords(definition: RawObject, format: DefinitionFormat, into: Set<string>): void {
  for (const interaction of arrayAt(definition, format === 'bot' ? 'interactions' : 'workflows') ?? []) {
    if (!isObject(interaction)) continue;
    for (const keyword of arrayAt(interaction, 'keywords') ?? []) {
      const name = isObject(keyword) ? stringAt(keyword, 'name') : undefined;
      if (name !== undefined) into.add(name);
    }
  }
}

/**
 * Names and keywords available through includes, followed transitively; include problems reported
 * on the way. Null when the definition includes bots but there is no resolver to read them.
 */
export function includedScope(root: RawObject, format: DefinitionFormat, resolve: IncludeResolver | undefined, problems: ProblemList): IncludedScope | null {
  const scope: IncludedScope = { names: new Set(), keywords: new Set() };
  if (format !== 'bot') return scope;
  const own = stringAt(root, 'name');
  let unresolved = false;
  const visited = new Set<string>(own === undefined ? [] : [own]);
  const queue: unknown[] = [];
  arrayAt(root, 'interactions')?.forEach((interaction, i) => {
    if (!isObject(interaction)) return;
    for (const item of stringListWithPointers(interaction.include, pointerJoin('', 'interactions', i, 'include'))) {
      if (item.value === own) {
        problems.add(item.pointer, `A bot cannot include itself ("${item.value}").`);
        continue;
      }
      if (resolve === undefined) {
        unresolved = true;
        continue;
      }
      if (visited.has(item.value)) continue;
      visited.add(item.value);
      const definition = resolve(item.value);
      if (definition === undefined) problems.add(item.pointer, `There is no bot named "${item.value}" to include.`);
      else queue.push(definition);
    }
  });
  // Included bots may include others: their names are reachable too.
  while (queue.length > 0) {
    const definition = queue.shift();
    if (!isObject(definition)) continue;
    const included = detectFormat(definition);
    if (included === null) continue;
    for (const name of collectNames(definition, included).keys()) scope.names.add(name);
    addKeywords(definition, included, scope.keywords);
    for (const next of includedBotNames(definition)) {
      if (visited.has(next) || resolve === undefined) continue;
      visited.add(next);
      const found = resolve(next);
      if (found !== undefined) queue.push(found);
    }
  }
  return unresolved ? null : scope;
}

/**
 * A visitor checking every target. Without a resolver, a definition that includes other bots
 * cannot know their names, so unknown targets are then let through.
 */
export function targetRule(root: RawObject, format: DefinitionFormat, names: Map<string, NamedItem>, included: IncludedScope | null, problems: ProblemList): LintVisitor {
  const check = (name: string, pointer: string): void => {
    if (name.trim() === '') {
      problems.add(pointer, 'A target name must not be empty.');
      return;
    }
    if (names.has(name) || included === null || included.names.has(name)) return;
    const where = format === 'bot' ? 'an interaction or action of this bot or of a bot it includes' : 'a workflow or action of this experience';
    problems.add(pointer, `"${name}" does not name ${where}.`);
  };
  const welcome = stringAt(root, 'welcomeMessageExecute');
  if (format === 'experience' && welcome !== undefined) {
    const found = names.get(welcome);
    if (found?.kind !== 'interaction') problems.add('/welcomeMessageExecute', `welcomeMessageExecute "${welcome}" does not name a workflow of this experience.`);
  }
  return {
    target(value, pointer) {
      for (const item of stringListWithPointers(value, pointer)) check(item.value, item.pointer);
    },
  };
}
