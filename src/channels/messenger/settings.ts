// An fb channel's settings read from its record: the page id (user), and from the sealed token the page access token, app secret, verify token and message tag.
import type { ChannelRecord } from '../types.js';

/** Server-wide fallbacks (MESSENGER_APP_SECRET, MESSENGER_VERIFY_TOKEN) for channels whose token carries only the page token. */
export interface SecretDefaults {
  appSecret: string | null;
  verifyToken: string | null;
}

/** The tags the platform takes with messaging_type MESSAGE_TAG (messages outside the 24-hour window). */
export const MESSAGE_TAGS = new Set(['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT']);

const TOKEN_PROPERTIES = ['pageAccessToken', 'appSecret', 'verifyToken', 'messageTag'] as const;

export interface MessengerSettings {
  pageId: string;
  pageAccessToken: string;
  /** Signs webhook events and the Graph calls' appsecret_proof; null: none configured. */
  appSecret: string | null;
  verifyToken: string | null;
  /** Sent as MESSAGE_TAG with this tag when the human last wrote more than 24 hours ago; null: such messages are refused by the platform. */
  messageTag: string | null;
}

/** Why a channel cannot be used; the message names fields, never secret values. */
export class MessengerSetupProblem extends Error {
  override name = 'MessengerSetupProblem';
}

type TokenFields = Partial<Record<(typeof TOKEN_PROPERTIES)[number], string>>;

function tokenFields(channel: ChannelRecord): TokenFields {
  const raw = channel.token?.trim() ?? '';
  if (raw === '') throw new MessengerSetupProblem(`fb channel ${channel.id} has no token: set it to the page access token, or to a JSON object with "pageAccessToken" (docs/channels/messenger.md)`);
  if (!raw.startsWith('{')) {
    if (/\s/.test(raw)) throw new MessengerSetupProblem(`fb channel ${channel.id}'s token is neither a page access token (no spaces) nor a JSON object`);
    return { pageAccessToken: raw };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch { /* reported below, without quoting the secret */ }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new MessengerSetupProblem(`fb channel ${channel.id}'s token starts with "{" but is not a JSON object`);
  const fields: TokenFields = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!(TOKEN_PROPERTIES as readonly string[]).includes(key)) {
      throw new MessengerSetupProblem(`fb channel ${channel.id}'s token has an unknown property "${key.slice(0, 40)}"; known: ${TOKEN_PROPERTIES.join(', ')}`);
    }
    if (value === null) continue;
    if (typeof value !== 'string' || value.trim() === '') throw new MessengerSetupProblem(`fb channel ${channel.id}'s token property "${key}" must be a non-empty string`);
    fields[key as keyof TokenFields] = value.trim();
  }
  return fields;
}

function pageId(channel: ChannelRecord): string {
  const id = (channel.user ?? '').trim();
  if (!/^\d{1,30}$/.test(id)) throw new MessengerSetupProblem(`fb channel ${channel.id}'s user must be the numeric page id, got "${id.slice(0, 40)}"`);
  return id;
}

/** Everything delivery needs; throws MessengerSetupProblem naming what to fix. */
export function messengerSettings(channel: ChannelRecord, defaults: SecretDefaults): MessengerSettings {
  const id = pageId(channel);
  const fields = tokenFields(channel);
  if (fields.pageAccessToken === undefined) throw new MessengerSetupProblem(`fb channel ${channel.id}'s token JSON has no "pageAccessToken"`);
  const tag = fields.messageTag ?? null;
  if (tag !== null && !MESSAGE_TAGS.has(tag)) throw new MessengerSetupProblem(`fb channel ${channel.id}'s token has messageTag "${tag.slice(0, 40)}"; the platform takes ${[...MESSAGE_TAGS].join(', ')}`);
  return {
    pageId: id,
    pageAccessToken: fields.pageAccessToken,
    appSecret: fields.appSecret ?? defaults.appSecret,
    verifyToken: fields.verifyToken ?? defaults.verifyToken,
    messageTag: tag,
  };
}

/** The channel's message tag (what lets a message out after the 24-hour window), or null when none or the token is unusable. */
export function messageTagOf(channel: ChannelRecord): string | null {
  try {
    const tag = tokenFields(channel).messageTag ?? null;
    return tag !== null && MESSAGE_TAGS.has(tag) ? tag : null;
  } catch (err) {
    if (err instanceof MessengerSetupProblem) return null;
    throw err;
  }
}

/** The webhook's secrets alone: checking a signature or a handshake must not fail on an unrelated setting. */
export function webhookSecrets(channel: ChannelRecord, defaults: SecretDefaults): SecretDefaults {
  let fields: TokenFields = {};
  try {
    fields = tokenFields(channel);
  } catch (err) {
    if (!(err instanceof MessengerSetupProblem)) throw err;
  }
  return { appSecret: fields.appSecret ?? defaults.appSecret, verifyToken: fields.verifyToken ?? defaults.verifyToken };
}
