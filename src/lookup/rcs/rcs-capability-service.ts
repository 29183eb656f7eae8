// RCS capability (spec endpoints 10 and 11): which RBM agent asks, and the cached answers per agent, credential and number.
import { LRUCache } from 'lru-cache';
import { UnprocessableError } from '../../errors.js';
import { cacheClock } from '../cache-clock.js';
import { nanpLongCode } from './long-code.js';
import type { RbmAgent, RcsCapability, RcsCapabilityClient } from './rbm-client.js';
import { parseServiceAccountKey, ServiceAccountKeyProblem } from './service-account-key.js';

/** A stored channel as this service needs it; the secret is opened only when the channel is used. */
export interface RcsChannelRecord {
  id: number;
  channelType: string;
  /** The RBM agent id, for an RCS channel. */
  user: string | null;
  createdAt: string;
  /** The service-account key JSON in clear, for an RCS channel. */
  secret(): string | null;
}

/** The account's channels, with the spec's 404 (unknown) and 403 (another account's) rules in `owned`. */
export interface RcsChannelDirectory {
  owned(accountId: number, channelId: number): Promise<RcsChannelRecord>;
  list(accountId: number): Promise<RcsChannelRecord[]>;
}

export interface RcsCapabilityOptions {
  channels: RcsChannelDirectory;
  client: RcsCapabilityClient;
  /** RBM_AGENT_ID with the key of RBM_SERVICE_ACCOUNT_KEY_FILE, when the server has one. */
  defaultAgent: RbmAgent | null;
  /** RBM_TOKEN_HOSTS: the hosts a channel key's token_uri may name. */
  tokenHosts: readonly string[];
  /** How long an answer is reused; 0 asks RBM every time. */
  ttlSeconds: number;
  cacheMax?: number;
  /** Milliseconds on a monotonic clock, for the TTL; tests move it instead of waiting. */
  now?: () => number;
}

interface CapabilityRequest { agent: RbmAgent; e164: string }

const NO_AGENT = 'There is no RBM agent to ask: set RBM_AGENT_ID and RBM_SERVICE_ACCOUNT_KEY_FILE on the server, '
  + 'or create an RCS channel (channelType "rcs") whose user is the RBM agent id and whose token is that agent\'s '
  + 'service-account key JSON, or name a channel with GET /v1/manage/rcs/capability/{channel_id}/{phone_number}.';

export class RcsCapabilityService {
  private readonly cache: LRUCache<string, RcsCapability, CapabilityRequest> | null;

  constructor(private readonly options: RcsCapabilityOptions) {
    // Keyed by agent, credential and number: a channel naming someone else's agent with a key of its
    // own never reads answers fetched with theirs.
    this.cache = options.ttlSeconds === 0 ? null : new LRUCache<string, RcsCapability, CapabilityRequest>({
      max: options.cacheMax ?? 10_000,
      ttl: options.ttlSeconds * 1000,
      ...cacheClock(options.now),
      fetchMethod: (_key, _stale, { context }) => options.client.capabilities(context.agent, context.e164),
    });
  }

  /** Endpoint 10: the server's default agent, else the account's oldest RCS channel. */
  async forAccount(accountId: number, phoneNumber: string): Promise<RcsCapability> {
    const e164 = nanpLongCode(phoneNumber);
    return this.ask(this.options.defaultAgent ?? await this.oldestChannelAgent(accountId), e164);
  }

  /** Endpoint 11: that RCS channel's agent. */
  async forChannel(accountId: number, channelId: number, phoneNumber: string): Promise<RcsCapability> {
    const e164 = nanpLongCode(phoneNumber);
    return this.ask(this.agentOf(await this.options.channels.owned(accountId, channelId)), e164);
  }

  private async ask(agent: RbmAgent, e164: string): Promise<RcsCapability> {
    const request = { agent, e164 };
    if (this.cache === null) return this.options.client.capabilities(agent, e164);
    const answer = await this.cache.fetch(`${agent.agentId}\n${agent.key.fingerprint}\n${e164}`, { context: request });
    // fetch resolves undefined only when the fetch method does, which capabilities() never does.
    return answer ?? this.options.client.capabilities(agent, e164);
  }

  private async oldestChannelAgent(accountId: number): Promise<RbmAgent> {
    const rcs = (await this.options.channels.list(accountId))
      .filter((c) => c.channelType === 'rcs')
      .sort((a, b) => (a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1));
    const [oldest] = rcs;
    if (oldest === undefined) throw new UnprocessableError(NO_AGENT);
    // The oldest channel set up with an agent id and a key; if none is, the oldest says what it lacks.
    return this.agentOf(rcs.find((c) => (c.user ?? '').trim() !== '' && c.secret() !== null) ?? oldest);
  }

  private agentOf(channel: RcsChannelRecord): RbmAgent {
    if (channel.channelType !== 'rcs') {
      throw new UnprocessableError(`Channel ${channel.id} is a "${channel.channelType}" channel; an RCS capability lookup needs an RCS ("rcs") channel.`);
    }
    const agentId = (channel.user ?? '').trim();
    if (agentId === '') throw new UnprocessableError(`RCS channel ${channel.id} has no RBM agent id: set its user to the agent id (PUT /v1/channels/${channel.id}).`);
    const secret = channel.secret();
    if (secret === null) throw new UnprocessableError(`RCS channel ${channel.id} has no service-account key: set its token to the agent's key JSON (PUT /v1/channels/${channel.id}).`);
    try {
      return { agentId, key: parseServiceAccountKey(secret, this.options.tokenHosts) };
    } catch (err) {
      if (err instanceof ServiceAccountKeyProblem) throw new UnprocessableError(`RCS channel ${channel.id}'s token is not a usable service-account key: ${err.message}.`);
      throw err;
    }
  }
}
