// The SignatureCertChainUrl check: after normalization (dot segments, case of scheme and host), https on s3.amazonaws.com, port 443, path under /echo.api/.

export const CERT_HOST = 's3.amazonaws.com';
export const CERT_PATH_PREFIX = '/echo.api/';

export type CertUrlCheck =
  /** `url`: the normalized URL (the cache key); `path`: its path and query, fetched from the configured base. */
  | { ok: true; url: string; path: string }
  | { ok: false; reason: string };

/**
 * The platform's rules for where a signing chain may come from. WHATWG URL parsing does the
 * normalization it asks for: `..` and `%2e%2e` segments are resolved, scheme and host lower-cased,
 * and the default port dropped, so `https://S3.AmazonAWS.com:443/echo.api/../echo.api/x.pem` passes
 * while the path prefix stays case-sensitive (`/EcHo.aPi/` fails).
 */
export function checkCertUrl(raw: string): CertUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'SignatureCertChainUrl is not an absolute URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `SignatureCertChainUrl must use https, not ${url.protocol.replace(/:$/, '')}` };
  if (url.hostname !== CERT_HOST) return { ok: false, reason: `SignatureCertChainUrl must be on ${CERT_HOST}` };
  // URL drops the scheme's default port, so any port left is not 443.
  if (url.port !== '') return { ok: false, reason: 'SignatureCertChainUrl may name no port but 443' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'SignatureCertChainUrl must not carry credentials' };
  if (!url.pathname.startsWith(CERT_PATH_PREFIX)) return { ok: false, reason: `SignatureCertChainUrl's path must start with ${CERT_PATH_PREFIX}` };
  url.hash = '';
  return { ok: true, url: url.toString(), path: `${url.pathname}${url.search}` };
}
