// One row of a bulk import of humans read into what it sets (docs/humans-import.md): its columns checked, every problem
// named by its column, and nothing taken from a row with a problem.
import { CONSENT_FAMILIES, type ConsentFamily } from '../../channel-types.js';
import { AppError } from '../../errors.js';
import { EMAIL_PATTERN } from '../../formats.js';
import { findBadText } from '../../text-guard.js';
import { storedAttributeName } from '../human-attributes.js';
import { normalizePhone } from '../humans.js';

export interface ConsentGiven { family: ConsentFamily; state: 'in' | 'out'; date: string | null; proof: string | null }

/** What a row asks for; absent fields are left as the human has them. */
export interface ImportedHuman {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  tags: string[];
  attributes: Map<string, string>;
  identities: { channelId: number; address: string }[];
  subscriptions: { channelId: number; subscribed: boolean }[];
  consent: ConsentGiven[];
}

export interface FieldProblem { field: string | null; reason: string }

export type ReadRow = { ok: true; human: ImportedHuman } | { ok: false; problems: FieldProblem[] };

const EMAIL = new RegExp(EMAIL_PATTERN);
const FAMILIES = new Set<string>(CONSENT_FAMILIES);
const YES = new Set(['true', 'yes', 'y', '1', 'in']);
const NO = new Set(['false', 'no', 'n', '0', 'out']);
const NAME_LENGTH = 255;
const PROOF_LENGTH = 1000;
const ADDRESS_LENGTH = 255;

/** The columns a file may have: fixed names, and the prefixed ones with what follows the prefix. */
export const COLUMN_HELP = 'firstName, lastName, phone, email, tags, attributes.<name>, identity.<channelId>, subscribed.<channelId>, '
  + `consent.<family>, consent.<family>.date, consent.<family>.proof (families: ${CONSENT_FAMILIES.join(', ')})`;

/** Whether a column name is one an import reads (a CSV header is checked before any row is taken). */
export function knownColumn(column: string): boolean {
  if (['firstName', 'lastName', 'phone', 'email', 'tags'].includes(column)) return true;
  const [prefix, rest, extra, ...more] = column.split('.');
  if (more.length > 0 || rest === undefined || rest === '') return false;
  if (prefix === 'attributes') return extra === undefined;
  if (prefix === 'identity' || prefix === 'subscribed') return extra === undefined && /^[1-9][0-9]{0,9}$/.test(rest);
  if (prefix === 'consent') return FAMILIES.has(rest) && (extra === undefined || extra === 'date' || extra === 'proof');
  return false;
}

/**
 * A JSON line's object as the columns a CSV header names: `{"attributes": {"plan": "pro"}}` is `attributes.plan`,
 * `{"consent": {"sms": {"state": "in", "proof": "…"}}}` is `consent.sms` and `consent.sms.proof`.
 */
export function flattenJson(doc: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(doc)) {
    const nested = value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
    const prefix = key === 'identities' ? 'identity' : key === 'subscriptions' ? 'subscribed' : key;
    if (nested !== null && ['attributes', 'identity', 'subscribed', 'consent'].includes(prefix)) {
      for (const [name, inner] of Object.entries(nested)) {
        const state = prefix === 'consent' && inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? inner as Record<string, unknown> : null;
        if (state === null) { flat[`${prefix}.${name}`] = inner; continue; }
        for (const [part, v] of Object.entries(state)) flat[part === 'state' ? `consent.${name}` : `consent.${name}.${part}`] = v;
      }
    } else {
      flat[key] = value;
    }
  }
  return flat;
}

