// Bulk imports of humans by API (docs/humans-import.md): a CSV or JSON lines file streamed in, then its progress,
// its rows' problems page by page, and cancelling.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../errors.js';
import { SERVER_RULE } from '../../formats.js';
import { IMPORT_CONTENT_TYPES, importFormatOf, MAX_IMPORT_ROWS, type Services } from '../../services/index.js';
import { errorResponses, IdParam, Nullable } from '../schemas/common.js';

const tags = ['Humans'];

export const ImportObject = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('receiving'), Type.Literal('importing'), Type.Literal('done'), Type.Literal('cancelled'), Type.Literal('failed')], {
    description: 'receiving: the file is arriving; importing: rows are being written; done; cancelled; failed: the upload broke off (see problem).',
  }),
  format: Type.Union([Type.Literal('csv'), Type.Literal('jsonl')]),
  fileName: Nullable(Type.String()),
  rows: Type.Integer({ description: 'Rows in the file (received so far, while receiving).' }),
  processed: Type.Integer({ description: 'Rows dealt with: written or failed.' }),
  created: Type.Integer({ description: 'Humans created.' }),
  updated: Type.Integer({ description: 'Rows that found a human already there (same phone, e-mail or channel identity) and updated them.' }),
  failed: Type.Integer({ description: 'Rows not imported: each has at least one error.' }),
  errors: Type.Integer({ description: 'Problems recorded (GET …/errors): a failed row\'s, and a field not set on a row otherwise imported.' }),
  problem: Nullable(Type.String()),
  dateCreated: Type.String(),
  dateCompleted: Nullable(Type.String()),
});

const Params = IdParam('import_id', 'import');
const Page = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page.', [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })),
});

export const humanImportRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { humanImports } = services;
  // The file is read as it arrives, never held whole: these types reach the handler as the request's stream.
  app.addContentTypeParser(IMPORT_CONTENT_TYPES, (_req, payload, done) => done(null, payload));

  app.post('/v1/humans/imports', {
    schema: {
      tags, summary: 'Import humans from a CSV or JSON lines file (streamed; written by a durable job)',
      description: `The body is the file: \`text/csv\` with a header row, or \`application/x-ndjson\` (one JSON object a line), up to ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. `
        + 'Each row finds its human by phone, then e-mail, then a channel identity, or creates one. The columns are in docs/humans-import.md.',
      querystring: Type.Object({ fileName: Type.Optional(Type.String({ maxLength: 255, description: 'The file\'s name, shown with the import.' })) }),
      response: { 200: ImportObject, ...errorResponses(413, 415, 422) },
    },
  }, async (req) => {
    const format = importFormatOf(req.headers['content-type']);
    const body = req.body as Readable | undefined;
    if (format === null || body === undefined || typeof body.pipe !== 'function') {
      throw new AppError(415, 'Send the file as the body with Content-Type text/csv (a header row naming the columns) or application/x-ndjson (one JSON object a line).');
    }
    return humanImports.receive(req.accountId, body, format, req.query.fileName ?? null);
  });

  app.get('/v1/humans/imports', {
    schema: { tags, summary: 'List imports, newest first', querystring: Page, response: { 200: Type.Object({ imports: Type.Array(ImportObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) } },
  }, async (req) => humanImports.list(req.accountId, req.query.limit ?? 50, req.query.cursor));

  app.get('/v1/humans/imports/:import_id', {
    schema: { tags, summary: 'An import\'s progress and counts', params: Params, response: { 200: ImportObject, ...errorResponses(403, 404) } },
  }, async (req) => humanImports.get(req.accountId, req.params.import_id));

  app.get('/v1/humans/imports/:import_id/errors', {
    schema: {
      tags, summary: 'An import\'s problems in row order: row number (a CSV\'s header is row 1), column, reason', params: Params, querystring: Page,
      response: {
        200: Type.Object({ errors: Type.Array(Type.Object({ row: Type.Integer(), field: Nullable(Type.String(), { description: 'The column; null for the row as a whole.' }), reason: Type.String() })), nextCursor: Nullable(Type.String()) }),
        ...errorResponses(403, 404, 422),
      },
    },
  }, async (req) => humanImports.errors(req.accountId, req.params.import_id, req.query.limit ?? 50, req.query.cursor));

  app.post('/v1/humans/imports/:import_id/cancel', {
    schema: { tags, summary: 'Cancel an import: rows not yet written are dropped, those written stay', params: Params, response: { 200: ImportObject, ...errorResponses(403, 404) } },
  }, async (req) => humanImports.cancel(req.accountId, req.params.import_id));
};
