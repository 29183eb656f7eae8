// A new person's first and last name from the Graph user profile (GET /{psid}?fields=first_name,last_name), best effort and quickly.
import type { Logger } from '../ports.js';
import { describeGraphError, readGraphError } from './graph-errors.js';
import { GraphUnavailable, type GraphHttp, type PageCredentials } from './graph-http.js';

export interface ProfileNames {
  firstName: string | null;
  lastName: string | null;
}

/** Asked after the webhook was answered, but still bounded: a slow Graph should not pile up lookups. */
const PROFILE_TIMEOUT_MS = 2000;

function name(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : null;
}

export class Profiles {
  constructor(private readonly graph: GraphHttp, private readonly timeoutMs: number) {}

  /** null when the platform does not tell (no permission for profiles, an outage): the human is stored without names. */
  async names(psid: string, credentials: PageCredentials, log: Logger): Promise<ProfileNames | null> {
    try {
      const url = this.graph.url(psid, credentials, { fields: 'first_name,last_name' });
      const res = await this.graph.call('GET', url, undefined, Math.min(this.timeoutMs, PROFILE_TIMEOUT_MS));
      const error = readGraphError(res.json);
      if (res.status !== 200 || error !== null || res.json === null || typeof res.json !== 'object') {
        log.debug({ reason: describeGraphError(res.status, error) }, 'messenger: no profile for a new person');
        return null;
      }
      const body = res.json as Record<string, unknown>;
      return { firstName: name(body.first_name), lastName: name(body.last_name) };
    } catch (err) {
      if (err instanceof GraphUnavailable) {
        log.debug({ reason: err.message }, 'messenger: no profile for a new person');
        return null;
      }
      throw err;
    }
  }
}
