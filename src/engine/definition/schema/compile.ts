// One Ajv instance, the two definition schemas assembled from their parts, compiled once on first use.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { DefinitionFormat } from '../format.js';
import { DEFINITION_SCHEMAS } from './definitions.js';

export { DEFINITION_SCHEMAS };

/** A URI scheme followed by non-blank text; or any text holding a tag, which renders the real value later. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function orTag(pattern: RegExp): (value: string) => boolean {
  return (value) => value.includes('{') || pattern.test(value);
}

let ajv: Ajv | undefined;
const compiled = new Map<DefinitionFormat, ValidateFunction>();

function instance(): Ajv {
  if (ajv === undefined) {
    ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
    ajv.addFormat('uri-or-tag', { type: 'string', validate: orTag(URI) });
    ajv.addFormat('email-or-tag', { type: 'string', validate: orTag(EMAIL) });
  }
  return ajv;
}

export function definitionValidator(format: DefinitionFormat): ValidateFunction {
  let validate = compiled.get(format);
  if (validate === undefined) {
    validate = instance().compile(DEFINITION_SCHEMAS[format]);
    compiled.set(format, validate);
  }
  return validate;
}

export function schemaErrors(format: DefinitionFormat, input: unknown): ErrorObject[] {
  const validate = definitionValidator(format);
  return validate(input) ? [] : validate.errors ?? [];
}
