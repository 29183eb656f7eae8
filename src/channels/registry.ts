// Every provider this server speaks to: each adds its delivery adapter and its webhook handling here.
import type { ChannelAdapter } from './types.js';
import type { ProviderHooks } from './hooks.js';

export interface Provider {
  adapter: ChannelAdapter;
  hooks: ProviderHooks | null;
  /** Stops timers and connections (SMPP binds, pools). */
  close?(): Promise<void>;
}

export class ProviderRegistry {
  private readonly providers = new Map<string, Provider>();

  add(provider: Provider): void {
    this.providers.set(provider.adapter.type, provider);
  }

  adapters(): ChannelAdapter[] {
    return [...this.providers.values()].map((p) => p.adapter);
  }

  hooks(): Map<string, ProviderHooks> {
    const out = new Map<string, ProviderHooks>();
    for (const p of this.providers.values()) if (p.hooks !== null) out.set(p.hooks.type, p.hooks);
    return out;
  }

  async close(): Promise<void> {
    for (const p of this.providers.values()) await p.close?.();
  }
}
