// Small schema fragments every definition schema repeats.

export const str = { type: 'string' } as const;
export const strOrNull = { type: ['string', 'null'] } as const;
export const bool = { type: 'boolean' } as const;
export const boolOrNull = { type: ['boolean', 'null'] } as const;
export const nonNegativeInt = { type: 'integer', minimum: 0 } as const;
export const stringOrStrings = { type: ['string', 'array'], items: { type: 'string' } } as const;
/** Names of interactions, workflows or actions to run. */
export const targets = stringOrStrings;
export const targetsOrNull = { type: ['string', 'array', 'null'], items: { type: 'string' } } as const;
/** A URI, or a text whose tags render one at run time. */
export const uri = { type: 'string', format: 'uri-or-tag' } as const;
export const email = { type: 'string', format: 'email-or-tag' } as const;
/** A BCP 47 language tag, as far as recognition reads it: a 2–3 letter language and optional subtags (`fr`, `pt-BR`). */
export const languageTag = { type: 'string', pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$' } as const;

export function ref(name: string): { $ref: string } {
  return { $ref: `#/$defs/${name}` };
}

export function enumOf(values: readonly string[]): { enum: string[] } {
  return { enum: [...values] };
}

export function enumOrNull(values: readonly string[]): { enum: (string | null)[] } {
  return { enum: [...values, null] };
}

/** An array whose items are either strings or objects of the named definition. */
export function stringsOr(defName: string): object {
  return { type: 'array', items: { type: ['string', 'object'], if: { type: 'object' }, then: ref(defName) } };
}
