// A small HTTP client for tests: JSON in, status and JSON out, with a bearer token.
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(baseUrl: string, token?: string) {
  return async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const init: RequestInit = {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    };
    const res = await fetch(baseUrl + path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* leave as text */ }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

export type Call = ReturnType<typeof client>;

/** Asserts the spec's error object shape and returns it. */
export function isErrorObject(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.code === String(status)
    && ['reasonPhrase', 'description', 'homeRef', 'contactEmail', 'uri'].every((k) => typeof b[k] === 'string' && (b[k] as string).length > 0);
}
