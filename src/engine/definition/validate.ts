// The public entry for definitions: detect the format, check schema and lint together, normalize when clean.
import { depthProblem } from './depth.js';
import { detectFormat, formatProblem, type DefinitionFormat } from './format.js';
import { isObject } from './json-read.js';
import { lintDefinition } from './lint/index.js';
import type { IncludeResolver } from './lint/targets.js';
import type { BotModel } from './model.js';
import { normalizeDefinition } from './normalize/index.js';
import { orderProblems, type Problem } from './problem.js';
import { ajvProblems } from './schema/ajv-problems.js';
import { schemaErrors } from './schema/compile.js';

export interface ValidateOptions {
  /**
   * Looks up another bot of the same account by name and returns its stored definition, so that
   * `include` and targets in included bots can be checked. Without it, includes are not checked.
   * Use includedBotNames(input) to know which bots to load beforehand.
   */
  resolveInclude?: IncludeResolver;
}

export type ValidationResult =
  | { ok: true; format: DefinitionFormat; model: BotModel; problems: [] }
  | { ok: false; format: DefinitionFormat | null; problems: Problem[] };

/**
 * Validates a definition in either format. Schema and lint problems come together, in location
 * order, so an author sees everything at once.
 */
export function validateDefinition(input: unknown, options: ValidateOptions = {}): ValidationResult {
  const format = detectFormat(input);
  if (format === null || !isObject(input)) return { ok: false, format, problems: [formatProblem(input)] };
  const tooDeep = depthProblem(input);
  if (tooDeep !== null) return { ok: false, format, problems: [tooDeep] };
  const problems = [
    ...ajvProblems(schemaErrors(format, input), format),
    ...lintDefinition(input, format, { resolveInclude: options.resolveInclude }),
  ];
  if (problems.length > 0) return { ok: false, format, problems: orderProblems(problems) };
  return { ok: true, format, model: normalizeDefinition(input, format), problems: [] };
}

/** The problems as the one-line-per-problem text an error description carries. */
export function describeProblems(problems: readonly Problem[]): string {
  const lines = problems.map((p) => `${p.pointer === '' ? '/' : p.pointer}: ${p.message}`);
  return `The definition has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
