// Refusing definitions nested deeper than any real one, before recursive passes (Ajv, lint) could overflow the stack.
import { pointerJoin, type Problem } from './problem.js';

/** Real definitions nest about 15 levels (more with operators and custom JSON); 64 leaves ample room. */
export const MAX_DEFINITION_DEPTH = 64;

interface Visit {
  value: unknown;
  depth: number;
  key: string | number;
  parent: Visit | null;
}

function pointerOf(visit: Visit): string {
  const keys: (string | number)[] = [];
  for (let v: Visit | null = visit; v !== null && v.parent !== null; v = v.parent) keys.push(v.key);
  return pointerJoin('', ...keys.reverse());
}

/** The first value nested deeper than the limit, found without recursion; null when there is none. */
export function depthProblem(input: unknown, limit = MAX_DEFINITION_DEPTH): Problem | null {
  const stack: Visit[] = [{ value: input, depth: 0, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limit) {
      return { pointer: pointerOf(visit), message: `The definition is nested more than ${limit} levels deep here; no definition needs that.` };
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1, key: i, parent: visit });
      }
    } else {
      for (const key in value) {
        const child: unknown = (value as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1, key, parent: visit });
      }
    }
  }
  return null;
}
