// MMS media checked before sending: the spec's MIME list on dlc and the 5 MB total, learnt with a one-byte ranged GET through the SSRF guard.
import { LRUCache } from 'lru-cache';
import { HttpFailure, type HttpPort } from '../../engine/index.js';
import { retryOutcome } from '../shared/retry.js';
import type { DeliveryOutcome } from '../types.js';
import { bareMimeType, isDlcMimeType, mimeTypeOfUrl } from './mime-types.js';
import { retryAfterMs } from './retry-after.js';

/** "Total message size under 5 MB" (spec, Limits), media and text together. */
export const MMS_MAX_BYTES = 5 * 1024 * 1024;

interface Probe {
  type: string | null;
  /** null when the server told neither Content-Range nor Content-Length (the guarded read still capped it at 5 MB). */
  size: number | null;
}

type Failure = Extract<DeliveryOutcome, { kind: 'retry' | 'failed' }>;

/** The whole size from `Content-Range: bytes 0-0/12345`, else from Content-Length of a full answer. */
function sizeOf(status: number, headers: Record<string, string>): number | null {
  if (status === 206) {
    const m = /\/(\d+)\s*$/.exec(headers['content-range'] ?? '');
    return m === null ? null : Number(m[1]);
  }
  const length = Number(headers['content-length']);
  return headers['content-length'] !== undefined && Number.isFinite(length) ? length : null;
}

export class MediaChecker {
  /** Answers are reused for a while: a broadcast sends one URL to many humans. */
  private readonly cache = new LRUCache<string, Probe>({ max: 1000, ttl: 10 * 60_000 });

  /** `http` reads at most MMS_MAX_BYTES, so a server ignoring Range cannot make it read more. */
  constructor(private readonly http: HttpPort, private readonly timeoutMs: number) {}

  /** null when the media may go; else why not (failed) or why not yet (retry). `mimeList`: dlc checks the spec's MIME list. */
  async check(urls: readonly string[], textBytes: number, mimeList: boolean): Promise<Failure | null> {
    let total = textBytes;
    for (const url of urls) {
      const probe = await this.probe(url);
      if ('kind' in probe) return probe;
      const type = probe.type === null || probe.type === 'application/octet-stream' ? mimeTypeOfUrl(url) ?? probe.type : probe.type;
      if (mimeList && (type === null || !isDlcMimeType(type))) {
        return { kind: 'failed', reason: `the media ${url} is ${type === null ? 'of an unknown type' : type}, which Long Code MMS does not carry (docs/channels/sms.md#mms-media)` };
      }
      total += probe.size ?? 0;
      if (total >= MMS_MAX_BYTES) return { kind: 'failed', reason: `the message's media and text come to ${total} bytes; MMS carries under ${MMS_MAX_BYTES} (5 MB)` };
    }
    return null;
  }

  private async probe(url: string): Promise<Probe | Failure> {
    const cached = this.cache.get(url);
    if (cached !== undefined) return cached;
    let res;
    try {
      res = await this.http.request({ url, method: 'GET', headers: { range: 'bytes=0-0' }, body: null, timeoutMs: this.timeoutMs });
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      if (err.reason === 'too-large') return { kind: 'failed', reason: `the media ${url} is larger than ${MMS_MAX_BYTES} bytes (5 MB)` };
      if (err.reason === 'timeout' || err.reason === 'network') return { kind: 'retry', reason: `the media ${url} could not be checked: ${err.message}` };
      return { kind: 'failed', reason: `the media ${url} cannot be fetched: ${err.message}` };
    }
    if (res.status === 429 || res.status >= 500) {
      return retryOutcome(`the media ${url} answered ${res.status}`, retryAfterMs(res.headers['retry-after']));
    }
    if (res.status !== 200 && res.status !== 206) return { kind: 'failed', reason: `the media ${url} answered ${res.status}` };
    const probe: Probe = { type: bareMimeType(res.headers['content-type']), size: sizeOf(res.status, res.headers) ?? (res.status === 200 ? Buffer.byteLength(res.body) : null) };
    this.cache.set(url, probe);
    return probe;
  }
}
