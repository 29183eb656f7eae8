// The names a piece of a definition runs: every `goto`, `execute`, button target, wait or validation handler, fallback.
// Plain data in, plain data out (no imports): the console reads a bot's flow with it too.

/** Fields whose strings name interactions or actions to run (docs/bot-language.md, Targets). */
export const TARGET_KEYS: ReadonlySet<string> = new Set([
  'execute', 'goto', 'executeOnError', 'executeOnTimeout', 'executeOnSubmit', 'executeOnDismiss', 'executeOnCancel',
  'executeOnBreakOut', 'fallback', 'among', 'welcomeMessageExecute',
]);

/** Every target string under `node` (a button's execute, a wait's executeOnError, a fallback …), in document order. */
export function targetsUnder(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) targetsUnder(item, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (TARGET_KEYS.has(key) && (typeof value === 'string' || Array.isArray(value))) {
        for (const t of Array.isArray(value) ? value : [value]) if (typeof t === 'string') found.push(t);
      } else {
        targetsUnder(value, found);
      }
    }
  }
  return found;
}
