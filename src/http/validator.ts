// Request validation: JSON bodies keep their types (a string is not a number), path and query strings are coerced.
import AjvModule, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv is CommonJS: under NodeNext its class is the default export's `default`.
const Ajv = AjvModule.default;

/** An integer in a path or query string is written in decimal digits: `0x1`, `+1`, ` 1` and `1e0` name nothing. */
const DECIMAL = /^[0-9]+$/;

function ajv(options: Options) {
  const instance = new Ajv({ removeAdditional: true, useDefaults: true, allErrors: false, strict: false, ...options });
  addFormats.default(instance);
  return instance;
}

/** The properties of an object schema that are integers (ajv would coerce any notation Number() reads). */
function integerFields(schema: object): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties).filter(([, p]) => p.type === 'integer' || (Array.isArray(p.type) && p.type.includes('integer'))).map(([k]) => k);
}

/** `validate`, refusing first any integer field of a string part (path, query) not written in decimal digits. */
function decimalOnly(validate: ValidateFunction, fields: string[]): ValidateFunction {
  const wrapped = ((data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    for (const field of fields) {
      const value = values[field];
      if (typeof value === 'string' && !DECIMAL.test(value)) {
        const error: ErrorObject = { keyword: 'type', instancePath: `/${field}`, schemaPath: `#/properties/${field}/type`, params: { type: 'integer' }, message: 'must be an integer written in decimal digits' };
        wrapped.errors = [error];
        return false;
      }
    }
    const ok = validate(data);
    wrapped.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

/** `build()` on the first validation, not before: compiling every route's schemas at start delayed a restart. */
function lazily(build: () => ValidateFunction): ValidateFunction {
  let validate: ValidateFunction | null = null;
  const wrapped = ((data: unknown) => {
    validate ??= build();
    const ok = validate(data);
    wrapped.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const strictTypes = ajv({ coerceTypes: false });
  const coercing = ajv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => lazily(() => {
    if (httpPart === 'body') return strictTypes.compile(schema as object);
    const validate = coercing.compile(schema as object);
    const fields = integerFields(schema as object);
    return fields.length === 0 ? validate : decimalOnly(validate, fields);
  });
}
