// A bot as the API shows it, less the fields the server adds: the definition as its author wrote it.
type Definition = Record<string, unknown> & { name: string };

const META = ['id', 'dateCreated', 'currentRevision', 'latestRevision'];

export function definitionOf<T extends Record<string, unknown>>(bot: T): Definition {
  return Object.fromEntries(Object.entries(bot).filter(([k]) => !META.includes(k))) as Definition;
}
