// Outbound network access for bot definitions: the SSRF-guarded HTTP client and the address rules behind it.
export { createGuardedHttp, MAX_TIMEOUT_MS, type GuardedHttp, type GuardedHttpOptions } from './guarded-http.js';
export { classifyAddress, type AddressClass } from './ip-ranges.js';
export { parseAllowEntry } from './allow-list.js';
export type { OutboundConfig } from './outbound-config.js';
