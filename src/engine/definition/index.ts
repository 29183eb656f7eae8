// The definition module's public surface: validation, format detection, the model.
export { validateDefinition, describeProblems } from './validate.js';
export type { ValidateOptions, ValidationResult } from './validate.js';
export { detectFormat } from './format.js';
export type { DefinitionFormat } from './format.js';
export { includedBotNames } from './lint/targets.js';
export { loadIncludedBots } from './lint/include-loader.js';
export { TARGET_KEYS, targetsUnder } from './targets-under.js';
export type { IncludeResolver } from './lint/targets.js';
export type { Problem } from './problem.js';
export { LIMITS, SYSTEM_INTENTS } from './limits.js';
export { DEFINITION_SCHEMAS } from './schema/compile.js';
export type * from './model.js';
