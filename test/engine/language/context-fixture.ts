// A language context over in-memory attributes with a fixed clock, zone and uuid, for the language tests.
import { createLanguageContext, type LanguageContext } from '../../../src/engine/language/context.js';
import { MemoryAttributes, type AttributeSeed } from '../../../src/engine/language/memory-attributes.js';
import type { SysAttributeReader } from '../../../src/engine/language/sys-attributes.js';

/** Tuesday 5 March 2024, 14:07:09.123 UTC. */
export const NOW = new Date('2024-03-05T14:07:09.123Z');

export function fixture(seed: AttributeSeed = {}, options: { sys?: Record<string, string>; timeZone?: string; now?: Date } = {}): {
  ctx: LanguageContext;
  store: MemoryAttributes;
} {
  const store = new MemoryAttributes(seed);
  const sysValues = options.sys ?? {};
  const sys: SysAttributeReader = (name) => sysValues[name] ?? null;
  let n = 0;
  const ctx = createLanguageContext({
    attributes: store,
    sys,
    clock: () => options.now ?? NOW,
    timeZone: options.timeZone ?? 'UTC',
    uuid: () => `uuid-${++n}`,
  });
  return { ctx, store };
}
