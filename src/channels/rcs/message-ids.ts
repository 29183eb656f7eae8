// RBM message ids for our messages: name-based UUIDs (RFC 4122 version 5), the same on every retry, so RBM sends each part once.
import crypto from 'node:crypto';

/** This server's namespace for RBM message ids (a constant random UUID). */
const NAMESPACE = Buffer.from('44a9e11282fd453fafd0dada13706a37', 'hex');

/** A UUID v5 of `name` in `namespace` (16 bytes; ours by default). */
export function uuidV5(name: string, namespace: Buffer = NAMESPACE): string {
  const hash = crypto.createHash('sha1').update(namespace).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of one part of one of our messages. The message's creation time is part of the name, so a
 * database started afresh (ids counting from 1 again) or a second deployment on the same agent never
 * reuses an id RBM has seen: RBM silently drops a message whose id was used before.
 */
export function rbmMessageId(channelId: number, messageId: number, createdAt: string, part: number): string {
  return uuidV5(`parley/rbm/${channelId}/${messageId}/${createdAt}/${part}`);
}
