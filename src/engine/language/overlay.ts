// A context that sees pending writes on top of the snapshot, so later assignments read earlier ones.
import type { AttributeWrite } from './assignment-model.js';
import type { LanguageContext } from './context.js';
import type { Scope } from './reference.js';

export class OverlayContext {
  private readonly pending = new Map<string, string | null>();
  readonly context: LanguageContext;

  constructor(base: LanguageContext) {
    const pending = this.pending;
    this.context = {
      ...base,
      attributes: {
        get: (scope, name) => {
          const key = keyOf(scope, name);
          return pending.has(key) ? pending.get(key) ?? undefined : base.attributes.get(scope, name);
        },
      },
      sys: (name) => {
        const key = keyOf('sys', name);
        return pending.has(key) ? pending.get(key) ?? null : base.sys(name);
      },
    };
  }

  apply(write: AttributeWrite): void {
    this.pending.set(keyOf(write.scope, write.name), write.kind === 'set' ? write.value : null);
  }
}

function keyOf(scope: Scope, name: string): string {
  return `${scope}\u0000${name}`;
}
