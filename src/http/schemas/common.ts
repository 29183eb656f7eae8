// Schemas shared by every route: the error object, id parameters, nullable helpers.
import { Type, type Static, type TSchema } from 'typebox';

export const MAX_ID = 2_147_483_647;

export const ErrorObject = Type.Object({
  code: Type.String({ description: 'The HTTP status code returned, as a string.' }),
  reasonPhrase: Type.String({ description: 'Short description of the status code.' }),
  description: Type.String({ description: 'Full description of what was wrong.' }),
  homeRef: Type.String({ description: 'Base URL that processed the request.' }),
  contactEmail: Type.String({ description: 'Support e-mail address.' }),
  uri: Type.String({ description: 'URL of the definition of the HTTP status code.' }),
  problems: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), message: Type.String() }), {
    description: 'Structured problems, when a submitted document has several (e.g. a bot definition).',
  })),
}, { $id: 'ErrorObject', title: 'Error' });

const errorRef = Type.Unsafe({ $ref: 'ErrorObject#' });

const STATUS_TEXT: Record<number, string> = {
  400: 'Header or body malformed, or a field has the wrong JSON type or is missing.',
  401: 'Credentials missing or invalid.',
  403: 'The resource belongs to another account, or the role or the token\'s scopes do not allow the request.',
  404: 'The item does not exist.',
  409: 'The request conflicts with the current state of the resource.',
  413: 'The body is larger than the server accepts.',
  415: 'The body\'s Content-Type is not one the operation reads.',
  422: 'Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist.',
  429: 'Too many requests; retry after the number of seconds in Retry-After.',
  502: 'An upstream provider answered with an error.',
  504: 'An upstream provider could not be reached in time.',
};

/** The error responses a route documents; every authenticated route can also answer 401, 403 (role, scopes) and 429. */
export function errorResponses(...codes: number[]): Record<number, TSchema> {
  const all = [...new Set([400, 401, 403, 429, ...codes])].sort();
  return Object.fromEntries(all.map((c) => [c, { ...errorRef, description: STATUS_TEXT[c] ?? 'Error' }]));
}

/** A value of `schema` or JSON null, as one JSON Schema type list so limits still report as limits. */
export function Nullable<T extends TSchema>(schema: T, options: Record<string, unknown> = {}) {
  const base = schema as unknown as { type: string } & Record<string, unknown>;
  return Type.Unsafe<Static<T> | null>({ ...base, ...options, type: [base.type, 'null'] });
}

export function IdParam<K extends string>(name: K, what: string) {
  const id = Type.Integer({ minimum: 1, maximum: MAX_ID, description: `The ${what}'s id.` });
  return Type.Object({ [name]: id } as { [P in K]: typeof id });
}
