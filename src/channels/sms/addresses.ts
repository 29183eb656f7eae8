// Phone numbers on SMS channels: the channel's own long code or short code, humans' numbers in E.164, and SMPP's TON/NPI forms.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { ChannelRecord } from '../types.js';

const E164 = /^\+[1-9]\d{6,14}$/;
const SHORT_CODE = /^\d{3,8}$/;

/** TON/NPI values of SMPP 3.4 §5.2.5-6. */
export const TON = { unknown: 0, international: 1, national: 2, networkSpecific: 3, alphanumeric: 5 } as const;
export const NPI = { unknown: 0, isdn: 1 } as const;

export type Sender = { ok: true; number: string; shortCode: boolean } | { ok: false; reason: string };

/** The number the channel sends from: a long code in E.164 on dlc, a short code (3-8 digits) on dsc. */
export function senderOf(channel: ChannelRecord): Sender {
  const user = channel.user?.trim() ?? '';
  if (channel.type === 'dsc') {
    if (SHORT_CODE.test(user)) return { ok: true, number: user, shortCode: true };
    return { ok: false, reason: `the channel's user must be its short code (3-8 digits), got "${user}"` };
  }
  if (E164.test(user)) return { ok: true, number: user, shortCode: false };
  return { ok: false, reason: `the channel's user must be its long code in E.164 (e.g. +15551234567), got "${user}"` };
}

function country(code: string | null): CountryCode {
  return (code ?? 'US') as CountryCode;
}

/** A recipient in E.164: E.164 as is, a national number read in the channel's country (US by default); null when it is no phone number. */
export function toE164(address: string, countryCode: string | null): string | null {
  const trimmed = address.trim();
  if (E164.test(trimmed)) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, country(countryCode));
  return parsed !== undefined && parsed.isPossible() ? parsed.number : null;
}

/** What SMPP carries: digits without the +. */
export function smppDigits(e164: string): string {
  return e164.replace(/^\+/, '');
}

/** An inbound SMPP source address as the human's E.164 number (international TON, or a number read in the channel's country). */
export function fromSmppAddress(addr: string, ton: number, countryCode: string | null): string {
  const trimmed = addr.trim();
  if (ton === TON.alphanumeric) return trimmed;
  const digits = trimmed.replace(/^\+/, '');
  if (ton === TON.international && /^\d+$/.test(digits)) return `+${digits}`;
  if (trimmed.startsWith('+')) return trimmed;
  // Without a TON, a number long enough to hold a country code is taken as international.
  if (ton === TON.unknown && /^[1-9]\d{10,14}$/.test(digits)) return `+${digits}`;
  return toE164(trimmed, countryCode) ?? trimmed;
}

/** Whether a sending number is toll-free (US 8XX and its like elsewhere), which carriers pace apart from other long codes. */
export function isTollFree(number: string): boolean {
  return parsePhoneNumberFromString(number)?.getType() === 'TOLL_FREE';
}
