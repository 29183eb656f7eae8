// The messenger (fb) channel assembled: one Graph client, the Send API adapter, and the page webhook.
import type { Provider, ProviderDeps } from '../registry.js';
import { PartialSends } from '../shared/partial-sends.js';
import { MessengerAdapter } from './adapter.js';
import { GraphHttp } from './graph-http.js';
import { MessengerHooks } from './hooks.js';
import { Profiles } from './profiles.js';
import { MESSENGER_RULES } from './rules.js';
import { SendApi } from './send-api.js';

export function createMessengerProvider({ config, runtime, clock }: ProviderDeps): Provider {
  const { messenger } = config;
  const graph = new GraphHttp({ apiUrl: messenger.apiUrl, apiVersion: messenger.apiVersion, timeoutMs: messenger.timeoutMs });
  const defaults = { appSecret: messenger.appSecret, verifyToken: messenger.verifyToken };
  return {
    adapter: new MessengerAdapter({ sendApi: new SendApi(graph), records: runtime.records, defaults, sentParts: new PartialSends(), clock }),
    hooks: new MessengerHooks({
      records: runtime.records,
      defaults,
      profiles: messenger.fetchProfiles ? new Profiles(graph, messenger.timeoutMs) : null,
      clock,
    }),
    rules: MESSENGER_RULES,
  };
}
