// Creates every provider channel this server supports, from config; one line per provider.
import type { Config } from '../config.js';
import type { LookupServices } from '../lookup/index.js';
import type { ConversationRuntime } from '../services/conversations/runtime.js';
import type { Clock } from '../time.js';
import { createMessengerProvider } from './messenger/index.js';
import { createMicroblogProvider } from './microblog/index.js';
import { createRcsProvider } from './rcs/index.js';
import { ProviderRegistry } from './registry.js';
import { createSmsProviders } from './sms/index.js';
import { createVoiceProvider } from './voice/index.js';

/** What providers may use: config (base URLs, credentials defaults), the runtime (channels, adapters of others), lookups. */
export interface ProviderDeps {
  config: Config;
  runtime: ConversationRuntime;
  lookups: LookupServices;
  clock: Clock;
}

export function createProviders(deps: ProviderDeps): ProviderRegistry {
  const registry = new ProviderRegistry();
  registry.add(createRcsProvider(deps));
  registry.add(createMessengerProvider(deps));
  registry.add(createMicroblogProvider(deps));
  for (const provider of createSmsProviders(deps)) registry.add(provider);
  registry.add(createVoiceProvider(deps));
  return registry;
}
