// The undici dispatcher outbound HTTP goes through: it checks the address at the moment each socket connects.
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { HttpFailure } from '../engine/ports.js';
import { addressRefusal } from './address-policy.js';
import { effectivePort, type AllowList } from './allow-list.js';
import { guardedLookup } from './guarded-lookup.js';
import { isIpLiteral } from './ip-ranges.js';

export interface GuardedDispatcherOptions {
  allowList: AllowList;
  /** Replaces dns.lookup (tests use it to make a name resolve where they want). */
  resolve?: LookupFunction;
  /** The longest any request may take; the per-request limit is enforced by the caller's signal. */
  connectTimeoutMs: number;
}

/**
 * Checking at connect time rather than before the request is what defeats DNS rebinding: the
 * lookup that decides is the one whose answer the socket uses. Two connectors exist because the
 * lookup only sees a host name, while the allow-list may open a single port of it.
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions): Agent {
  const { allowList, resolve, connectTimeoutMs } = options;
  const strict = buildConnector({ lookup: guardedLookup((a) => addressRefusal(a, false), resolve), timeout: connectTimeoutMs });
  const opened = buildConnector({ lookup: guardedLookup((a) => addressRefusal(a, true), resolve), timeout: connectTimeoutMs });

  const connect: buildConnector.connector = (target, callback) => {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      callback(new HttpFailure('blocked', `${target.protocol} is not an allowed scheme`), null);
      return;
    }
    const listed = allowList.allows(target.hostname, effectivePort(target.protocol, target.port));
    // Sockets skip the lookup for IP literals, so those are checked here.
    if (isIpLiteral(target.hostname)) {
      const why = addressRefusal(target.hostname, listed);
      if (why !== null) {
        callback(new HttpFailure('blocked', `${target.hostname} is refused: ${why}`), null);
        return;
      }
    }
    (listed ? opened : strict)(target, callback);
  };

  return new Agent({ connect });
}
