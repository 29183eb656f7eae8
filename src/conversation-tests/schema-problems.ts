// Turning a schema's errors about part of a tests file into problems an author can act on: a path and words, unions summarized.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

export interface Problem {
  path: (string | number)[];
  message: string;
}

export const pointer = (path: readonly (string | number)[]) => (path.length === 0 ? '(top)' : `/${path.join('/')}`);

function schemaAt(root: TSchema, schemaPath: string): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const part of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as Record<string, unknown> | undefined;
}

/** The schema's complaints about a value, in words an author reads: one per place, unions summarized by what they expect. */
export function check(schema: TSchema, value: unknown, at: (string | number)[]): Problem[] {
  if (Value.Check(schema, value)) return [];
  const errors = [...Value.Errors(schema, value)].filter((e) => e.keyword !== 'boolean');
  const unions = errors.filter((e) => e.keyword === 'anyOf').map((e) => `${e.schemaPath}/anyOf/`);
  const problems: Problem[] = [];
  for (const e of errors) {
    if (unions.some((u) => e.schemaPath.startsWith(u))) continue;
    const path = [...at, ...e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))];
    const node = schemaAt(schema, e.schemaPath);
    const params = e.params as Record<string, unknown>;
    let message = e.message;
    if (e.keyword === 'anyOf') message = `must be ${String(node?.expected ?? 'of another kind')}`;
    else if (e.keyword === 'enum') message = `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    else if (e.keyword === 'const') message = `must be ${JSON.stringify(params.allowedValue)}`;
    else if (e.keyword === 'required') message = `needs ${(params.requiredProperties as string[]).map((p) => `"${p}"`).join(', ')}`;
    else if (e.keyword === 'minProperties' || e.keyword === 'minItems') message = 'must not be empty';
    else if (e.keyword === 'type') message = `must be ${params.type === 'object' ? 'a mapping' : params.type === 'array' ? 'a list' : `a ${String(params.type)}`}`;
    else if (e.keyword === 'additionalProperties') {
      const allowed = Object.keys((node?.properties as object | undefined) ?? {});
      for (const extra of params.additionalProperties as string[]) {
        problems.push({ path: [...path, extra], message: `is not a field here${allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ''}` });
      }
      continue;
    }
    problems.push({ path, message });
  }
  return problems;
}
