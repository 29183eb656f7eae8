// The console's one way to the server: the typed client (sdk/), signed in by the session cookie, repeating the CSRF token.
import { createParleyClient, ParleyError, type ErrorObject } from '../../../sdk/index.js';

export { must, ParleyError } from '../../../sdk/index.js';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export const api = createParleyClient({ baseUrl: '', csrfToken: () => readCookie('parley_csrf') });

/** Fired when the server no longer takes the session (expired, revoked elsewhere, password changed): the console shows the sign-in. */
export const SIGNED_OUT = 'parley:signed-out';
api.use({
  onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    if (response.status === 401 && !path.startsWith('/v1/sessions')) window.dispatchEvent(new Event(SIGNED_OUT));
    return response;
  },
});

/** What to tell a person about a failed call. */
export function problemText(error: unknown): string {
  if (error instanceof ParleyError) {
    const body: ErrorObject | undefined = error.body;
    return body?.description ?? `The server answered ${error.status}.`;
  }
  return error instanceof Error ? error.message : String(error);
}
