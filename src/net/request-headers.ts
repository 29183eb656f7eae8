// The headers an outbound request is sent with, and the flattening of the headers it gets back.

/**
 * Headers a bot definition may not set. Framing and connection headers belong to the HTTP client;
 * Host must name the host that was checked, or a shared front end could route the request to a
 * back end the URL never named.
 */
const RESERVED = new Set([
  'host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect', 'content-length',
]);

/** Lower-cased names (a later spelling of the same name wins), the default User-Agent first so a bot may replace it. */
export function outgoingHeaders(given: Record<string, string>, userAgent: string): Record<string, string> {
  const out: Record<string, string> = { 'user-agent': userAgent };
  for (const [name, value] of Object.entries(given)) {
    const key = name.toLowerCase();
    if (!RESERVED.has(key)) out[key] = value;
  }
  return out;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed escapes are sent as written rather than failing the request
  }
}

/** `user:pass@` in a URL becomes Basic authorization (unless one is set), as curl does; undici would drop it silently. */
export function withUrlCredentials(headers: Record<string, string>, url: URL): Record<string, string> {
  if (url.username === '' && url.password === '') return headers;
  if (headers.authorization !== undefined) return headers;
  const pair = `${decoded(url.username)}:${decoded(url.password)}`;
  return { ...headers, authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

/** Lower-case names; a repeated header's values joined with ", " (as the port promises). */
export function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
