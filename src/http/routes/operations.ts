// Operational routes, hidden from the API reference (docs/operations.md): /healthz (alive), /readyz (database, schema, jobs), /metrics behind a token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { UnauthorizedError } from '../../errors.js';
import type { Services } from '../../services/index.js';

const Check = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()) });
const ReadyBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unready')]),
  failing: Type.Array(Type.String(), { description: 'The checks that failed, by name.' }),
  checks: Type.Object({ database: Check, migrations: Check, jobs: Check }),
});

/** Probes skip authentication and the rate limit: an orchestrator polls them often, from one address. */
const probe = { public: true, rateLimit: false } as const;

export const operationRoutes: FastifyPluginAsyncTypebox<{ services: Services; config: Config }> = async (app, { services, config }) => {
  app.get('/healthz', {
    schema: { hide: true, tags: ['Operations'], summary: 'Liveness: the process answers HTTP', response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    config: probe,
    logLevel: 'warn',
  }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: {
      hide: true, tags: ['Operations'], summary: 'Readiness: the database answers, every migration is applied, the job engine is up (503 naming the failing checks otherwise)',
      response: { 200: ReadyBody, 503: ReadyBody },
    },
    config: probe,
    logLevel: 'warn',
  }, async (_req, reply) => {
    const report = await services.readiness.check();
    return reply.code(report.status === 'ready' ? 200 : 503).send(report);
  });

  // On the public port only behind METRICS_TOKEN; without one, /metrics is served on METRICS_PORT alone (or nowhere).
  if (config.metrics.token === null) return;
  app.get('/metrics', {
    schema: { hide: true, tags: ['Operations'], summary: 'Prometheus metrics (text exposition format); needs `Authorization: Bearer <METRICS_TOKEN>`', security: [{ bearer: [] }] },
    config: probe,
    logLevel: 'warn',
  }, async (req, reply) => {
    if (!services.metrics.allows(req.headers.authorization)) throw new UnauthorizedError();
    return reply.type(services.metrics.contentType).send(await services.metrics.scrape());
  });
};
