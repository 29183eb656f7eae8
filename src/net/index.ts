// The net folder's front door: the SSRF-guarded HTTP client for bot definitions, the address rules behind it, and the
// size-capped body readers every outbound client uses.
export { createGuardedHttp, MAX_TIMEOUT_MS, type GuardedHttp, type GuardedHttpOptions } from './guarded-http.js';
export { classifyAddress, isIpLiteral, type AddressClass } from './ip-ranges.js';
export type { OutboundConfig } from './outbound-config.js';
export { addressRefusal } from './address-policy.js';
export { AllowList, parseAllowEntry } from './allow-list.js';
export { MAX_ANSWER_BYTES, readCapped, readJsonAnswer } from './capped-body.js';
export { toFailure } from './failures.js';
export { createGuardedDispatcher } from './guarded-dispatcher.js';
export { guardedLookup } from './guarded-lookup.js';
export { readBody } from './read-body.js';
export { decodeText } from './decode-text.js';
export { MAX_REDIRECTS, isRedirect, nextHop, type Hop } from './redirects.js';
export { flattenHeaders } from './request-headers.js';
export { checkUrl, guardUrl } from './url-guard.js';
export { USER_AGENT } from './user-agent.js';
export { Deadline } from './deadline.js';
