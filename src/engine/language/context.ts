// What the language reads from the outside world: the ports the runtime implements, gathered in one context.
import { randomUUID } from 'node:crypto';
import { IANAZone } from 'luxon';

import type { StoredScope } from './reference.js';
import type { SysAttributeReader } from './sys-attributes.js';

/** Zones already checked: luxon's check builds an Intl formatter each time, which cost a third of a message's run. */
const knownZones = new Set<string>();

function isKnownZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (!IANAZone.isValidZone(zone)) return false;
  knownZones.add(zone);
  return true;
}

export type Clock = () => Date;

/** A read-only view of stored attributes (human, bot, user and shared scopes). */
export interface AttributeReader {
  /** The stored text of an attribute, undefined when it has none. */
  get(scope: StoredScope, name: string): string | undefined;
}

export interface LanguageContext {
  readonly attributes: AttributeReader;
  readonly sys: SysAttributeReader;
  readonly clock: Clock;
  /** IANA zone for `datetime:*` and for parsing zone-less date-times in dateFormat. */
  readonly timeZone: string;
  readonly uuid: () => string;
}

export interface LanguageContextParts {
  attributes: AttributeReader;
  clock: Clock;
  sys?: SysAttributeReader;
  timeZone?: string;
  uuid?: () => string;
}

const NO_SYS: SysAttributeReader = () => null;

/** Builds a context, checking the time zone once here so rendering never meets an invalid one. */
export function createLanguageContext(parts: LanguageContextParts): LanguageContext {
  const timeZone = parts.timeZone ?? 'UTC';
  if (!isKnownZone(timeZone)) throw new Error(`"${timeZone}" is not an IANA time zone.`);
  return {
    attributes: parts.attributes,
    sys: parts.sys ?? NO_SYS,
    clock: parts.clock,
    timeZone,
    uuid: parts.uuid ?? randomUUID,
  };
}
