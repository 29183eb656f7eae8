// The root certificate authorities a signing chain must lead to: a PEM file the operator names, else Node's bundled root store.
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import { ChainProblem, parseChain } from './cert-chain.js';

/**
 * Read once, when first needed. Node's bundled store (Mozilla's list) holds the public roots the
 * platform's signing chain leads to; VOICE_TRUSTED_CA_FILE narrows trust to the roots it lists
 * (or, in tests, a test CA).
 */
export class TrustStore {
  private roots: X509Certificate[] | null = null;

  constructor(private readonly file: string | null) {}

  certificates(): readonly X509Certificate[] {
    this.roots ??= this.file === null ? tls.rootCertificates.map((pem) => new X509Certificate(pem)) : TrustStore.readFile(this.file);
    return this.roots;
  }

  private static readFile(file: string): X509Certificate[] {
    let pem: string;
    try {
      pem = fs.readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`VOICE_TRUSTED_CA_FILE (${file}) cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    try {
      return parseChain(pem, 10_000);
    } catch (err) {
      if (err instanceof ChainProblem) throw new Error(`VOICE_TRUSTED_CA_FILE (${file}): ${err.message}`);
      throw err;
    }
  }
}
