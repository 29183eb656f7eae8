// Loading the bots a definition includes, transitively, through a loader the caller supplies (the engine does no I/O).
import { includedBotNames, type IncludeResolver } from './targets.js';

/** Upper bound on bots followed through includes, so a long include chain cannot make validation unbounded. */
export const MAX_INCLUDED_BOTS = 100;

/**
 * Calls load for every bot the definition includes, and for the bots those include, once each;
 * returns a resolver over what was found, for validateDefinition's resolveInclude.
 */
export async function loadIncludedBots(input: unknown, load: (botName: string) => Promise<unknown>): Promise<IncludeResolver> {
  const found = new Map<string, unknown>();
  const seen = new Set<string>();
  let queue = includedBotNames(input);
  while (queue.length > 0 && seen.size < MAX_INCLUDED_BOTS) {
    const next: string[] = [];
    for (const name of queue) {
      if (seen.has(name) || seen.size >= MAX_INCLUDED_BOTS) continue;
      seen.add(name);
      const definition = await load(name);
      if (definition === undefined) continue;
      found.set(name, definition);
      next.push(...includedBotNames(definition));
    }
    queue = next;
  }
  return (name) => found.get(name);
}
