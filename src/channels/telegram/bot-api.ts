// One call of Telegram's Bot API (POST {apiUrl}/bot{token}/{method}, JSON both ways), bounded in time and size.
// The token is part of every URL: no URL is ever put in an error or a log line.
import { request } from 'undici';
import { Deadline, MAX_ANSWER_BYTES, readCapped, readJsonAnswer } from '../../net/index.js';

export interface BotApiOptions {
  /** e.g. https://api.telegram.org, without a trailing slash. */
  apiUrl: string;
  timeoutMs: number;
}

/** What the Bot API answered: its `result` when `ok`, else its error code, description and what it asked (retry_after). */
export type BotAnswer =
  | { ok: true; status: number; result: unknown }
  | { ok: false; status: number; errorCode: number | null; description: string | null; retryAfterSeconds: number | null };

/** The API was not reached, did not answer in time, or answered with something unreadable: worth another try. */
export class BotApiUnavailable extends Error {
  override name = 'BotApiUnavailable';
}

/** A file read whole, or why not. */
export type FileAnswer =
  | { kind: 'ok'; bytes: Buffer; contentType: string | null }
  | { kind: 'tooLarge' }
  | { kind: 'status'; status: number };

class TooLarge extends Error {}

function readAnswer(status: number, json: unknown): BotAnswer {
  const body = (json !== null && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  if (body.ok === true && status >= 200 && status < 300) return { ok: true, status, result: body.result };
  const parameters = (body.parameters !== null && typeof body.parameters === 'object' ? body.parameters : {}) as Record<string, unknown>;
  const retryAfter = parameters.retry_after;
  return {
    ok: false, status,
    errorCode: typeof body.error_code === 'number' ? body.error_code : null,
    description: typeof body.description === 'string' ? body.description.slice(0, 500) : null,
    retryAfterSeconds: typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
  };
}

export class BotApi {
  constructor(private readonly options: BotApiOptions) {}

  async call(token: string, method: string, params: object = {}): Promise<BotAnswer> {
    const url = `${this.options.apiUrl}/bot${token}/${encodeURIComponent(method)}`;
    return this.exchange('the Bot API', async (signal) => {
      const res = await request(url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(params),
        signal,
      });
      const json = await readJsonAnswer(res.body, () => new BotApiUnavailable(`the Bot API answered with a body larger than ${MAX_ANSWER_BYTES} bytes`));
      if (json === undefined) throw new BotApiUnavailable(`the Bot API answered ${res.statusCode} without a JSON body`);
      return readAnswer(res.statusCode, json);
    });
  }

  /** A file getFile named (`file_path`), from {apiUrl}/file/bot{token}/{path}, at most `maxBytes`. */
  async file(token: string, filePath: string, maxBytes: number): Promise<FileAnswer> {
    const url = `${this.options.apiUrl}/file/bot${token}/${filePath.split('/').map(encodeURIComponent).join('/')}`;
    return this.exchange('the Bot API\'s file host', async (signal) => {
      const res = await request(url, { method: 'GET', signal });
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
      if (err instanceof BotApiUnavailable) throw err;
      if (signal.aborted) throw new BotApiUnavailable(`${what} did not answer within ${this.options.timeoutMs} ms`);
      const code = (err as { code?: unknown }).code;
      // undici's errors may quote the URL, which holds the token: only the error code is kept.
      throw new BotApiUnavailable(`${what} could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
    } finally {
      deadline.clear();
    }
  }
}
