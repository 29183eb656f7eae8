// Google RBM phones.agentMessages.create: one agent message to one number, its outcome read the way delivery needs it.
import { AppError } from '../../errors.js';
import {
  type AccessTokenSource, callUpstream, describeGoogleError, type RbmAgent, type UpstreamResponse,
} from '../../lookup/index.js';
import { isRetryableStatus, retryOutcome } from '../shared/retry.js';
import type { AgentMessage } from './agent-message.js';

const UPSTREAM = 'Google RBM';

export type SendResult =
  /** Accepted now, or earlier (409 ALREADY_EXISTS: this message id was sent before, e.g. by an attempt that timed out). */
  | { kind: 'sent' }
  /** 404: the number is not RCS-enabled, or the agent is not launched on its network (RBM does not tell which). */
  | { kind: 'notRcs' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export interface RbmMessagesOptions {
  /** e.g. https://rcsbusinessmessaging.googleapis.com (no trailing /v1). */
  apiUrl: string;
  timeoutMs: number;
  tokens: AccessTokenSource;
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export class RbmMessages {
  constructor(private readonly options: RbmMessagesOptions) {}

  async send(agent: RbmAgent, e164: string, messageId: string, message: AgentMessage): Promise<SendResult> {
    let res: UpstreamResponse;
    try {
      res = await this.post(agent, e164, messageId, message);
      // A 401 means the cached token went bad before its time (revoked, key rotated): one fresh try.
      if (res.status === 401) res = await this.post(agent, e164, messageId, message, true);
    } catch (err) {
      // Timeouts, unreachable, broken exchanges (502/504 from callUpstream), and token endpoint failures.
      if (err instanceof AppError) return { kind: 'retry', reason: err.message };
      throw err;
    }
    const why = `${UPSTREAM} answered ${res.status}${describeGoogleError(res.json)}`;
    if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
    if (res.status === 409) return { kind: 'sent' };
    if (res.status === 404) return { kind: 'notRcs' };
    if (isRetryableStatus(res.status)) return retryOutcome(why, retryAfterMs(res.retryAfter, new Date()));
    return { kind: 'failed', reason: why };
  }

  private async post(agent: RbmAgent, e164: string, messageId: string, message: AgentMessage, retry = false): Promise<UpstreamResponse> {
    const token = await this.options.tokens.token(agent.key);
    const url = new URL(`${this.options.apiUrl.replace(/\/+$/, '')}/v1/phones/${e164}/agentMessages`);
    url.searchParams.set('messageId', messageId);
    url.searchParams.set('agentId', agent.agentId);
    const res = await callUpstream(UPSTREAM, url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      timeoutMs: this.options.timeoutMs,
    });
    if (res.status === 401 && !retry) await this.options.tokens.forget(agent.key, token);
    return res;
  }
}
