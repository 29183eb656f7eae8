// OpenAPI 3.1 from the route schemas at /v1/openapi.json, and a rendered reference at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withDocumentedRules } from '../openapi-rules.js';

export default fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version: '1.0.0',
        description: 'Channels, humans, bots, subscriptions and capability lookups of a Parley server. Every /v1 call needs `Authorization: Bearer <API token>`, or the console\'s session cookie (from POST /v1/sessions) with `X-CSRF-Token` on every POST, PUT, PATCH and DELETE; every error is the error object.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          session: { type: 'apiKey', in: 'cookie', name: 'parley_session', description: 'Set by POST /v1/sessions; changes also need the X-CSRF-Token header.' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    // Validation statuses, cross-field rules and the bot definition schemas (src/http/openapi-rules.ts).
    transformObject: (document) => withDocumentedRules('openapiObject' in document ? document.openapiObject : document.swaggerObject),
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
}, { name: 'parley-openapi' });
