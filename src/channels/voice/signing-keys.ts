// Signing keys by certificate URL: the chain fetched (from the configured base), checked, and its key kept until the chain expires.
import type { KeyObject } from 'node:crypto';
import { request } from 'undici';
import { Deadline, readCapped } from '../../net/index.js';
import type { Clock } from '../../time.js';
import { ChainProblem, checkChain, parseChain } from './cert-chain.js';
import type { TrustStore } from './trust-store.js';

/** A chain file is a few kilobytes; anything much larger is not one. */
const MAX_CHAIN_BYTES = 64 * 1024;
/** Chains kept at once; the platform rotates through a handful of URLs. */
const MAX_CACHED = 32;
/** A first fetch must leave most of the platform's 8 s for the bot. */
const FETCH_TIMEOUT_MS = 2000;

export interface SigningKeysOptions {
  /** e.g. https://s3.amazonaws.com; the fake's address in tests. */
  baseUrl: string;
  trust: TrustStore;
  clock: Clock;
}

interface Cached {
  key: KeyObject;
  expires: number;
}

export class SigningKeys {
  private readonly cache = new Map<string, Cached>();
  private readonly fetching = new Map<string, Promise<Cached>>();

  constructor(private readonly options: SigningKeysOptions) {}

  /**
   * The signing key of the chain at a checked certificate URL (`url` normalized, `path` its path and
   * query). Throws ChainProblem when the chain cannot be fetched or fails a check; failures are not
   * kept, so a chain fixed upstream is accepted on the next request.
   */
  async keyFor(url: string, path: string): Promise<KeyObject> {
    const now = this.options.clock().getTime();
    const hit = this.cache.get(url);
    if (hit !== undefined && now <= hit.expires) return hit.key;
    if (hit !== undefined) this.cache.delete(url);
    let pending = this.fetching.get(url);
    if (pending === undefined) {
      pending = this.load(path).finally(() => this.fetching.delete(url));
      this.fetching.set(url, pending);
    }
    const loaded = await pending;
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(url, loaded);
    return loaded.key;
  }

  private async load(path: string): Promise<Cached> {
    const pem = await this.fetchChain(path);
    const checked = checkChain(parseChain(pem), this.options.trust.certificates(), this.options.clock());
    return { key: checked.key, expires: checked.expires.getTime() };
  }

  private async fetchChain(path: string): Promise<string> {
    const deadline = new Deadline(FETCH_TIMEOUT_MS);
    const signal = deadline.signal;
    try {
      const res = await request(`${this.options.baseUrl}${path}`, { method: 'GET', signal });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new ChainProblem(`the certificate chain could not be fetched (HTTP ${res.statusCode})`);
      }
      return (await readCapped(res.body, MAX_CHAIN_BYTES, () => new ChainProblem(`the certificate chain is larger than ${MAX_CHAIN_BYTES} bytes`))).toString('utf8');
    } catch (err) {
      if (err instanceof ChainProblem) throw err;
      if (signal.aborted) throw new ChainProblem(`the certificate chain was not served within ${FETCH_TIMEOUT_MS} ms`);
      const code = (err as { code?: unknown }).code;
      throw new ChainProblem(`the certificate chain could not be fetched${typeof code === 'string' ? ` (${code})` : ''}`);
    } finally {
      deadline.clear();
    }
  }
}
