// The RCS channel assembled: RBM clients sharing one token source, capability checks, delivery, the webhook, and SMS reply routing.
import type { Provider, ProviderDeps } from '../registry.js';
import { AccessTokenSource, RBM_SCOPE, RbmClient } from '../../lookup/index.js';
import { RcsAdapter } from './adapter.js';
import { RcsCapabilities } from './capability.js';
import { RcsHooks } from './hooks.js';
import { RbmMessages } from './rbm-messages.js';
import { smsReplyRouter } from './reply-route.js';

export function createRcsProvider({ config, runtime, clock }: ProviderDeps): Provider {
  const { rbm } = config;
  const tokens = new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: rbm.timeoutMs, clock });
  const capabilities = new RcsCapabilities({
    client: new RbmClient({ apiUrl: rbm.apiUrl, timeoutMs: rbm.timeoutMs, tokens }),
    records: runtime.records,
    recheckMs: rbm.capabilityRecheckHours * 3_600_000,
    clock,
  });
  const findChannel = (id: number) => runtime.records.channels.find(id);
  runtime.ingest.addRouter(smsReplyRouter(runtime.records, findChannel));
  return {
    adapter: new RcsAdapter({
      tokenHosts: rbm.tokenHosts,
      messages: new RbmMessages({ apiUrl: rbm.apiUrl, timeoutMs: rbm.timeoutMs, tokens }),
      capabilities,
      records: runtime.records,
      fallback: {
        findChannel, adapterFor: (type) => runtime.adapter(type), pace: (channel, pace) => runtime.paceDelivery(channel, pace),
        smsConsent: (humanId) => runtime.records.humans.consentNow(humanId, 'sms'),
      },
    }),
    hooks: new RcsHooks({ tokenHosts: rbm.tokenHosts, capabilities, records: runtime.records }),
    rules: { replyTextLimit: 3072, optOut: true },
  };
}
