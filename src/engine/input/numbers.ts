// Reading numbers, amounts of money and distances out of what a human typed.
import { Decimal } from 'decimal.js';

const WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100,
};

// Thousands separators are accepted only in groups of three, so "1,5" is not read as 15.
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[+-]?\.\d+$/;

/** A number written with digits (optionally with thousands separators) or as a small English word; canonical decimal text. */
export function parseNumber(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (NUMBER.test(t)) return new Decimal(t.replace(/,/g, '')).toString();
  const word = WORDS[t];
  return word === undefined ? null : String(word);
}

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };
const CURRENCY_WORDS: Record<string, string> = {
  dollar: 'USD', dollars: 'USD', usd: 'USD', bucks: 'USD', euro: 'EUR', euros: 'EUR', eur: 'EUR',
  pound: 'GBP', pounds: 'GBP', gbp: 'GBP', yen: 'JPY', jpy: 'JPY', cad: 'CAD', aud: 'AUD', chf: 'CHF', inr: 'INR', rupees: 'INR',
};

export interface Money {
  amount: string;
  currency: string | null;
}

const currencyOf = (word: string): string | null => SYMBOLS[word] ?? CURRENCY_WORDS[word.toLowerCase()] ?? null;

/** "$12.50", "12.50 USD", "EUR 20", "€5", "20 euros", "12.5": an amount with its currency when one is given. */
export function parseMoney(text: string): Money | null {
  const t = text.trim();
  const m = /^(?:([$€£¥₹])|([a-zA-Z]{3})\s+)?\s*([+-]?[\d,]*\.?\d+)\s*([a-zA-Z]{3,7}|[$€£¥₹])?$/.exec(t);
  if (m === null) return null;
  const amount = parseNumber(m[3]!);
  if (amount === null) return null;
  const before = m[1] ?? m[2] ?? null;
  const after = m[4] ?? null;
  // One currency at most, and a word given must be one we know.
  if (before !== null && after !== null) return null;
  const word = before ?? after;
  const currency = word === null ? null : currencyOf(word);
  if (word !== null && currency === null) return null;
  return { amount: new Decimal(amount).toFixed(2), currency };
}

const UNITS: Record<string, { unit: string; meters: number }> = {
  m: { unit: 'm', meters: 1 }, meter: { unit: 'm', meters: 1 }, meters: { unit: 'm', meters: 1 }, metre: { unit: 'm', meters: 1 }, metres: { unit: 'm', meters: 1 },
  km: { unit: 'km', meters: 1000 }, kilometer: { unit: 'km', meters: 1000 }, kilometers: { unit: 'km', meters: 1000 }, kilometre: { unit: 'km', meters: 1000 }, kilometres: { unit: 'km', meters: 1000 },
  mi: { unit: 'mi', meters: 1609.344 }, mile: { unit: 'mi', meters: 1609.344 }, miles: { unit: 'mi', meters: 1609.344 },
  ft: { unit: 'ft', meters: 0.3048 }, foot: { unit: 'ft', meters: 0.3048 }, feet: { unit: 'ft', meters: 0.3048 },
  yd: { unit: 'yd', meters: 0.9144 }, yard: { unit: 'yd', meters: 0.9144 }, yards: { unit: 'yd', meters: 0.9144 },
};

export interface Distance {
  value: number;
  unit: string;
  meters: number;
}

/** "5 km", "3.5 miles", "200m": a distance with its unit, and in meters. */
export function parseDistance(text: string): Distance | null {
  const m = /^([+-]?[\d,]*\.?\d+)\s*([a-zA-Z]+)$/.exec(text.trim());
  if (m === null) return null;
  const value = parseNumber(m[1]!);
  const unit = UNITS[m[2]!.toLowerCase()];
  if (value === null || unit === undefined) return null;
  const n = Number(value);
  return { value: n, unit: unit.unit, meters: Math.round(n * unit.meters * 1000) / 1000 };
}
