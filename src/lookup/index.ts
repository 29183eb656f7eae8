// The lookup folder's front door: builds the lookup services from config (the phone-number lookup with its carrier
// provider, the RCS lookup with its RBM client), and names what other folders may use.
import type { Config } from '../config.js';
import type { CarrierLookupProvider } from './carrier-provider.js';
import { HttpCarrierProvider } from './http-carrier-provider.js';
import { OfflineCarrierProvider } from './offline-carrier-provider.js';
import { PhoneLookupService } from './phone-lookup-service.js';
import { AccessTokenSource } from './rcs/access-tokens.js';
import { loadDefaultAgent } from './rcs/default-agent.js';
import { RBM_SCOPE, RbmClient } from './rcs/rbm-client.js';
import { RcsCapabilityService, type RcsChannelDirectory } from './rcs/rcs-capability-service.js';

export interface LookupServices {
  phoneLookup: PhoneLookupService;
  rcsCapability: RcsCapabilityService;
}

export function createLookupServices(config: Config, channels: RcsChannelDirectory): LookupServices {
  const { lookup, rbm } = config;
  const offline = new OfflineCarrierProvider();
  const provider: CarrierLookupProvider = lookup.carrierLookupUrl === null
    ? offline
    : new HttpCarrierProvider({ url: lookup.carrierLookupUrl, token: lookup.carrierLookupToken, timeoutMs: lookup.carrierLookupTimeoutMs, fallback: offline });
  const tokens = new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: rbm.timeoutMs });
  return {
    phoneLookup: new PhoneLookupService(provider, { cacheMax: lookup.phoneCacheMax, cacheTtlSeconds: lookup.phoneCacheTtlSeconds }),
    rcsCapability: new RcsCapabilityService({
      channels,
      client: new RbmClient({ apiUrl: rbm.apiUrl, timeoutMs: rbm.timeoutMs, tokens }),
      defaultAgent: loadDefaultAgent(rbm),
      tokenHosts: rbm.tokenHosts,
      ttlSeconds: rbm.capabilityTtlSeconds,
    }),
  };
}

export { LINE_TYPES, type LineType } from './line-types.js';
export { phonePlace, type PhonePlace } from './phone-time-zones.js';
export type { PhoneLookupService } from './phone-lookup-service.js';
export { VALIDATION_ERRORS, type ValidationError } from './phone-number.js';
export { AccessTokenSource } from './rcs/access-tokens.js';
export { channelDirectory } from './rcs/channel-directory.js';
export {
  RBM_SCOPE, RbmClient, describeGoogleError, type RbmAgent, type RcsCapability, type RcsCapabilityClient,
} from './rcs/rbm-client.js';
export type { RcsCapabilityService } from './rcs/rcs-capability-service.js';
export { ServiceAccountKeyProblem, parseServiceAccountKey } from './rcs/service-account-key.js';
export { callUpstream, type UpstreamResponse } from './upstream-http.js';
