// Partial matching of a JSON value (what a channel receives) against what a test expects, and where the two differ.

export type JsonPath = readonly (string | number)[];

export interface Mismatch {
  /** Where in the value, as a JSON pointer (`/messages/0/text`; `(top)` for the whole value). */
  at: string;
  expected: string;
  actual: string;
}

const ABSENT: unique symbol = Symbol('absent');

export function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const pointerOf = (path: JsonPath) => (path.length === 0 ? '(top)' : `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);

const items = (n: number) => `a list of ${n} item${n === 1 ? '' : 's'}`;

/** A mapping shown whole past this length is cut: the report shows everything the channel received after the differences. */
const MAPPING_SHOWN = 160;

/**
 * A value as a failure line shows it: a text whole and quoted (line breaks as \n, so texts that differ only there
 * can be told apart), a list by its length, a mapping compact, a missing field as absent.
 */
function shown(value: unknown): string {
  if (value === ABSENT) return 'absent';
  if (Array.isArray(value)) return items(value.length);
  const json = JSON.stringify(value) ?? String(value);
  return isMapping(value) && json.length > MAPPING_SHOWN ? `${json.slice(0, MAPPING_SHOWN - 1)}…` : json;
}

function walk(expected: unknown, actual: unknown, path: (string | number)[], out: Mismatch[]): void {
  const at = pointerOf(path);
  if (expected === null) {
    // "Has none": a field that is null and one that is left out mean the same to a provider.
    if (actual !== null && actual !== ABSENT) out.push({ at, expected: 'null (none)', actual: shown(actual) });
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push({ at, expected: items(expected.length), actual: shown(actual) });
      return;
    }
    // A list is matched whole: the same number of items, each matching its own expectation, in order.
    if (actual.length !== expected.length) {
      out.push({ at, expected: items(expected.length), actual: shown(actual) });
      return;
    }
    expected.forEach((item, i) => walk(item, actual[i], [...path, i], out));
    return;
  }
  if (isMapping(expected)) {
    if (!isMapping(actual)) {
      out.push({ at, expected: 'a mapping', actual: shown(actual) });
      return;
    }
    // A mapping is matched in part: the fields it names, whatever else the value has.
    for (const [key, value] of Object.entries(expected)) walk(value, Object.hasOwn(actual, key) ? actual[key] : ABSENT, [...path, key], out);
    return;
  }
  // Texts, numbers and true/false are equal or not: 15 is not "15".
  if (actual !== expected) out.push({ at, expected: shown(expected), actual: shown(actual) });
}

/**
 * Where `actual` departs from `expected`; empty when it matches. A mapping names the fields that must match (others
 * are ignored), a list must have as many items as it names, each matching in order, `null` means none (null or
 * absent), and anything else must be equal.
 */
export function jsonMismatches(expected: unknown, actual: unknown): Mismatch[] {
  const out: Mismatch[] = [];
  walk(expected, actual, [], out);
  return out;
}
