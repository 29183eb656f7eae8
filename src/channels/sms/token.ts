// The SMS channel's token, read when the channel is used: which transport (SMPP or the HTTP carrier API) and its credentials.

export interface SmppTarget {
  kind: 'smpp';
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
  systemType: string;
  /** addr_ton/addr_npi/address_range of the bind (which inbound numbers this bind takes; most SMSCs ignore them). */
  addrTon: number;
  addrNpi: number;
  addressRange: string;
  /** TON/NPI of the channel's own number on submit_sm; null derives them from the number (long code or short code). */
  sourceTon: number | null;
  sourceNpi: number | null;
  keywordReplies: boolean;
  /** The SMSC's default alphabet, what data_coding 0 means on this bind (SMPP 3.4 leaves it to the SMSC). */
  defaultAlphabet: SmscAlphabet;
  /** At most this many submit_sm per second on the bind; null: as fast as the SMSC answers. */
  maxPerSecond: number | null;
}

export type SmscAlphabet = 'gsm7' | 'latin1' | 'ascii';
const SMSC_ALPHABETS: readonly SmscAlphabet[] = ['gsm7', 'latin1', 'ascii'];

export interface CarrierTarget {
  kind: 'http';
  /** Scheme, host, port and any path prefix, without a trailing slash or credentials. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  keywordReplies: boolean;
}

export type SmsTarget = SmppTarget | CarrierTarget;

export type TokenResult = { ok: true; target: SmsTarget } | { ok: false; reason: string };

const SMPP_OPTIONS = new Set(['systemType', 'addrTon', 'addrNpi', 'addressRange', 'sourceTon', 'sourceNpi', 'keywordReplies', 'defaultAlphabet', 'maxPerSecond']);
const HTTP_OPTIONS = new Set(['keywordReplies']);

function fail(reason: string): TokenResult {
  return { ok: false, reason: `the channel's token ${reason} (docs/channels/sms.md#the-token)` };
}

/** A query option that must be on/off; `absent` when it is not given. */
function flag(value: string | null, name: string, absent = true): boolean | string {
  if (value === null) return absent;
  if (['on', 'true', 'yes', '1'].includes(value.toLowerCase())) return true;
  if (['off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
  return `has ${name}=${value}; use on or off`;
}

function octet(value: string | null, name: string): number | null | string {
  if (value === null || value === '') return null;
  if (!/^\d{1,3}$/.test(value) || Number(value) > 255) return `has ${name}=${value}; it must be 0-255`;
  return Number(value);
}

function unknownOption(url: URL, known: Set<string>): string | null {
  for (const key of url.searchParams.keys()) if (!known.has(key)) return `has an unknown option "${key}"; known: ${[...known].join(', ')}`;
  return null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function smpp(url: URL): TokenResult {
  const unknown = unknownOption(url, SMPP_OPTIONS);
  if (unknown !== null) return fail(unknown);
  const systemId = decode(url.username);
  const password = decode(url.password);
  if (systemId === '') return fail('has no system_id: write smpp://systemId:password@host:port');
  // SMPP 3.4 field sizes, NUL included: system_id 16, password 9, system_type 13, address_range 41.
  if (systemId.length > 15) return fail(`has a system_id of ${systemId.length} characters; SMPP 3.4 allows 15`);
  if (password.length > 8) return fail(`has a password of ${password.length} characters; SMPP 3.4 allows 8`);
  const q = (name: string) => url.searchParams.get(name);
  const systemType = q('systemType') ?? '';
  if (systemType.length > 12) return fail(`has a systemType of ${systemType.length} characters; SMPP 3.4 allows 12`);
  const addressRange = q('addressRange') ?? '';
  if (addressRange.length > 40) return fail(`has an addressRange of ${addressRange.length} characters; SMPP 3.4 allows 40`);
  const numbers = { addrTon: octet(q('addrTon'), 'addrTon'), addrNpi: octet(q('addrNpi'), 'addrNpi'), sourceTon: octet(q('sourceTon'), 'sourceTon'), sourceNpi: octet(q('sourceNpi'), 'sourceNpi') };
  for (const v of Object.values(numbers)) if (typeof v === 'string') return fail(v);
  const replies = flag(q('keywordReplies'), 'keywordReplies');
  if (typeof replies === 'string') return fail(replies);
  const alphabet = (q('defaultAlphabet') ?? 'gsm7').toLowerCase();
  if (!(SMSC_ALPHABETS as readonly string[]).includes(alphabet)) return fail(`has defaultAlphabet=${q('defaultAlphabet')}; use ${SMSC_ALPHABETS.join(', ')}`);
  const rate = q('maxPerSecond');
  if (rate !== null && (!/^\d{1,4}(\.\d{1,3})?$/.test(rate) || Number(rate) <= 0)) return fail(`has maxPerSecond=${rate}; it must be a positive number`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return fail('names no SMSC host');
  return {
    ok: true,
    target: {
      kind: 'smpp', host, port: url.port === '' ? 2775 : Number(url.port), tls: url.protocol === 'smpps:', systemId, password, systemType,
      addrTon: (numbers.addrTon as number | null) ?? 0, addrNpi: (numbers.addrNpi as number | null) ?? 0, addressRange,
      sourceTon: numbers.sourceTon as number | null, sourceNpi: numbers.sourceNpi as number | null, keywordReplies: replies,
      defaultAlphabet: alphabet as SmscAlphabet, maxPerSecond: rate === null ? null : Number(rate),
    },
  };
}

function carrier(url: URL): TokenResult {
  const unknown = unknownOption(url, HTTP_OPTIONS);
  if (unknown !== null) return fail(unknown);
  const accountSid = decode(url.username);
  const authToken = decode(url.password);
  if (accountSid === '' || authToken === '') return fail('needs the account SID and auth token: https://AccountSid:AuthToken@host');
  if (/[/?#\s]/.test(accountSid)) return fail('has an account SID with "/", "?", "#" or spaces');
  // Twilio-style carriers filter STOP, START and HELP themselves by default and send their own confirmation: a second
  // one from Parley would be refused (the human is on the carrier's opt-out list) or, for HELP, sent twice.
  const replies = flag(url.searchParams.get('keywordReplies'), 'keywordReplies', false);
  if (typeof replies === 'string') return fail(replies);
  if (url.hash !== '') return fail('has a #fragment; remove it');
  const baseUrl = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  return { ok: true, target: { kind: 'http', baseUrl, accountSid, authToken, keywordReplies: replies } };
}

/**
 * `smpp://systemId:password@host:port?…` or `smpps://…` (SMPP 3.4 over TCP or TLS);
 * `https://AccountSid:AuthToken@host[/prefix][?…]` (the Twilio-style REST API at that base);
 * `AccountSid:AuthToken` (that API at SMS_CARRIER_API_URL).
 */
export function parseSmsToken(token: string | null, carrierApiUrl: string): TokenResult {
  if (token === null || token.trim() === '') return fail('is empty: set smpp://… or https://AccountSid:AuthToken@host');
  const raw = token.trim();
  if (!raw.includes('://')) {
    const at = raw.indexOf(':');
    if (at <= 0 || at === raw.length - 1 || /[@/\s]/.test(raw)) return fail('is neither a URL nor AccountSid:AuthToken');
    const credentials = `${encodeURIComponent(raw.slice(0, at))}:${encodeURIComponent(raw.slice(at + 1))}@`;
    return parseSmsToken(carrierApiUrl.replace(/^(https?:\/\/)/, `$1${credentials}`), carrierApiUrl);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('is not a valid URL');
  }
  switch (url.protocol) {
    case 'smpp:':
    case 'smpps:':
      return smpp(url);
    case 'http:':
    case 'https:':
      return carrier(url);
    default:
      return fail(`uses ${url.protocol}//; use smpp://, smpps://, https:// (or http://)`);
  }
}
