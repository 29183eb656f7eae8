// Telling the two definition formats apart: `interactions` (bot format) or `workflows` (RCS experience format).
import { isObject } from './json-read.js';
import type { Problem } from './problem.js';

export type DefinitionFormat = 'bot' | 'experience';

/** The format the input is written in, or null when it is not an object with exactly one of the two lists. */
export function detectFormat(input: unknown): DefinitionFormat | null {
  if (!isObject(input)) return null;
  const bot = Object.hasOwn(input, 'interactions');
  const experience = Object.hasOwn(input, 'workflows');
  if (bot === experience) return null;
  return bot ? 'bot' : 'experience';
}

/** Why detectFormat said null, as a problem at the root. */
export function formatProblem(input: unknown): Problem {
  if (!isObject(input)) return { pointer: '', message: 'A definition must be a JSON object.' };
  if (Object.hasOwn(input, 'interactions') && Object.hasOwn(input, 'workflows')) {
    return { pointer: '', message: 'A definition has either "interactions" (bot format) or "workflows" (RCS experience format), not both.' };
  }
  return { pointer: '', message: 'A definition needs "interactions" (bot format) or "workflows" (RCS experience format).' };
}
