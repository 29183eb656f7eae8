// The WhatsApp (wha) channel assembled: one Cloud API client, delivery, the webhook, media, templates and their rules.
import type { Logger } from '../ports.js';
import type { Provider, ProviderDeps } from '../registry.js';
import { PartialSends } from '../shared/partial-sends.js';
import { WhatsAppAdapter } from './adapter.js';
import { CloudApi } from './cloud-api.js';
import { WhatsAppHooks } from './hooks.js';
import { WhatsAppMedia } from './media.js';
import { MessagesApi } from './messages-api.js';
import { WhatsAppRules } from './rules.js';
import { WhatsAppTemplates } from './templates.js';

export function createWhatsAppProvider({ config, runtime, clock }: ProviderDeps): Provider {
  const { whatsapp } = config;
  const api = new CloudApi({ apiUrl: whatsapp.apiUrl, apiVersion: whatsapp.apiVersion, timeoutMs: whatsapp.timeoutMs });
  const defaults = { appSecret: whatsapp.appSecret, verifyToken: whatsapp.verifyToken };
  const messages = new MessagesApi(api);
  let log: Logger | null = null;
  const templates = new WhatsAppTemplates({ api, defaults, cacheMs: whatsapp.templateCacheMs, log: () => log });
  return {
    adapter: new WhatsAppAdapter({ messages, records: runtime.records, defaults, sentParts: new PartialSends(), clock }),
    hooks: new WhatsAppHooks({ records: runtime.records, defaults, media: runtime.media, messages }),
    rules: new WhatsAppRules(templates),
    media: new WhatsAppMedia(api, defaults),
    templates,
    start: async (logger) => { log = logger; },
  };
}
