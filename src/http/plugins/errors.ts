// The one error handler: every failure, Fastify's own included, becomes the spec's error object with the design's status.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { trackAllowedMethods } from '../allowed-methods.js';
import { drainRequest } from '../drain.js';
import { errorBody } from '../error-object.js';

/** Statuses the spec lists; anything else a library raises is folded into one of these. */
const SPEC_STATUSES = new Set([400, 401, 403, 404, 405, 408, 409, 413, 416, 422, 429, 500, 502, 503, 504]);

/** Ajv keywords meaning the shape is wrong (400); every other keyword is a limit or rule (422). */
const SHAPE_KEYWORDS = new Set(['type', 'required', 'additionalProperties', 'const']);

interface ValidationFailure { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> }

export interface ErrorsOptions {
  publicUrl: string | null;
  contactEmail: string;
  /** The router's, so a 405 matches the paths a route would (100, Fastify's default, when not said). */
  maxParamLength?: number;
}

export function homeRef(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

function validationStatus(err: FastifyError & { validation: ValidationFailure[]; validationContext?: string }): number {
  const first = err.validation[0];
  if (first === undefined || SHAPE_KEYWORDS.has(first.keyword)) return 400;
  // An id outside the range ids are issued in cannot name anything; a path value of the wrong form (an RCS lookup's
  // number) is a value refused, as in a body.
  if (err.validationContext === 'params' && first.keyword !== 'pattern') return 404;
  return 422;
}

function describeValidation(err: FastifyError & { validation: ValidationFailure[]; validationContext?: string }): string {
  const first = err.validation[0];
  if (first === undefined) return err.message;
  const where = err.validationContext ?? 'body';
  const field = first.instancePath === '' ? '' : first.instancePath.slice(1).replace(/\//g, '.');
  const missing = first.keyword === 'required' ? String(first.params?.missingProperty ?? '') : '';
  const subject = [where, field || missing].filter(Boolean).join(' field ');
  if (missing) return `${subject} is required.`;
  return `${subject} ${first.message ?? 'is not valid'}.`;
}

/** SQLite's SQLITE_FULL (the disk, or max_page_count) and PostgreSQL's disk_full (53100), anywhere in the cause chain. */
function isStorageFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === '53100') return true;
  }
  return false;
}

export function classify(err: FastifyError | AppError | Error): { status: number; description: string; extra?: Record<string, unknown> } {
  if (err instanceof AppError) return { status: err.status, description: err.message, extra: err.extra };
  // Nothing was written (the statement failed whole): the client may send it again once an operator made room.
  if (isStorageFull(err)) return { status: 503, description: 'The database is full: nothing was stored. Try again later; the operator has been told.' };
  const fe = err as FastifyError & { validation?: ValidationFailure[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    const v = fe as FastifyError & { validation: ValidationFailure[]; validationContext?: string };
    return { status: validationStatus(v), description: describeValidation(v) };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, description: 'Content-Type must be application/json for a request with a body.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, description: fe.message };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, description: 'The body is empty but Content-Type says application/json; send a JSON document.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, description: `The body is not valid JSON: ${fe.message}` };
  }
  if (err instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return { status: 400, description: `The body is not valid JSON: ${err.message}` };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 500) return { status: 500, description: 'The server met an unexpected condition; it has been logged.' };
  return { status: SPEC_STATUSES.has(status) ? status : 400, description: fe.message };
}

export default fp<ErrorsOptions>(async (app: FastifyInstance, opts) => {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const { status, description, extra } = classify(err);
    // A refused body is read to its end (bounded) before answering: closing on unread data would reset the connection.
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      reply.header('connection', 'close');
      await drainRequest(request.raw);
    }
    // The `err` serializer appends the cause's message and stack (an undici or socket error under a 502/504).
    if (status === 503 && isStorageFull(err)) request.log.error({ err }, 'the database is full (disk or size limit): writes are refused until space is freed');
    else if (status >= 500) request.log.error({ err }, 'unhandled error');
    return reply.code(status).type('application/json')
      .send(errorBody(status, description, homeRef(request, opts.publicUrl), opts.contactEmail, extra));
  });

  const allowed = trackAllowedMethods(app, opts.maxParamLength ?? 100);
  app.setNotFoundHandler((request, reply) => {
    // A path that exists under other methods (TRACE, DELETE on a list) is a 405 naming them, not a 404.
    const methods = allowed.at(request.url);
    if (methods.length > 0) {
      reply.code(405).header('allow', methods.join(', ')).type('application/json').send(errorBody(405,
        `${request.method} is not offered at ${request.url.split('?')[0]}; it offers ${methods.join(', ')}.`,
        homeRef(request, opts.publicUrl), opts.contactEmail));
      return;
    }
    reply.code(404).type('application/json').send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}.`, homeRef(request, opts.publicUrl), opts.contactEmail));
  });
}, { name: 'parley-errors' });
