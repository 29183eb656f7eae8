// Parley's typed API client: openapi-fetch over the types generated from /v1/openapi.json (sdk/schema.ts); works in Node and browsers.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths } from './schema.js';
export type ErrorObject = components['schemas']['ErrorObject'];
export type ParleyClient = Client<paths>;

export interface ParleyClientOptions {
  /** The server's address, e.g. http://localhost:8080; '' in a page the server serves (same origin). */
  baseUrl: string;
  /** An API token: sent as `Authorization: Bearer …` (scripts). */
  token?: string;
  /**
   * Signed in by the session cookie (the console): the CSRF token to repeat on every change, or a function
   * that reads it when each request is made (the parley_csrf cookie).
   */
  csrfToken?: string | (() => string | null);
  /** Cookies to send (Node has no cookie jar; a browser sends its own). */
  cookie?: string;
  fetch?: typeof fetch;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createParleyClient(options: ParleyClientOptions): ParleyClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      if (options.token !== undefined) request.headers.set('authorization', `Bearer ${options.token}`);
      if (options.cookie !== undefined) request.headers.set('cookie', options.cookie);
      const csrf = typeof options.csrfToken === 'function' ? options.csrfToken() : options.csrfToken;
      if (csrf != null && UNSAFE.has(request.method)) request.headers.set('x-csrf-token', csrf);
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** The error object a failed call answered, as thrown by `must`. */
export class ParleyError extends Error {
  constructor(readonly status: number, readonly body: ErrorObject | undefined) {
    super(body?.description ?? `HTTP ${status}`);
    this.name = 'ParleyError';
  }
}

/** The data of a successful call, or a ParleyError with the status and the error object. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw new ParleyError(response.status, error as ErrorObject | undefined);
  return data;
}
