// One exchange with the messenger platform's Graph API, bounded in time and size; the access token rides in the query and is never logged.
import crypto from 'node:crypto';
import { request } from 'undici';
import { Deadline, MAX_ANSWER_BYTES, readJsonAnswer } from '../../net/index.js';

export interface GraphOptions {
  /** e.g. https://graph.facebook.com, without the version. */
  apiUrl: string;
  /** e.g. v25.0. */
  apiVersion: string;
  timeoutMs: number;
}

export interface GraphResponse {
  status: number;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** Retry-After as sent; null when absent. */
  retryAfter: string | null;
  /** X-Business-Use-Case-Usage as sent (the platform's rate-limit report); null when absent. */
  businessUseCase: string | null;
}

/** The platform was not reached, did not answer in time, or answered with something unreadable: worth another try. */
export class GraphUnavailable extends Error {
  override name = 'GraphUnavailable';
}

export interface PageCredentials {
  accessToken: string;
  appSecret: string | null;
}

/** appsecret_proof: the access token's HMAC-SHA256 keyed with the app secret, which apps set to "Require App Secret" demand. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return crypto.createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export class GraphHttp {
  constructor(private readonly options: GraphOptions) {}

  /** `{apiUrl}/{version}/{path}` with the credentials (and any other parameters) in the query. */
  url(path: string, credentials: PageCredentials, params: Record<string, string> = {}): URL {
    const url = new URL(`${this.options.apiUrl}/${this.options.apiVersion}/${path.split('/').map(encodeURIComponent).join('/')}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('access_token', credentials.accessToken);
    if (credentials.appSecret !== null) url.searchParams.set('appsecret_proof', appSecretProof(credentials.accessToken, credentials.appSecret));
    return url;
  }

  async call(method: 'GET' | 'POST', url: URL, body?: unknown, timeoutMs = this.options.timeoutMs): Promise<GraphResponse> {
    const deadline = new Deadline(timeoutMs);
    const signal = deadline.signal;
    try {
      const res = await request(url, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const json = await readJsonAnswer(res.body, () => new GraphUnavailable(`the platform answered with a body larger than ${MAX_ANSWER_BYTES} bytes`));
      const header = (name: string) => { const v = res.headers[name]; return typeof v === 'string' ? v : null; };
      return { status: res.statusCode, json, retryAfter: header('retry-after'), businessUseCase: header('x-business-use-case-usage') };
    } catch (err) {
      if (err instanceof GraphUnavailable) throw err;
      // The URL carries the access token: describe the failure by its code only.
      if (signal.aborted) throw new GraphUnavailable(`the platform did not answer within ${timeoutMs} ms`);
      const code = (err as { code?: unknown }).code;
      throw new GraphUnavailable(`the platform could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
    } finally {
      deadline.clear();
    }
  }
}
