// Google RBM API client for phones.getCapabilities: which RCS features a user's device has, as one agent sees it.
import crypto from 'node:crypto';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { BadGatewayError } from '../../errors.js';
import { callUpstream, type UpstreamResponse } from '../upstream-http.js';
import type { AccessTokenSource } from './access-tokens.js';
import type { ServiceAccountKey } from './service-account-key.js';

export const RBM_SCOPE = 'https://www.googleapis.com/auth/rcsbusinessmessaging';
const UPSTREAM = 'Google RBM';

/** The spec's RCS capability object. */
export interface RcsCapability {
  rbmEnabled: boolean;
  features: string[];
  name: null;
}

/** An RBM agent and the service-account key that may act for it. */
export interface RbmAgent {
  agentId: string;
  key: ServiceAccountKey;
}

export interface RcsCapabilityClient {
  capabilities(agent: RbmAgent, e164: string): Promise<RcsCapability>;
}

const CapabilitiesBody = Type.Object({ features: Type.Optional(Type.Array(Type.String())) });
const GoogleError = Type.Object({ error: Type.Object({ code: Type.Optional(Type.Number()), message: Type.Optional(Type.String()), status: Type.Optional(Type.String()) }) });

export interface RbmClientOptions {
  /** e.g. https://rcsbusinessmessaging.googleapis.com (no trailing /v1). */
  apiUrl: string;
  timeoutMs: number;
  tokens: AccessTokenSource;
}

export class RbmClient implements RcsCapabilityClient {
  constructor(private readonly options: RbmClientOptions) {}

  /** 200 is an RCS-reachable user and its features; 404 is RBM's answer for a user it cannot reach. */
  async capabilities(agent: RbmAgent, e164: string): Promise<RcsCapability> {
    let res = await this.get(agent, e164);
    // A 401 means the cached token went bad before its time (revoked, key rotated): one fresh try.
    if (res.status === 401) res = await this.get(agent, e164, true);
    if (res.status === 404) return { rbmEnabled: false, features: [], name: null };
    if (res.status !== 200) throw new BadGatewayError(`${UPSTREAM} answered ${res.status}${describeGoogleError(res.json)} for agent ${agent.agentId}.`);
    if (!Value.Check(CapabilitiesBody, res.json)) throw new BadGatewayError(`${UPSTREAM} answered 200 with a body that is not a capabilities object.`);
    return { rbmEnabled: true, features: res.json.features ?? [], name: null };
  }

  private async get(agent: RbmAgent, e164: string, retry = false): Promise<UpstreamResponse> {
    const token = await this.options.tokens.token(agent.key);
    const url = new URL(`${this.options.apiUrl.replace(/\/+$/, '')}/v1/phones/${e164}/capabilities`);
    // A fresh UUID each time: RBM ignores a request whose requestId the agent used before.
    url.searchParams.set('requestId', crypto.randomUUID());
    url.searchParams.set('agentId', agent.agentId);
    const res = await callUpstream(UPSTREAM, url, { method: 'GET', headers: { authorization: `Bearer ${token}` }, timeoutMs: this.options.timeoutMs });
    if (res.status === 401 && !retry) await this.options.tokens.forget(agent.key, token);
    return res;
  }
}

/** ` STATUS (message)` from a Google API error body, or '' when the body is not one. */
export function describeGoogleError(body: unknown): string {
  if (!Value.Check(GoogleError, body)) return '';
  const { status, message } = body.error;
  return `${status ? ` ${status}` : ''}${message ? ` (${message.slice(0, 200)})` : ''}`;
}
