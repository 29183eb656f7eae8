// Creates every provider channel this server supports, from config; one line per provider.
import { createMessengerProvider } from './messenger/index.js';
import { createMicroblogProvider } from './microblog/index.js';
import { createRcsProvider } from './rcs/index.js';
import { ProviderRegistry, type ProviderDeps } from './registry.js';
import { createSmsProviders } from './sms/index.js';
import { createTelegramProvider } from './telegram/index.js';
import { createVoiceProvider } from './voice/index.js';
import { createWhatsAppProvider } from './whatsapp/index.js';

export function createProviders(deps: ProviderDeps): ProviderRegistry {
  const registry = new ProviderRegistry();
  registry.add(createRcsProvider(deps));
  registry.add(createMessengerProvider(deps));
  registry.add(createMicroblogProvider(deps));
  for (const provider of createSmsProviders(deps)) registry.add(provider);
  registry.add(createVoiceProvider(deps));
  registry.add(createWhatsAppProvider(deps));
  registry.add(createTelegramProvider(deps));
  return registry;
}
