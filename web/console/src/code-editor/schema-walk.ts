// What the definition's JSON Schema allows at a place in a definition: the fields an object there may hold (with the
// title of what each is) and the values a field takes when they are a fixed list. Plain data in, plain data out.
import { DEFINITION_SCHEMAS } from '../../../../src/engine/definition/schema/definitions.js';

type Schema = Record<string, unknown>;
export type Path = readonly (string | number)[];

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schemas a value there may match: $refs followed, branches (anyOf, oneOf, allOf, if/then) taken together. */
function expand(schema: unknown, defs: Schema, seen = new Set<unknown>()): Schema[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  if (typeof schema.$ref === 'string') return expand(defs[schema.$ref.replace('#/$defs/', '')], defs, seen);
  const out: Schema[] = [schema];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) out.push(...expand(s, defs, seen));
  }
  for (const key of ['then', 'else'] as const) out.push(...expand(schema[key], defs, seen));
  return out;
}

function step(schemas: Schema[], segment: string | number, defs: Schema): Schema[] {
  const next: Schema[] = [];
  for (const s of schemas) {
    if (typeof segment === 'number') next.push(...expand(s.items, defs));
    else if (isObject(s.properties) && segment in s.properties) next.push(...expand(s.properties[segment], defs));
    else if (isObject(s.additionalProperties)) next.push(...expand(s.additionalProperties, defs));
  }
  return next;
}

export interface Allowed {
  /** Fields an object there may hold, each with what it is (its schema's title, else its type). */
  fields: { name: string; detail: string }[];
  /** Values from the schema's enum or const, when it fixes them. */
  values: unknown[];
  /** Whether an object is what is expected there (a YAML word under a list of actions is a field being typed). */
  wantsObject: boolean;
}

function detailOf(schemas: Schema[]): string {
  for (const s of schemas) if (typeof s.title === 'string') return s.title;
  const types = new Set(schemas.flatMap((s) => (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type])).map(String));
  return [...types].join(' or ');
}

/** What may stand at `path` in a definition of the format ('bot' or 'experience'). */
export function allowedAt(path: Path, format: 'bot' | 'experience' = 'bot'): Allowed {
  const root = DEFINITION_SCHEMAS[format] as unknown as Schema;
  const defs = root.$defs as Schema;
  let schemas = expand(root, defs);
  for (const segment of path) schemas = step(schemas, segment, defs);
  const fields = new Map<string, string>();
  for (const s of schemas) {
    if (!isObject(s.properties)) continue;
    for (const [name, sub] of Object.entries(s.properties)) if (!fields.has(name)) fields.set(name, detailOf(expand(sub, defs)));
  }
  const values = [...new Set(schemas.flatMap((s) => [...(Array.isArray(s.enum) ? s.enum : []), ...('const' in s ? [s.const] : [])]))];
  const wantsObject = schemas.some((s) => s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || isObject(s.properties));
  return { fields: [...fields].map(([name, detail]) => ({ name, detail })), values, wantsObject };
}
