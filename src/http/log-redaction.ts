// Secrets that travel inside URLs (user-info, token-like query values) are blanked in every log line before it is written.

/** `scheme://user:password@` (or `scheme://token@`): everything between `//` and `@` with no path, query or quote in between. */
const USER_INFO = /([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'\\<>]+@/gi;

/**
 * A query (or form) parameter whose name says it holds a secret, e.g. `access_token`, `hub.verify_token`, `api_key`,
 * `client_secret`, `password`, `sig`. The name is kept so the line still says what was sent.
 */
const SECRET_PARAMETER = /([?&;][^=&#\s"'\\]*?(?:token|secret|passw(?:or)?d|pwd|api[-_]?key|apikey|signature|\bsig|auth|credential|session|\bkey)[^=&#\s"'\\]*=)[^&#\s"'\\]+/gi;

const CENSOR = '[redacted]';

/** `line` with URL user-info and secret-named parameter values replaced; anything else untouched. */
export function redactSecrets(line: string): string {
  if (!line.includes('://') && !/[?&;]/.test(line)) return line;
  return line.replace(USER_INFO, `$1${CENSOR}@`).replace(SECRET_PARAMETER, `$1${CENSOR}`);
}