/** A cell as text: CSV cells are text already; JSON's numbers and booleans are taken as written. Empty: not given. */
function text(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Reads one row; `channelIds` are the account's channels (identities and subscriptions must name one of them). */
export function readImportRow(values: Record<string, unknown>, channelIds: ReadonlySet<number>, now: string): ReadRow {
  const problems: FieldProblem[] = [];
  const human: ImportedHuman = { tags: [], attributes: new Map(), identities: [], subscriptions: [], consent: [] };
  const consent = new Map<ConsentFamily, ConsentGiven>();
  const consentParts: [ConsentFamily, 'date' | 'proof', string][] = [];
  for (const [column, raw] of Object.entries(values)) {
    const problem = (reason: string): void => { problems.push({ field: column, reason }); };
    if (!knownColumn(column)) { problem(`unknown column; the columns are ${COLUMN_HELP}`); continue; }
    const bad = findBadText(raw);
    if (bad !== null) { problem(`contains ${bad.problem}, which cannot be stored`); continue; }
    if (column === 'tags' && Array.isArray(raw)) {
      if (!raw.every((t) => typeof t === 'string')) problem('tags must be text');
      else human.tags.push(...raw.map((t: string) => t.trim()).filter(Boolean));
      continue;
    }
    const value = text(raw);
    if (value === undefined) continue;
    if (value === null) { problem('must be text, a number or true/false'); continue; }
    const [prefix, rest, extra] = column.split('.') as [string, string | undefined, string | undefined];
    try {
      switch (prefix) {
        case 'firstName': case 'lastName':
          if (value.length > NAME_LENGTH) problem(`longer than ${NAME_LENGTH} characters`);
          else human[prefix] = value;
          break;
        case 'phone': human.phone = normalizePhone(value); break;
        case 'email':
          if (value.length > 254 || !EMAIL.test(value)) problem(`"${value}" is not an e-mail address`);
          else human.email = value.toLowerCase();
          break;
        case 'tags': {
          const tags = value.split(/[;,]/).map((t) => t.trim()).filter(Boolean);
          if (tags.some((t) => t.length > 100)) problem('a tag is longer than 100 characters');
          else human.tags.push(...tags);
          break;
        }
        case 'attributes':
          if (value.length > 65_536) problem('longer than 65,536 characters');
          else human.attributes.set(storedAttributeName(rest!), value);
          break;
        case 'identity': case 'subscribed': {
          const channelId = Number(rest);
          if (!channelIds.has(channelId)) { problem(`channel ${channelId} is not a channel of this account`); break; }
          if (prefix === 'identity') {
            if (value.length > ADDRESS_LENGTH) problem(`longer than ${ADDRESS_LENGTH} characters`);
            else human.identities.push({ channelId, address: value });
          } else {
            const state = yesOrNo(value);
            if (state === null) problem(`"${value}" is neither true nor false (true, yes, 1 / false, no, 0)`);
            else human.subscriptions.push({ channelId, subscribed: state });
          }
          break;
        }
        case 'consent': {
          const family = rest as ConsentFamily;
          if (extra === undefined) {
            const state = yesOrNo(value);
            if (state === null) problem(`"${value}" is neither in nor out (in, yes, true, 1 / out, no, false, 0)`);
            else consent.set(family, { family, state: state ? 'in' : 'out', date: null, proof: null });
          } else {
            consentParts.push([family, extra as 'date' | 'proof', value]);
          }
          break;
        }
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      problem(err.message.replace(/^body field "[^"]*"\s*/, ''));
    }
  }
  for (const [family, part, value] of consentParts) {
    const given = consent.get(family);
    const field = `consent.${family}.${part}`;
    if (given === undefined) { problems.push({ field, reason: `needs consent.${family} (in or out) in the same row` }); continue; }
    if (part === 'proof') {
      if (value.length > PROOF_LENGTH) problems.push({ field, reason: `longer than ${PROOF_LENGTH} characters` });
      else given.proof = value;
      continue;
    }
    const at = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at)) problems.push({ field, reason: `"${value}" is not a date (ISO 8601: 2026-03-01 or 2026-03-01T09:30:00Z)` });
    else if (at > Date.parse(now)) problems.push({ field, reason: 'is in the future' });
    else given.date = new Date(at).toISOString();
  }
  human.consent = [...consent.values()];
  human.tags = [...new Set(human.tags)];
  if (human.phone === undefined && human.email === undefined && human.identities.length === 0 && problems.length === 0) {
    problems.push({ field: null, reason: 'the row has no phone, email or identity.<channelId>: one of them finds the same human when the file is imported again' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, human };
}

function yesOrNo(value: string): boolean | null {
  const v = value.toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : null;
}
