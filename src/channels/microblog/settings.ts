// A twr channel's settings read from its record: the account's user id and the OAuth 1.0a credentials its token holds.
import type { ChannelRecord } from '../types.js';

/** OAuth 1.0a user context: the app's consumer key and secret, and the account's access token and secret. */
export interface OAuthCredentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export interface MicroblogSettings {
  /** The account's numeric user id: whose DMs the channel sends and receives. */
  userId: string;
  credentials: OAuthCredentials;
}

/** The server-wide app (MICROBLOG_CONSUMER_KEY/SECRET) for channels whose token carries only the account's access token. */
export interface AppDefaults {
  consumerKey: string | null;
  consumerSecret: string | null;
}

/** Why a channel cannot be used; the message names fields, never secret values. */
export class MicroblogSetupProblem extends Error {
  override name = 'MicroblogSetupProblem';
}

const FIELDS = ['consumerKey', 'consumerSecret', 'accessToken', 'accessTokenSecret'] as const;
type TokenFields = Partial<Record<(typeof FIELDS)[number], string>>;

/** User ids are decimal numbers (64-bit snowflakes or older, shorter ids). */
export const USER_ID = /^\d{1,20}$/;

function tokenFields(channel: ChannelRecord): TokenFields {
  if (channel.token === null || channel.token.trim() === '') {
    throw new MicroblogSetupProblem(`twr channel ${channel.id} has no token: set it to the JSON {"consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"} (docs/channels/microblog.md)`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(channel.token);
  } catch { /* reported below, without quoting the secret */ }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new MicroblogSetupProblem(`twr channel ${channel.id}'s token is not a JSON object; it must be {"consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"}`);
  }
  const fields: TokenFields = {};
  for (const key of FIELDS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.trim() === '') throw new MicroblogSetupProblem(`twr channel ${channel.id}'s token property "${key}" must be a non-empty string`);
    fields[key] = value.trim();
  }
  return fields;
}

function userId(channel: ChannelRecord): string {
  const id = (channel.user ?? '').trim();
  if (!USER_ID.test(id)) throw new MicroblogSetupProblem(`twr channel ${channel.id}'s user must be the account's numeric user id, got "${id.slice(0, 40)}"`);
  return id;
}

/** Everything delivery needs; throws MicroblogSetupProblem naming what to fix. */
export function microblogSettings(channel: ChannelRecord, defaults: AppDefaults): MicroblogSettings {
  const id = userId(channel);
  const fields = tokenFields(channel);
  const consumerKey = fields.consumerKey ?? defaults.consumerKey;
  const consumerSecret = fields.consumerSecret ?? defaults.consumerSecret;
  const missing = [
    consumerKey === null ? 'consumerKey' : null,
    consumerSecret === null ? 'consumerSecret' : null,
    fields.accessToken === undefined ? 'accessToken' : null,
    fields.accessTokenSecret === undefined ? 'accessTokenSecret' : null,
  ].filter((f) => f !== null);
  if (missing.length > 0) {
    const app = consumerKey === null || consumerSecret === null ? ' (or set MICROBLOG_CONSUMER_KEY and MICROBLOG_CONSUMER_SECRET for the server\'s app)' : '';
    throw new MicroblogSetupProblem(`twr channel ${channel.id}'s token JSON has no ${missing.map((f) => `"${f}"`).join(', ')}${app}`);
  }
  // Access tokens start with the id of the account they act for: a token of another account would send as that account.
  const owner = /^(\d{1,20})-/.exec(fields.accessToken!)?.[1];
  if (owner !== undefined && owner !== id) {
    throw new MicroblogSetupProblem(`twr channel ${channel.id}'s access token belongs to user ${owner}, not to the channel's user ${id}`);
  }
  return { userId: id, credentials: { consumerKey: consumerKey!, consumerSecret: consumerSecret!, accessToken: fields.accessToken!, accessTokenSecret: fields.accessTokenSecret! } };
}

/** The consumer secret alone: the CRC and the webhook signature need nothing else, and must not fail on an unrelated setting. */
export function webhookSecret(channel: ChannelRecord, defaults: AppDefaults): string | null {
  try {
    return tokenFields(channel).consumerSecret ?? defaults.consumerSecret;
  } catch (err) {
    if (err instanceof MicroblogSetupProblem) return defaults.consumerSecret;
    throw err;
  }
}
