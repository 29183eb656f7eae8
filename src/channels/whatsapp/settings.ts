// A wha channel's settings read from its record: the phone-number id (user), and from the sealed token the access token, app secret, verify token, business account id and declared templates.
import type { ChannelRecord } from '../types.js';

/** Server-wide fallbacks (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN) for channels whose token carries only the access token. */
export interface SecretDefaults {
  appSecret: string | null;
  verifyToken: string | null;
}

/** A template the channel's token declares (for a token that cannot read the business account's templates). */
export interface DeclaredTemplate {
  name: string;
  language: string;
  category: string | null;
  /** The body's text with its {{1}} placeholders, shown to people choosing a template. */
  body: string | null;
}

export interface WhatsAppSettings {
  phoneNumberId: string;
  accessToken: string;
  /** Signs webhook events; null: none configured (events are refused). */
  appSecret: string | null;
  verifyToken: string | null;
  /** The WhatsApp Business Account id: its message templates are listed when the token may read them. */
  businessAccountId: string | null;
  declaredTemplates: DeclaredTemplate[];
  /** Whether inbound messages are marked read (blue ticks) once received; default true. */
  markAsRead: boolean;
}

/** Why a channel cannot be used; the message names fields, never secret values. */
export class WhatsAppSetupProblem extends Error {
  override name = 'WhatsAppSetupProblem';
}

const STRING_PROPERTIES = ['accessToken', 'appSecret', 'verifyToken', 'businessAccountId'] as const;
const KNOWN = [...STRING_PROPERTIES, 'templates', 'markAsRead'];

interface TokenFields {
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
  businessAccountId?: string;
  templates?: DeclaredTemplate[];
  markAsRead?: boolean;
}

function templatesOf(channel: ChannelRecord, value: unknown): DeclaredTemplate[] {
  const where = `wha channel ${channel.id}'s token "templates"`;
  if (!Array.isArray(value)) throw new WhatsAppSetupProblem(`${where} must be an array of {"name", "language"} objects`);
  return value.map((t: unknown, i) => {
    const o = (t !== null && typeof t === 'object' && !Array.isArray(t) ? t : {}) as Record<string, unknown>;
    const name = typeof o.name === 'string' ? o.name.trim() : '';
    const language = typeof o.language === 'string' ? o.language.trim() : '';
    if (!/^[a-z0-9_]{1,512}$/.test(name)) throw new WhatsAppSetupProblem(`${where}[${i}].name must be a template name (lowercase letters, digits, _)`);
    if (!/^[a-z]{2,3}(?:_[A-Za-z0-9]{2,8})?$/.test(language)) throw new WhatsAppSetupProblem(`${where}[${i}].language must be a language code such as en_US`);
    return {
      name, language,
      category: typeof o.category === 'string' ? o.category : null,
      body: typeof o.body === 'string' ? o.body.slice(0, 1024) : null,
    };
  });
}

function tokenFields(channel: ChannelRecord): TokenFields {
  const raw = channel.token?.trim() ?? '';
  if (raw === '') throw new WhatsAppSetupProblem(`wha channel ${channel.id} has no token: set it to the access token, or to a JSON object with "accessToken" (docs/channels/whatsapp.md)`);
  if (!raw.startsWith('{')) {
    if (/\s/.test(raw)) throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token is neither an access token (no spaces) nor a JSON object`);
    return { accessToken: raw };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch { /* reported below, without quoting the secret */ }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token starts with "{" but is not a JSON object`);
  const fields: TokenFields = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!KNOWN.includes(key)) throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token has an unknown property "${key.slice(0, 40)}"; known: ${KNOWN.join(', ')}`);
    if (value === null) continue;
    if (key === 'templates') fields.templates = templatesOf(channel, value);
    else if (key === 'markAsRead') {
      if (typeof value !== 'boolean') throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token property "markAsRead" must be true or false`);
      fields.markAsRead = value;
    } else {
      if (typeof value !== 'string' || value.trim() === '') throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token property "${key}" must be a non-empty string`);
      fields[key as (typeof STRING_PROPERTIES)[number]] = value.trim();
    }
  }
  return fields;
}

function phoneNumberId(channel: ChannelRecord): string {
  const id = (channel.user ?? '').trim();
  if (!/^\d{1,30}$/.test(id)) throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s user must be the numeric phone-number id (WhatsApp Manager, API setup), got "${id.slice(0, 40)}"`);
  return id;
}

/** Everything delivery needs; throws WhatsAppSetupProblem naming what to fix. */
export function whatsappSettings(channel: ChannelRecord, defaults: SecretDefaults): WhatsAppSettings {
  const id = phoneNumberId(channel);
  const fields = tokenFields(channel);
  if (fields.accessToken === undefined) throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token JSON has no "accessToken"`);
  if (fields.businessAccountId !== undefined && !/^\d{1,30}$/.test(fields.businessAccountId)) {
    throw new WhatsAppSetupProblem(`wha channel ${channel.id}'s token "businessAccountId" must be the numeric WhatsApp Business Account id`);
  }
  return {
    phoneNumberId: id,
    accessToken: fields.accessToken,
    appSecret: fields.appSecret ?? defaults.appSecret,
    verifyToken: fields.verifyToken ?? defaults.verifyToken,
    businessAccountId: fields.businessAccountId ?? null,
    declaredTemplates: fields.templates ?? [],
    markAsRead: fields.markAsRead ?? true,
  };
}

/** The webhook's secrets alone: checking a signature or a handshake must not fail on an unrelated setting. */
export function webhookSecrets(channel: ChannelRecord, defaults: SecretDefaults): SecretDefaults {
  let fields: TokenFields = {};
  try {
    fields = tokenFields(channel);
  } catch (err) {
    if (!(err instanceof WhatsAppSetupProblem)) throw err;
  }
  return { appSecret: fields.appSecret ?? defaults.appSecret, verifyToken: fields.verifyToken ?? defaults.verifyToken };
}
