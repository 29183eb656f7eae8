// The lint pass: every rule over the raw definition in one walk, all problems collected.
import type { DefinitionFormat } from '../format.js';
import type { RawObject } from '../json-read.js';
import { ProblemList, type Problem } from '../problem.js';
import { actionRules } from './action-rules.js';
import { attributeRules } from './attribute-rules.js';
import { conditionRules } from './condition-rules.js';
import { interactionRules } from './interaction-rules.js';
import { messageRules } from './message-rules.js';
import { collectNames } from './names.js';
import { tagRules } from './tag-rules.js';
import { includedScope, targetRule, type IncludeResolver } from './targets.js';
import { walkDefinition, type LintVisitor } from './walk.js';

export interface LintOptions {
  resolveInclude?: IncludeResolver;
}

/** Calls every visitor's method for each visited object. */
function combine(visitors: readonly LintVisitor[]): LintVisitor {
  const combined: LintVisitor = {};
  const keys = new Set(visitors.flatMap((v) => Object.keys(v))) as Set<keyof LintVisitor>;
  for (const key of keys) {
    const handlers = visitors.map((v) => v[key]).filter((h) => h !== undefined) as ((node: never, pointer: string) => void)[];
    (combined as Record<string, unknown>)[key] = (node: never, pointer: string) => {
      for (const handler of handlers) handler(node, pointer);
    };
  }
  return combined;
}

/**
 * Lints a definition that may not have passed the schema: every rule reads defensively and skips
 * what has the wrong shape (the schema reports that).
 */
export function lintDefinition(root: RawObject, format: DefinitionFormat, options: LintOptions = {}): Problem[] {
  const problems = new ProblemList();
  const names = collectNames(root, format, problems);
  const included = includedScope(root, format, options.resolveInclude, problems);
  walkDefinition(root, format, combine([
    targetRule(root, format, names, included, problems),
    actionRules(problems),
    messageRules(problems),
    attributeRules(problems),
    conditionRules(problems),
    interactionRules(root, format, included, problems),
    tagRules(problems),
  ]));
  return problems.items;
}
