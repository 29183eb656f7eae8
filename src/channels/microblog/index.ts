// The microblog DM (twr) channel assembled: the DM API client, media uploads, the adapter, and the Account Activity webhook.
import type { Logger } from '../ports.js';
import type { Provider, ProviderDeps } from '../registry.js';
import { PartialSends } from '../shared/partial-sends.js';
import { MicroblogAdapter } from './adapter.js';
import { DirectMessages } from './direct-messages.js';
import { MicroblogHooks } from './hooks.js';
import { MediaFetcher } from './media-fetch.js';
import { MediaUploads } from './media-upload.js';

export function createMicroblogProvider({ config, runtime }: ProviderDeps): Provider {
  const { microblog } = config;
  const defaults = { consumerKey: microblog.consumerKey, consumerSecret: microblog.consumerSecret };
  // Media URLs come from bot definitions: they are read under the same address rules as the definitions' own requests.
  const fetcher = new MediaFetcher({ allowHosts: config.outbound.allowHosts, timeoutMs: Math.max(microblog.timeoutMs, config.outbound.timeoutMs) });
  let log: Logger | null = null;
  return {
    adapter: new MicroblogAdapter({
      directMessages: new DirectMessages({ apiUrl: microblog.apiUrl, timeoutMs: microblog.timeoutMs }),
      uploads: new MediaUploads({
        uploadUrl: microblog.uploadUrl, timeoutMs: microblog.timeoutMs, maxBytes: microblog.mediaMaxBytes, fetcher,
        // Delivery holds the conversation's lease meanwhile: a video still processing is tried again later.
        processingBudgetMs: Math.min(30_000, config.conversations.leaseSeconds * 250),
      }),
      defaults,
      sentParts: new PartialSends(),
      log: () => log,
    }),
    hooks: new MicroblogHooks({ records: runtime.records, defaults }),
    rules: { replyTextLimit: 3072 },
    start: async (logger) => { log = logger; },
    close: async () => { await fetcher.close(); },
  };
}
