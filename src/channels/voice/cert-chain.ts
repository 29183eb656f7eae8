// The signing chain's checks: the leaf valid now and naming echo-api.amazon.com, each certificate signed by the next, up to a trusted root.
import { X509Certificate, type KeyObject } from 'node:crypto';

/** The name the platform's signing certificate carries in its Subject Alternative Names. */
export const SIGNING_NAME = 'echo-api.amazon.com';

/** A chain file is the signing certificate and a few intermediates; more is not a chain the platform serves. */
const MAX_CERTIFICATES = 10;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

export class ChainProblem extends Error {
  override name = 'ChainProblem';
}

/** Every certificate of a PEM file, in order; throws ChainProblem when there is none, too many, or one does not parse. */
export function parseChain(pem: string, max = MAX_CERTIFICATES): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new ChainProblem('the certificate chain holds no PEM certificate');
  if (blocks.length > max) throw new ChainProblem(`the certificate chain holds more than ${max} certificates`);
  return blocks.map((block, i) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new ChainProblem(`certificate ${i + 1} of the chain does not parse`);
    }
  });
}

function validAt(cert: X509Certificate, now: Date): boolean {
  const from = Date.parse(cert.validFrom);
  const to = Date.parse(cert.validTo);
  return Number.isFinite(from) && Number.isFinite(to) && from <= now.getTime() && now.getTime() <= to;
}

/**
 * The DNS names of the Subject Alternative Names (Node writes them `DNS:name`, quoting names with odd characters).
 * A SAN extension Node cannot write out names none: Node 24 (OpenSSL 3.5) throws "Failed to format subject
 * alternative name" for an empty one (RFC 5280 wants at least one name), where Node 20 gave ''.
 */
function dnsNames(cert: X509Certificate): string[] {
  let san: string;
  try {
    san = cert.subjectAltName ?? '';
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const m of san.matchAll(/(?:^|, )DNS:("(?:[^"\\]|\\.)*"|[^,]*)/g)) {
    const value = m[1]!;
    names.push((value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value).toLowerCase());
  }
  return names;
}

function signedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

export interface CheckedChain {
  /** The signing certificate's public key: what the request signature is checked with. */
  key: KeyObject;
  /** When the first certificate of the path to the root expires: how long the chain may be trusted without checking again. */
  expires: Date;
}

/**
 * The platform's certificate rules: the signing certificate (the first) valid now (Not Before and
 * Not After) with echo-api.amazon.com among its SANs, and the certificates combining into a chain of
 * trust to a trusted root: each signed by the next (which must be a CA and valid now), until one is
 * a trusted root itself or is signed by one.
 */
export function checkChain(chain: readonly X509Certificate[], roots: readonly X509Certificate[], now: Date): CheckedChain {
  const leaf = chain[0];
  if (leaf === undefined) throw new ChainProblem('the certificate chain is empty');
  if (!validAt(leaf, now)) throw new ChainProblem('the signing certificate has expired or is not valid yet');
  if (!dnsNames(leaf).includes(SIGNING_NAME)) throw new ChainProblem(`the signing certificate does not name ${SIGNING_NAME} among its Subject Alternative Names`);

  let expires = Date.parse(leaf.validTo);
  let current = leaf;
  for (let i = 1; ; i += 1) {
    if (i > 1 && roots.some((root) => root.fingerprint256 === current.fingerprint256)) break;
    const root = roots.find((r) => validAt(r, now) && signedBy(current, r));
    if (root !== undefined) {
      expires = Math.min(expires, Date.parse(root.validTo));
      break;
    }
    const next = chain[i];
    if (next === undefined) throw new ChainProblem('the certificate chain does not lead to a trusted root certificate authority');
    if (!next.ca) throw new ChainProblem(`certificate ${i + 1} of the chain signs another but is not a certificate authority`);
    if (!validAt(next, now)) throw new ChainProblem(`certificate ${i + 1} of the chain has expired or is not valid yet`);
    if (!signedBy(current, next)) throw new ChainProblem(`certificate ${i} of the chain is not signed by certificate ${i + 1}`);
    expires = Math.min(expires, Date.parse(next.validTo));
    current = next;
  }
  return { key: leaf.publicKey, expires: new Date(expires) };
}
