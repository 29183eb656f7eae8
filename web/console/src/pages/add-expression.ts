// "Add as an expression": a text people wrote that the bot did not understand becomes an expression of one of its
// interactions, in a new revision that is stored, not published (the author tries it, then publishes it on the Bots page).

type Json = Record<string, unknown>;

/** The interactions an expression can be added to: those with a name (the others cannot be told apart in a list). */
export function namedInteractions(definition: unknown): string[] {
  const interactions = (definition as { interactions?: unknown } | null)?.interactions;
  if (!Array.isArray(interactions)) return [];
  return interactions.flatMap((i) => {
    const name = (i as { name?: unknown } | null)?.name;
    return typeof name === 'string' && name !== '' ? [name] : [];
  });
}

/**
 * The definition with `text` among the expressions of the interaction named `interaction`: in its first intent object
 * (one written as `{ expressions: [...] }`), or in a new one when it has none (its intents by name, `sys:text`, stay).
 * Unchanged, and `added` false, when that intent object already has the text, compared as the analytics keep texts
 * (lower case, spaces collapsed). Nothing else of the definition changes.
 */
export function addExpression<D extends Json>(definition: D, interaction: string, text: string): { definition: D; added: boolean } {
  const interactions = definition.interactions;
  if (!Array.isArray(interactions)) throw new Error('the definition has no interactions');
  const at = interactions.findIndex((i) => (i as { name?: unknown } | null)?.name === interaction);
  if (at < 0) throw new Error(`no interaction is named ${interaction}`);
  const target = interactions[at] as Json;
  const intents: unknown[] = Array.isArray(target.intents) ? target.intents : [];
  const objectAt = intents.findIndex((intent) => typeof intent === 'object' && intent !== null && Array.isArray((intent as Json).expressions));
  const same = (e: unknown) => normalised(typeof e === 'string' ? e : String((e as { text?: unknown } | null)?.text ?? '')) === normalised(text);
  if (objectAt >= 0 && ((intents[objectAt] as Json).expressions as unknown[]).some(same)) return { definition, added: false };
  const nextIntents = objectAt >= 0
    ? intents.map((intent, i) => (i === objectAt ? { ...(intent as Json), expressions: [...((intent as Json).expressions as unknown[]), text] } : intent))
    : [...intents, { expressions: [text] }];
  const nextInteractions = interactions.map((i, k) => (k === at ? { ...target, intents: nextIntents } : i));
  return { definition: { ...definition, interactions: nextInteractions }, added: true };
}

function normalised(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
