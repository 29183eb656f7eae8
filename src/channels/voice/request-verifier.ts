// Checks that a request comes from the voice platform, as it requires of skills it does not host: certificate URL, chain, Signature-256, timestamp.
import crypto from 'node:crypto';
import { BadRequestError } from '../../errors.js';
import type { Clock } from '../../time.js';
import { ChainProblem } from './cert-chain.js';
import { checkCertUrl } from './cert-url.js';
import type { SigningKeys } from './signing-keys.js';

/** The platform's bound on how far a request's timestamp may be from now, either way. */
export const TIMESTAMP_TOLERANCE_MS = 150_000;

/** RSA signatures of the platform's 2048-bit keys are 256 bytes; a header far beyond that is not one. */
const MAX_SIGNATURE_CHARS = 4096;

/**
 * The platform documents 400 Bad Request for every request that fails these checks, so each failure
 * is a BadRequestError saying which check failed (never the certificate or signature itself).
 */
export class RequestVerifier {
  constructor(private readonly keys: SigningKeys, private readonly clock: Clock) {}

  /** The signature over the exact bytes received, with the key of the chain the request names. */
  async verifySignature(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<void> {
    const certUrl = headers.signaturecertchainurl;
    const signature = headers['signature-256'];
    if (certUrl === undefined || certUrl.trim() === '') throw new BadRequestError('The request carries no SignatureCertChainUrl header, so it cannot be verified as coming from the voice platform.');
    if (signature === undefined || signature.trim() === '') throw new BadRequestError('The request carries no Signature-256 header, so it cannot be verified as coming from the voice platform.');
    if (signature.length > MAX_SIGNATURE_CHARS) throw new BadRequestError('The Signature-256 header is too long to be a signature.');
    const url = checkCertUrl(certUrl);
    if (!url.ok) throw new BadRequestError(`${url.reason}.`);
    let key: crypto.KeyObject;
    try {
      key = await this.keys.keyFor(url.url, url.path);
    } catch (err) {
      if (err instanceof ChainProblem) throw new BadRequestError(`The request's signing certificate was refused: ${err.message}.`);
      throw err;
    }
    let valid = false;
    try {
      valid = crypto.verify('sha256', rawBody, key, Buffer.from(signature.trim(), 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw new BadRequestError('Signature-256 is not a valid signature of the request body by its signing certificate.');
  }

  /** The request's own timestamp (inside the signed body) within 150 s of now, so a recorded request cannot be replayed later. */
  verifyTimestamp(timestamp: string): void {
    const at = Date.parse(timestamp);
    if (!Number.isFinite(at)) throw new BadRequestError('request.timestamp is not an ISO 8601 date-time.');
    if (Math.abs(this.clock().getTime() - at) > TIMESTAMP_TOLERANCE_MS) {
      throw new BadRequestError(`request.timestamp is more than ${TIMESTAMP_TOLERANCE_MS / 1000} seconds away from now; the request is refused as stale.`);
    }
  }
}
