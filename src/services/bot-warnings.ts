// What the editor warns about in a valid definition: things that make a bot seem broken to the people writing to it.
import type { ProblemDetail } from '../errors.js';

/** The interactions' (or workflows') intent names of a raw definition, in either format. */
function intentNames(definition: unknown): string[] {
  if (typeof definition !== 'object' || definition === null) return [];
  const d = definition as { interactions?: unknown; workflows?: unknown };
  const parts = Array.isArray(d.interactions) ? d.interactions : Array.isArray(d.workflows) ? d.workflows : [];
  return parts.flatMap((part: unknown) => {
    const intents = (part as { intents?: unknown } | null)?.intents;
    if (!Array.isArray(intents)) return [];
    return intents.map((i: unknown) => (typeof i === 'string' ? i : (i as { name?: unknown } | null)?.name)).filter((n): n is string => typeof n === 'string');
  });
}

/**
 * A bot with no interaction for `sys:text` (itself or a bot it includes) says nothing to a message it does not recognise:
 * to the person writing, it looks broken.
 */
export function catchAllWarning(definition: unknown, included: readonly unknown[]): ProblemDetail | null {
  if ([definition, ...included].some((d) => intentNames(d).includes('sys:text'))) return null;
  const kind = typeof definition === 'object' && definition !== null && 'workflows' in definition ? 'workflow' : 'interaction';
  return {
    pointer: '',
    message: `No catch-all: a message no intent recognises gets no answer. Add an ${kind} with the intent "sys:text" (say what the bot can do, or offer a person).`,
  };
}
