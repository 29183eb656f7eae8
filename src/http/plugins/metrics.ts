// Times every HTTP request into the metrics, labelled by the route's template (never the raw URL: ids would explode the labels).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../../services/index.js';

export default fp<{ metrics: Metrics }>(async (app: FastifyInstance, { metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
}, { name: 'parley-metrics' });
