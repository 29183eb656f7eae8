// The predefined functions callable as `{sys:function:<name>(…)}`, by name.
import type { LanguageContext } from '../context.js';
import type { JsonMemo } from '../resolve.js';
import { dateFormat } from './date-format.js';
import { evaluate } from './evaluate.js';
import { embedJson, removeField } from './json-functions.js';

/**
 * A function receives its arguments already rendered (tags inside them replaced) and returns text.
 * memo is the render's parsed-JSON cache, so a variable path into an attribute already read by the
 * same render is not parsed again.
 */
export type LanguageFunction = (args: readonly string[], ctx: LanguageContext, memo?: JsonMemo) => string;

export interface FunctionSpec {
  call: LanguageFunction;
  /** Accepted argument counts; the lint reports calls with any other count. */
  arity: readonly number[];
}

export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = Object.freeze({
  dateFormat: { call: dateFormat, arity: [3] },
  embedJson: { call: embedJson, arity: [3] },
  removeField: { call: removeField, arity: [2] },
  evaluate: { call: evaluate, arity: [1] },
  uuid: { call: (_args: readonly string[], ctx: LanguageContext) => ctx.uuid(), arity: [0] },
});

export function functionSpec(name: string): FunctionSpec | undefined {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
}

/** Calls a function by name; an unknown name renders empty, like an unknown attribute. */
export function callFunction(name: string, args: readonly string[], ctx: LanguageContext, memo?: JsonMemo): string {
  return functionSpec(name)?.call(args, ctx, memo) ?? '';
}
