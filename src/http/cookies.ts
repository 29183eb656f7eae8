// The console's two cookies: the httpOnly session and the CSRF token the page reads and repeats in a header.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'parley_session';
export const CSRF_COOKIE = 'parley_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The value of one cookie of the request, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** Secure when the client reached the server over HTTPS (PUBLIC_URL says so behind a proxy). */
function secure(request: FastifyRequest, publicUrl: string | null): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

function cookie(name: string, value: string, attrs: { httpOnly: boolean; secure: boolean; expires: Date }): string {
  return [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Expires=${attrs.expires.toUTCString()}`, 'SameSite=Strict',
    ...(attrs.httpOnly ? ['HttpOnly'] : []), ...(attrs.secure ? ['Secure'] : [])].join('; ');
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, publicUrl: string | null, s: { token: string; csrfToken: string; expiresAt: Date }): void {
  const isSecure = secure(request, publicUrl);
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, s.token, { httpOnly: true, secure: isSecure, expires: s.expiresAt }),
    cookie(CSRF_COOKIE, s.csrfToken, { httpOnly: false, secure: isSecure, expires: s.expiresAt }),
  ]);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, publicUrl: string | null): void {
  const isSecure = secure(request, publicUrl);
  const past = new Date(0);
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, '', { httpOnly: true, secure: isSecure, expires: past }),
    cookie(CSRF_COOKIE, '', { httpOnly: false, secure: isSecure, expires: past }),
  ]);
}
