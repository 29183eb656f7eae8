// Values near every rule a documented schema states: at and past each bound, in and out of each enum, each format's
// edge cases, the wrong type. Which of them the document allows is not decided here but by a JSON Schema validator.
import fc from 'fast-check';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxProperties?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  'x-parley-rule'?: string;
  format?: string;
  pattern?: string;
}

/** Edge cases of the formats the document uses: what RFCs allow and what a quick check would get wrong. */
const FORMAT_EDGES: Record<string, string[]> = {
  email: ['ada@example.com', 'a.b+c@mail.example.org', '0@com', 'ada@localhost', 'ada@[127.0.0.1]', '"ada lovelace"@example.com',
    'ada@example', 'not an e-mail', '@example.com', 'ada@', 'ada@@example.com', 'ada@exa mple.com', 'ådå@exämple.com'],
  uri: ['https://example.com/hooks', 'http://example.com:8080/x?y=1', 'ftp://example.com/x', 'mailto:ada@example.com',
    'urn:isbn:0451450523', '/relative/path', 'example.com/x', 'not a uri', 'https://', 'http://exa mple.com/'],
  'date-time': ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05.123+02:00', '2026-01-02T03:04:05', '2026-01-02', '2026-13-02T03:04:05Z',
    'yesterday', '2026-01-02 03:04:05Z'],
};

/** A few strings that fit a length range, sampled with a fixed seed (every run sends the same requests). */
function stringsWithin(min: number, max: number, seed: number): string[] {
  const upper = Math.min(max, 64);
  if (upper < min) return ['x'.repeat(min)];
  return fc.sample(fc.string({ minLength: min, maxLength: upper, unit: 'grapheme' }).filter((s) => !s.includes('\u0000')), { numRuns: 4, seed });
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties !== undefined) return ['object'];
  return [];
}

/** A value `schema` accepts, simplest first (what a generated client would send for a required field). */
export function simplest(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  // A reference is followed by the validator, not here: the first alternative written out is the simplest to fill.
  const inline = alternatives?.find((a) => a.$ref === undefined) ?? alternatives?.[0];
  if (inline !== undefined && schema.properties === undefined) return simplest(inline);
  const type = typesOf(schema).find((t) => t !== 'null') ?? typesOf(schema)[0];
  switch (type) {
    case 'string': {
      if (schema.pattern !== undefined) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity)), { numRuns: 1, seed: 1 })[0];
      if (schema.format !== undefined && FORMAT_EDGES[schema.format] !== undefined) return FORMAT_EDGES[schema.format]![0];
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer': case 'number': return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean': return true;
    case 'null': return null;
    case 'array': return Array.from({ length: schema.minItems ?? 0 }, () => simplest(schema.items ?? {}));
    case 'object': {
      // An object that must hold one of several fields (anyOf of `required`) gets the first of them.
      const oneOfThese = alternatives?.[0]?.required ?? [];
      return Object.fromEntries([...(schema.required ?? []), ...oneOfThese].map((name) => [name, simplest(schema.properties?.[name] ?? {})]));
    }
    default: return 'x';
  }
}

/** Values to try for one field of `schema`: valid and invalid ones alike; the validator sorts them. */
export function candidates(schema: Schema, seed = 42): unknown[] {
  const out: unknown[] = [];
  if (schema.const !== undefined) out.push(schema.const, `${String(schema.const)}-not`);
  if (schema.enum !== undefined) out.push(...schema.enum, 'not-in-the-enum', '');
  for (const alternative of schema.anyOf ?? schema.oneOf ?? []) out.push(...candidates(alternative, seed + 1));
  for (const type of typesOf(schema)) {
    switch (type) {
      case 'string': {
        const min = schema.minLength ?? 0;
        const max = schema.maxLength;
        if (schema.enum === undefined && schema.format === undefined && schema.pattern === undefined) {
          out.push(...stringsWithin(min, max ?? 64, seed), 'x'.repeat(min), ' ', '');
          if (min > 0) out.push('x'.repeat(min - 1));
          if (max !== undefined && max <= 100_000) out.push('x'.repeat(max), 'x'.repeat(max + 1));
        }
        if (schema.format !== undefined) {
          const edges = FORMAT_EDGES[schema.format] ?? [];
          out.push(...edges);
          if (max !== undefined && schema.format === 'email') out.push(`${'a'.repeat(max - 12)}@example.com`, `${'a'.repeat(max - 11)}@example.com`);
          if (max !== undefined && schema.format === 'uri') out.push(`https://example.com/${'a'.repeat(max - 20)}`, `https://example.com/${'a'.repeat(max - 19)}`);
        }
        if (schema.pattern !== undefined) {
          out.push(...fc.sample(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => !s.includes('\u0000')), { numRuns: 6, seed }));
          out.push('', 'x', '!', '+1 555 0100', '+15550100100', '15550100100', '+447700900123', '2026-01-02T03:04:05Z');
        }
        out.push(12);
        break;
      }
      case 'integer': case 'number': {
        const min = schema.minimum;
        const max = schema.maximum;
        out.push(0, 1, -1);
        if (min !== undefined) out.push(min, min - 1);
        if (max !== undefined) out.push(max, max + 1);
        if (type === 'integer') out.push(1.5);
        out.push('1', true);
        break;
      }
      case 'boolean': out.push(true, false, 'true', 1); break;
      case 'null': out.push(null); break;
      case 'array': {
        const item = schema.items ?? {};
        const one = simplest(item);
        out.push([], [one], 'not-a-list', [null]);
        if (schema.minItems !== undefined && schema.minItems > 0) out.push(Array.from({ length: schema.minItems - 1 }, () => one));
        if (schema.maxItems !== undefined && schema.maxItems <= 20_000) {
          out.push(Array.from({ length: schema.maxItems }, (_, i) => distinctItem(item, one, i)));
          out.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => distinctItem(item, one, i)));
        }
        for (const value of candidates(item, seed + 2).slice(0, 24)) out.push([value]);
        break;
      }
      case 'object': out.push(simplest(schema), {}, 'not-an-object', []); break;
    }
  }
  if (typesOf(schema).length === 0 && schema.enum === undefined && schema.const === undefined) out.push('x', 1, true, {}, []);
  return dedupe(out);
}

/** Items of a list that must hold distinct values (ids, tags): the n-th of them. */
function distinctItem(item: Schema, one: unknown, n: number): unknown {
  if (typeof one === 'number') return Math.min((item.minimum ?? 1) + n, item.maximum ?? Number.MAX_SAFE_INTEGER);
  if (typeof one === 'string' && item.enum === undefined && item.pattern === undefined && item.format === undefined) return `${one}${n}`.slice(0, item.maxLength ?? Infinity);
  return one;
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
