// One exchange with WhatsApp's Cloud API (the Graph API), bounded in time and size; the access token rides in the Authorization header.
import { request } from 'undici';
import { Deadline, MAX_ANSWER_BYTES, readCapped, readJsonAnswer } from '../../net/index.js';

export interface CloudApiOptions {
  /** e.g. https://graph.facebook.com, without the version. */
  apiUrl: string;
  /** e.g. v25.0. */
  apiVersion: string;
  timeoutMs: number;
}

export interface CloudAnswer {
  status: number;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** Retry-After as sent; null when absent. */
  retryAfter: string | null;
}

/** The API was not reached, did not answer in time, or answered with something unreadable: worth another try. */
export class CloudApiUnavailable extends Error {
  override name = 'CloudApiUnavailable';
}

/** A file read whole, or why not. */
export type FileAnswer =
  | { kind: 'ok'; bytes: Buffer; contentType: string | null }
  | { kind: 'tooLarge' }
  | { kind: 'status'; status: number };

class TooLarge extends Error {}

export class CloudApi {
  constructor(private readonly options: CloudApiOptions) {}

  /** `{apiUrl}/{version}/{path}` with `params` in the query. */
  url(path: string, params: Record<string, string> = {}): URL {
    const url = new URL(`${this.options.apiUrl}/${this.options.apiVersion}/${path.split('/').map(encodeURIComponent).join('/')}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  }

  async call(method: 'GET' | 'POST', url: URL, accessToken: string, body?: unknown): Promise<CloudAnswer> {
    return this.exchange('the Cloud API', async (signal) => {
      const res = await request(url, {
        method,
        headers: {
          accept: 'application/json', authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const json = await readJsonAnswer(res.body, () => new CloudApiUnavailable(`the Cloud API answered with a body larger than ${MAX_ANSWER_BYTES} bytes`));
      const retryAfter = res.headers['retry-after'];
      return { status: res.statusCode, json, retryAfter: typeof retryAfter === 'string' ? retryAfter : null };
    });
  }

  /** A media file from the URL the media endpoint gave (it takes the same bearer token), at most `maxBytes`. */
  async file(url: string, accessToken: string, maxBytes: number): Promise<FileAnswer> {
    return this.exchange('the media host', async (signal) => {
      const res = await request(url, { method: 'GET', headers: { authorization: `Bearer ${accessToken}` }, signal });
      if (res.statusCode !== 200) {
        await res.body.dump();
        return { kind: 'status', status: res.statusCode };
      }
      const length = Number(res.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes) {
        res.body.destroy();
        return { kind: 'tooLarge' };
      }
      try {
        const bytes = await readCapped(res.body, maxBytes, () => new TooLarge());
        const type = res.headers['content-type'];
        return { kind: 'ok', bytes, contentType: typeof type === 'string' ? type.split(';')[0]!.trim() : null };
      } catch (err) {
        if (!(err instanceof TooLarge)) throw err;
        res.body.destroy();
        return { kind: 'tooLarge' };
      }
    });
  }

  private async exchange<T>(what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new Deadline(this.options.timeoutMs);
    const signal = deadline.signal;
    try {
      return await run(signal);
    } catch (err) {
      if (err instanceof CloudApiUnavailable) throw err;
      if (signal.aborted) throw new CloudApiUnavailable(`${what} did not answer within ${this.options.timeoutMs} ms`);
      const code = (err as { code?: unknown }).code;
      throw new CloudApiUnavailable(`${what} could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
    } finally {
      deadline.clear();
    }
  }
}
