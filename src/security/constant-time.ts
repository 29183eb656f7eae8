// Comparisons of secrets and signatures that take the same time whatever the bytes, so a forger learns nothing from how fast a guess is refused.
import crypto from 'node:crypto';

/** Equal bytes; a length mismatch is refused before comparing (the length of a signature is no secret). */
export function equalBytes(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Equal secrets of any lengths: both are hashed first, so neither the content nor the length of ours shows in the timing. */
export function equalSecrets(ours: string, given: string): boolean {
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(ours).digest(), crypto.createHash('sha256').update(given).digest());
}
