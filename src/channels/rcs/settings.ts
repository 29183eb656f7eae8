// An RCS channel's settings read from its record: the RBM agent and key, the webhook's client token, the SMS fallback, layout defaults.
import { parseServiceAccountKey, type RbmAgent, ServiceAccountKeyProblem } from '../../lookup/index.js';
import type { ChannelRecord } from '../types.js';

/** The property of the token's JSON that holds the webhook's clientToken (docs/channels/rcs.md: it stays sealed with the key). */
export const CLIENT_TOKEN_PROPERTY = 'webhook_client_token';

export type CardWidth = 'SMALL' | 'MEDIUM';

export interface RcsSettings {
  agent: RbmAgent;
  /** null: the webhook refuses every request (there is nothing to check signatures with). */
  webhookClientToken: string | null;
  /** A dlc/dsc channel of the same account that carries messages to numbers without RCS; null: such messages fail. */
  smsFallbackChannelId: number | null;
  carouselCardWidth: CardWidth;
}

/** Why a channel cannot be used; the message names fields, never secret values. */
export class RcsSetupProblem extends Error {
  override name = 'RcsSetupProblem';
}

function tokenDocument(channel: ChannelRecord): Record<string, unknown> {
  if (channel.token === null) throw new RcsSetupProblem(`RCS channel ${channel.id} has no token: set it to the RBM agent's service-account key JSON`);
  try {
    const parsed: unknown = JSON.parse(channel.token);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch { /* reported below, without quoting the secret */ }
  throw new RcsSetupProblem(`RCS channel ${channel.id}'s token is not JSON; it must be the service-account key file Google issues`);
}

/** The webhook's client token alone: signature checks need nothing else, and must not fail on an unrelated key problem. */
export function webhookClientToken(channel: ChannelRecord): string | null {
  if (channel.token === null) return null;
  try {
    const value = tokenDocument(channel)[CLIENT_TOKEN_PROPERTY];
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

function fallbackChannelId(channel: ChannelRecord): number | null {
  const value = channel.data?.smsFallbackChannelId;
  if (value === undefined || value === null) return null;
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new RcsSetupProblem(`RCS channel ${channel.id}'s data.smsFallbackChannelId must be the id of an SMS channel (a positive integer)`);
  }
  return id;
}

function cardWidth(channel: ChannelRecord): CardWidth {
  const value = channel.data?.carouselCardWidth;
  if (value === undefined || value === null) return 'MEDIUM';
  if (value === 'SMALL' || value === 'MEDIUM') return value;
  throw new RcsSetupProblem(`RCS channel ${channel.id}'s data.carouselCardWidth must be "SMALL" or "MEDIUM"`);
}

/** Everything delivery needs; throws RcsSetupProblem naming what to fix. */
export function rcsSettings(channel: ChannelRecord, tokenHosts: readonly string[]): RcsSettings {
  const agentId = (channel.user ?? '').trim();
  if (agentId === '') throw new RcsSetupProblem(`RCS channel ${channel.id} has no RBM agent id: set its user to the agent id`);
  tokenDocument(channel);
  let key;
  try {
    key = parseServiceAccountKey(channel.token!, tokenHosts);
  } catch (err) {
    if (err instanceof ServiceAccountKeyProblem) throw new RcsSetupProblem(`RCS channel ${channel.id}'s token is not a usable service-account key: ${err.message}`);
    throw err;
  }
  return {
    agent: { agentId, key },
    webhookClientToken: webhookClientToken(channel),
    smsFallbackChannelId: fallbackChannelId(channel),
    carouselCardWidth: cardWidth(channel),
  };
}
