// Rules on interactions/workflows: system intents exist, keywords are not `sys:`, `keyword:` slots find theirs here or in an included bot.
import type { DefinitionFormat } from '../format.js';
import { arrayAt, isObject, stringAt, type RawObject } from '../json-read.js';
import { SYSTEM_INTENTS } from '../limits.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import type { IncludedScope } from './targets.js';
import { interactionsKey, type LintVisitor } from './walk.js';

const KEYWORD_SLOT = 'keyword:';

/** Keyword names declared anywhere in the definition; slots may use any of them. */
function keywordNames(root: RawObject, format: DefinitionFormat): Set<string> {
  const names = new Set<string>();
  for (const interaction of arrayAt(root, interactionsKey(format)) ?? []) {
    if (!isObject(interaction)) continue;
    for (const keyword of arrayAt(interaction, 'keywords') ?? []) {
      const name = isObject(keyword) ? stringAt(keyword, 'name') : undefined;
      if (name !== undefined) names.add(name);
    }
  }
  return names;
}

/** Slots may name keywords of this definition or of a bot it includes (the runtime merges them). */
export function interactionRules(root: RawObject, format: DefinitionFormat, included: IncludedScope | null, problems: ProblemList): LintVisitor {
  const keywords = keywordNames(root, format);
  const known = (keyword: string): boolean => keywords.has(keyword) || included === null || included.keywords.has(keyword);
  const checkIntentName = (name: string, pointer: string): void => {
    if (name.startsWith('sys:') && !(SYSTEM_INTENTS as readonly string[]).includes(name)) {
      problems.add(pointer, `"${name}" is not a system intent; the system intents are ${SYSTEM_INTENTS.join(', ')}.`);
    }
  };
  const checkExpressions = (list: unknown[] | undefined, pointer: string): void => {
    list?.forEach((expression, i) => {
      if (!isObject(expression)) return;
      arrayAt(expression, 'slots')?.forEach((slot, j) => {
        const type = isObject(slot) ? stringAt(slot, 'type') : undefined;
        if (type === undefined || !type.startsWith(KEYWORD_SLOT)) return;
        const keyword = type.slice(KEYWORD_SLOT.length);
        if (!known(keyword)) {
          problems.add(pointerJoin(pointer, i, 'slots', j, 'type'), `Slot type "${type}" names keyword "${keyword}", which neither this definition nor a bot it includes declares.`);
        }
      });
    });
  };
  return {
    interaction(node, pointer) {
      arrayAt(node, 'intents')?.forEach((intent, i) => {
        const at = pointerJoin(pointer, 'intents', i);
        if (typeof intent === 'string') checkIntentName(intent, at);
        else if (isObject(intent)) {
          const name = stringAt(intent, 'name');
          if (name !== undefined) checkIntentName(name, pointerJoin(at, 'name'));
          checkExpressions(arrayAt(intent, 'expressions'), pointerJoin(at, 'expressions'));
        }
      });
      checkExpressions(arrayAt(node, 'expressions'), pointerJoin(pointer, 'expressions'));
      arrayAt(node, 'keywords')?.forEach((keyword, i) => {
        const name = isObject(keyword) ? stringAt(keyword, 'name') : undefined;
        if (name?.startsWith('sys:')) problems.add(pointerJoin(pointer, 'keywords', i, 'name'), `The keyword name "${name}" starts with the reserved prefix "sys:".`);
      });
    },
  };
}
