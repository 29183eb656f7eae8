// fast-check arbitraries from JSON Schema (as the OpenAPI document and the TypeBox schemas write it): values that fit, and values just outside.
import fc, { type Arbitrary } from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  $ref?: string;
}

/** Strings that have broken servers before: NUL, lone surrogates, huge numbers as text, notations, markup, control characters. */
const NASTY_STRINGS = ['', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '😀', 'é', '0x1', '1e3', '+1', '-0', 'NaN', 'Infinity',
  '99999999999999999999', '%00', '../..', '<script>alert(1)</script>', "' OR 1=1 --", '{sys:firstName}', '\r\n', '\t', 'null', 'true', ','];

const ANY_JSON: Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties !== undefined) return ['object'];
  return [];
}

function stringOf(schema: JsonSchema): Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 300);
  const fitting = fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, Math.min(max, 40)) });
  const options: Arbitrary<string>[] = [fitting, fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 20 })];
  if (schema.format === 'email') options.push(fc.emailAddress());
  if (schema.format === 'uri') options.push(fc.webUrl(), fc.constantFrom('http://127.0.0.1/x', 'http://169.254.169.254/latest', 'file:///etc/passwd', 'ftp://x/y'));
  // Just over the limit, where off-by-one errors live.
  if (schema.maxLength !== undefined && schema.maxLength <= 5000) options.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  return fc.oneof(...options);
}

function integerOf(schema: JsonSchema): Arbitrary<number> {
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? 100_000;
  return fc.oneof(
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
    fc.constantFrom(min - 1, max + 1, 0, -1, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER),
  );
}

/**
 * Values for `schema`: mostly valid ones, with some that break one rule (a wrong type, a limit crossed, a required field
 * missing, an unknown field) so both the accepting and the refusing paths are driven.
 */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): Arbitrary<unknown> {
  if (schema === undefined || depth > 4) return ANY_JSON;
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: ANY_JSON });
  if (schema.enum !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: ANY_JSON });
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)));
  const types = typesOf(schema);
  if (types.length === 0) return ANY_JSON;
  const byType = types.map((type): Arbitrary<unknown> => {
    switch (type) {
      case 'string': return stringOf(schema);
      case 'integer': return integerOf(schema);
      case 'number': return fc.oneof(fc.double({ noNaN: true }), integerOf(schema));
      case 'boolean': return fc.boolean();
      case 'null': return fc.constant(null);
      case 'array': return fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
      case 'object': return objectOf(schema, depth);
      default: return ANY_JSON;
    }
  });
  return fc.oneof({ weight: 9, arbitrary: fc.oneof(...byType) }, { weight: 1, arbitrary: ANY_JSON });
}

function objectOf(schema: JsonSchema, depth: number): Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = new Set(schema.required ?? []);
  const record = fc.record(Object.fromEntries(names.map((n) => [n, arbitraryFor(properties[n], depth + 1)])), {
    requiredKeys: names.filter((n) => required.has(n)),
  });
  return fc.oneof(
    { weight: 6, arbitrary: record },
    // A required field dropped, or an unknown one added (NUL and surrogates in keys included).
    { weight: 1, arbitrary: record.chain((value) => fc.constantFrom(...[...required, '']).map((drop) => {
      const copy = { ...(value as Record<string, unknown>) };
      delete copy[drop];
      return copy;
    })) },
    { weight: 1, arbitrary: fc.tuple(record, fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '__proto__', 'constructor')), ANY_JSON)
      .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })) },
  );
}

/** A path or query value for a parameter of `schema`: known ids, valid and invalid numbers, and odd notations. */
export function parameterFor(schema: JsonSchema | undefined, knownIds: number[]): Arbitrary<string> {
  const types = schema === undefined ? [] : typesOf(schema);
  const notations = fc.constantFrom('0x1', '+1', ' 1', '1e0', '1.0', '-1', '0', '00001', '2147483648', '99999999999999999999', '', '%00', '%zz', 'abc', '\u0000');
  if (types.includes('integer') || types.includes('number')) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...knownIds).map(String) },
      { weight: 3, arbitrary: fc.integer({ min: -5, max: 1_000_000 }).map(String) },
      { weight: 2, arbitrary: notations },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: (schema === undefined ? fc.string({ maxLength: 20 }) : stringOf(schema)) },
    { weight: 1, arbitrary: fc.constantFrom('+14155550123', '+447700900123', '4155550123', '+1', '+999999999999999999') },
    { weight: 1, arbitrary: notations },
  );
}
