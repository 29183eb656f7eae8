// Every provider this server speaks to: each adds its delivery adapter and its webhook handling here.
import type { Config } from '../config.js';
import type { LookupServices } from '../lookup/index.js';
import type { Clock } from '../time.js';
import type { ChannelRuntime, Logger } from './ports.js';
import type { ChannelAdapter } from './types.js';
import type { ProviderHooks } from './hooks.js';
import { DEFAULT_RULES, type OutboundRules } from './outbound-rules.js';
import type { ChannelLifecycle } from './lifecycle.js';
import type { MediaSource } from './media-source.js';
import type { TemplateCatalog } from './templates.js';

/** What providers may use: config (base URLs, credentials defaults), the runtime (channels, adapters of others), lookups. */
export interface ProviderDeps {
  config: Config;
  runtime: ChannelRuntime;
  lookups: LookupServices;
  clock: Clock;
  /**
   * A key of this server's own for one purpose, derived from its secrets: the same in every process and across
   * restarts, never stored (Telegram's webhook secret tokens).
   */
  serverKey(purpose: string): Uint8Array;
}

export interface Provider {
  adapter: ChannelAdapter;
  hooks: ProviderHooks | null;
  /** What the channel demands of an agent's reply or a broadcast (limits, windows); absent: DEFAULT_RULES. */
  rules?: OutboundRules;
  /** What the provider must be told when a channel of its type is created, changed or deleted (a webhook to set). */
  lifecycle?: ChannelLifecycle;
  /** Reads a file the human sent, by the provider's reference, for the media URL the bot sees. */
  media?: MediaSource;
  /** The provider's approved message templates for a channel (WhatsApp). */
  templates?: TemplateCatalog;
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

  /** The rules of a channel type's outbound messages; DEFAULT_RULES for a type no provider declares them for. */
  rulesOf(type: string): OutboundRules {
    return this.providers.get(type)?.rules ?? DEFAULT_RULES;
  }

  lifecycleOf(type: string): ChannelLifecycle | undefined {
    return this.providers.get(type)?.lifecycle;
  }

  templatesOf(type: string): TemplateCatalog | undefined {
    return this.providers.get(type)?.templates;
  }

  mediaOf(type: string): MediaSource | undefined {
    return this.providers.get(type)?.media;
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
