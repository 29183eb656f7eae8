// The HTTP a test's bot sees: declared fixtures answer its requests, and any request no fixture matches fails and is reported.
import { HttpFailure, type HttpPort, type HttpRequest, type HttpResponse } from '../engine/index.js';
import type { HttpFixture } from './tests-schema.js';

/** A URL written two ways (`HTTP://Host:80/a`, `http://host/a`) is one URL; text that is not a URL is compared as written. */
function canonical(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

function response(fixture: HttpFixture, url: string): HttpResponse {
  const text = typeof fixture.body === 'string';
  const body = fixture.body === undefined ? '' : text ? (fixture.body as string) : JSON.stringify(fixture.body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fixture.headers ?? {})) headers[name.toLowerCase()] = value;
  if (headers['content-type'] === undefined && fixture.body !== undefined) headers['content-type'] = text ? 'text/plain; charset=utf-8' : 'application/json';
  return { status: fixture.status ?? 200, headers, body, url };
}

export class FixtureHttp implements HttpPort {
  /** Requests that no fixture answered, as `METHOD url`, since the last take. */
  private unmatched: string[] = [];
  constructor(private readonly fixtures: readonly HttpFixture[]) {}

  async request(req: HttpRequest): Promise<HttpResponse> {
    const url = canonical(req.url);
    const call = `${req.method} ${req.url}`;
    // The first fixture that names this URL (and this method, when it names one) answers, as often as it is asked.
    const fixture = this.fixtures.find((f) => canonical(f.url) === url && (f.method === undefined || f.method === req.method));
    if (fixture === undefined) {
      this.unmatched.push(call);
      throw new HttpFailure('blocked', `no HTTP fixture answers ${call}; tests run offline`);
    }
    if (fixture.fail === 'timeout') throw new HttpFailure('timeout', `the fixture for ${call} times out`);
    if (fixture.fail === 'network') throw new HttpFailure('network', `the fixture for ${call} fails to connect`);
    return response(fixture, url);
  }

  /** The requests no fixture answered since the last call. */
  takeUnmatched(): string[] {
    const out = this.unmatched;
    this.unmatched = [];
    return out;
  }
}
