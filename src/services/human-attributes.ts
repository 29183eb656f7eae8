// A human's own attributes through the API: the bot language's human scope, read across the human's conversations
// and written to each of them, with names checked as the bot language reads them (docs/bot-language.md §6).
import { parseReference } from '../engine/index.js';
import { ConflictError, ownedBy, UnprocessableError } from '../errors.js';
import type { Repositories } from '../store/index.js';
import { isoNow, type Clock } from '../time.js';

/** Limits of one change: names as long as a definition's name, values within what a request body carries. */
export const ATTRIBUTE_LIMITS = { names: 100, nameLength: 100, valueLength: 65_536 } as const;

/**
 * The stored name for an API name: `plan`, `human:plan` and the takeNext companion `plan:index` are human-scope
 * names; `sys:`, other scopes, `datetime:`, paths and anything that is not an attribute name are refused.
 */
export function storedAttributeName(key: string): string {
  const ref = key === key.trim() ? parseReference(key) : null;
  const field = `body field "${key}"`;
  if (ref?.kind === 'datetime') throw new UnprocessableError(`${field}: datetime: values are computed by the runtime and cannot be stored.`);
  if (ref === null || ref.path.length > 0) {
    throw new UnprocessableError(`${field} is not an attribute name: letters, digits, "_" and "-", starting with a letter or "_", optionally prefixed by "human:".`);
  }
  if (ref.scope === 'sys') throw new UnprocessableError(`${field}: sys: names are reserved for the system; change the human's fields with PUT /v1/humans/{id}.`);
  if (ref.scope !== 'human') throw new UnprocessableError(`${field} is a ${ref.scope}-scope attribute; this endpoint writes the human's own (human-scope) attributes only.`);
  return ref.suffix === 'index' ? `${ref.name}:index` : ref.name;
}

export class HumanAttributeService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock) {}

  /** The human-scope attributes of the human's conversations; where they differ, the value set last. */
  async get(accountId: number, humanId: number): Promise<Record<string, string>> {
    ownedBy(await this.repos.humans.find(humanId), accountId, 'Human', humanId);
    return this.repos.attributes.ofHuman(humanId);
  }

  /** Sets each named attribute (null removes it) on every conversation of the human; answers them all afterwards. */
  async change(accountId: number, humanId: number, body: Readonly<Record<string, string | null>>): Promise<Record<string, string>> {
    ownedBy(await this.repos.humans.find(humanId), accountId, 'Human', humanId);
    const changes = new Map<string, string | null>();
    for (const [key, value] of Object.entries(body)) changes.set(storedAttributeName(key), value);
    const conversations = await this.repos.attributes.changeForHuman(accountId, humanId, changes, isoNow(this.clock));
    if (conversations === 0 && changes.size > 0) {
      throw new ConflictError(`Human ${humanId} has no conversation yet: human-scope attributes live on the human's conversations (one per channel), so they can be set once one exists.`);
    }
    return this.repos.attributes.ofHuman(humanId);
  }
}
