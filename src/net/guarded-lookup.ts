// A DNS lookup for sockets that refuses names resolving to forbidden addresses, so the check sees the very IP connected to.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { HttpFailure } from '../engine/ports.js';

/**
 * Wraps `resolve` (dns.lookup unless a test injects another). Every answer is checked, not only the
 * first: a name answering with one public and one internal address could otherwise have the socket
 * fall back to the internal one, so any forbidden answer refuses the whole name.
 */
export function guardedLookup(refuse: (address: string) => string | null, resolve: LookupFunction = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, answer, family) => {
      if (err) {
        callback(err, options.all ? [] : '', 0);
        return;
      }
      const addresses: dns.LookupAddress[] = Array.isArray(answer) ? answer : [{ address: answer, family: family ?? 0 }];
      const first = addresses[0];
      if (first === undefined) {
        const none: NodeJS.ErrnoException = Object.assign(new Error(`${hostname} has no addresses`), { code: 'ENOTFOUND' });
        callback(none, options.all ? [] : '', 0);
        return;
      }
      for (const { address } of addresses) {
        const why = refuse(address);
        // The resolved address is not named: internal DNS answers are the operator's, not the bot author's, business.
        if (why !== null) {
          callback(new HttpFailure('blocked', `${hostname} resolves to a forbidden address: ${why}`), options.all ? [] : '', 0);
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
