// The one rule every outbound connection obeys: public addresses yes, internal ones only for allow-listed hosts, metadata never.
import { classifyAddress } from './ip-ranges.js';

/**
 * Why `address` may not be connected to, or null when it may. `allowListed` says whether the
 * operator opened the host being reached; it opens internal ranges but never metadata services,
 * because those hand out the machine's cloud credentials.
 */
export function addressRefusal(address: string, allowListed: boolean): string | null {
  const c = classifyAddress(address);
  switch (c.kind) {
    case 'public':
      return null;
    case 'metadata':
      return `it is a ${c.range}, which is never reachable`;
    case 'internal':
      return allowListed ? null : `it is in an internal range: ${c.range}; OUTBOUND_ALLOW_HOSTS can open a host`;
    case 'invalid':
      return 'it is not a valid IP address';
  }
}
