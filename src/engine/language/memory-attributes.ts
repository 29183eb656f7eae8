// An in-memory attribute store: the reference implementation of the read port and of applying writes.
import type { AttributeWrite } from './assignment-model.js';
import type { AttributeReader } from './context.js';
import type { StoredScope } from './reference.js';

export type AttributeSeed = Partial<Record<StoredScope, Record<string, string>>>;

export class MemoryAttributes implements AttributeReader {
  private readonly scopes = new Map<StoredScope, Map<string, string>>();

  constructor(seed: AttributeSeed = {}) {
    for (const [scope, values] of Object.entries(seed) as [StoredScope, Record<string, string>][]) {
      this.scopes.set(scope, new Map(Object.entries(values)));
    }
  }

  get(scope: StoredScope, name: string): string | undefined {
    return this.scopes.get(scope)?.get(name);
  }

  /** Applies writes to stored scopes; `sys` writes go to onSys (the human record or the conversation). */
  apply(writes: readonly AttributeWrite[], onSys?: (write: AttributeWrite) => void): void {
    for (const write of writes) {
      if (write.scope === 'sys') {
        onSys?.(write);
        continue;
      }
      let scope = this.scopes.get(write.scope);
      if (scope === undefined) {
        scope = new Map();
        this.scopes.set(write.scope, scope);
      }
      if (write.kind === 'set') scope.set(write.name, write.value);
      else scope.delete(write.name);
    }
  }

  snapshot(scope: StoredScope): Record<string, string> {
    return Object.fromEntries(this.scopes.get(scope) ?? []);
  }
}
