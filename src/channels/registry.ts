// Every provider this server speaks to: each adds its delivery adapter and its webhook handling here.
import type { Config } from '../config.js';
import type { LookupServices } from '../lookup/index.js';
import type { Clock } from '../time.js';
import type { ChannelRuntime, Logger } from './ports.js';
import type { ChannelAdapter } from './types.js';
import type { ProviderHooks } from './hooks.js';

/** What providers may use: config (base URLs, credentials defaults), the runtime (channels, adapters of others), lookups. */
export interface ProviderDeps {
  config: Config;
  runtime: ChannelRuntime;
  lookups: LookupServices;
  clock: Clock;
}

export interface Provider {
  adapter: ChannelAdapter;
  hooks: ProviderHooks | null;
  /** Starts timers and connections (SMPP binds) in a serving process; the CLI builds providers but never starts them. */
  start?(log: Logger): Promise<void>;
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

  async start(log: Logger): Promise<void> {
    for (const p of this.providers.values()) await p.start?.(log);
  }

  async close(): Promise<void> {
    for (const p of this.providers.values()) await p.close?.();
  }
}
