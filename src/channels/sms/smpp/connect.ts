// Opening the TCP (or TLS) connection to an SMSC under the same address rules as all outbound traffic: public, or allow-listed.
import net, { type Socket } from 'node:net';
import tls from 'node:tls';
import { HttpFailure } from '../../../engine/index.js';
import { addressRefusal, type AllowList, guardedLookup, isIpLiteral } from '../../../net/index.js';

/** The address may never be reached with the current configuration: retrying changes nothing. */
export class SmscBlockedError extends Error {
  override name = 'SmscBlockedError';
}

export interface SmscAddress {
  host: string;
  port: number;
  tls: boolean;
}

export function connectSmsc(target: SmscAddress, allowList: AllowList, timeoutMs: number): Promise<Socket> {
  const listed = allowList.allows(target.host, target.port);
  if (isIpLiteral(target.host)) {
    const why = addressRefusal(target.host, listed);
    if (why !== null) return Promise.reject(new SmscBlockedError(`the SMSC ${target.host} is refused: ${why.replace('OUTBOUND_ALLOW_HOSTS', 'SMS_ALLOW_HOSTS')}`));
  }
  const lookup = guardedLookup((address) => addressRefusal(address, listed));
  return new Promise<Socket>((resolve, reject) => {
    const socket = target.tls
      ? tls.connect({ host: target.host, port: target.port, lookup, servername: isIpLiteral(target.host) ? undefined : target.host })
      : net.connect({ host: target.host, port: target.port, lookup });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection to ${target.host}:${target.port} within ${timeoutMs} ms`));
    }, timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (err instanceof HttpFailure && err.reason === 'blocked') reject(new SmscBlockedError(err.message.replace('OUTBOUND_ALLOW_HOSTS', 'SMS_ALLOW_HOSTS')));
      else reject(err);
    };
    socket.once('error', fail);
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}
