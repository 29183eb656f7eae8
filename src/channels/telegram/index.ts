// The Telegram (tlg) channel assembled: one Bot API client, delivery, the webhook and its registration, files, and the typing signal.
import type { Logger } from '../ports.js';
import type { Provider, ProviderDeps } from '../registry.js';
import { PartialSends } from '../shared/partial-sends.js';
import { TelegramAdapter } from './adapter.js';
import { BotApi } from './bot-api.js';
import { TelegramHooks } from './hooks.js';
import { TelegramLifecycle } from './lifecycle.js';
import { TelegramMedia } from './media.js';
import { TELEGRAM_RULES } from './rules.js';
import { TypingSignal } from './typing.js';
import { WebhookSecrets } from './webhook-secret.js';

export function createTelegramProvider({ config, runtime, serverKey }: ProviderDeps): Provider {
  const api = new BotApi({ apiUrl: config.telegram.apiUrl, timeoutMs: config.telegram.timeoutMs });
  const secrets = new WebhookSecrets(serverKey('telegram webhook secret tokens'));
  let log: Logger | null = null;
  const typing = new TypingSignal(api, runtime.events, () => log);
  return {
    adapter: new TelegramAdapter({ api, sentParts: new PartialSends() }),
    hooks: new TelegramHooks({ records: runtime.records, secrets, media: runtime.media, api, typing }),
    rules: TELEGRAM_RULES,
    lifecycle: new TelegramLifecycle({ api, secrets, publicUrl: config.publicUrl, records: runtime.records, log: () => log }),
    media: new TelegramMedia(api),
    start: async (logger) => { log = logger; },
    close: async () => typing.close(),
  };
}
