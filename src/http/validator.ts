// Request validation: JSON bodies keep their types (a string is not a number), path and query strings are coerced.
import AjvModule, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv is CommonJS: under NodeNext its class is the default export's `default`.
const Ajv = AjvModule.default;

function ajv(options: Options) {
  const instance = new Ajv({ removeAdditional: true, useDefaults: true, allErrors: false, strict: false, ...options });
  addFormats.default(instance);
  return instance;
}

export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const strictTypes = ajv({ coerceTypes: false });
  const coercing = ajv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? strictTypes : coercing).compile(schema as object);
}
