// Builds the Fastify application: plugins, the error model and every route.
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Services } from '../services/index.js';
import { errorBody } from './error-object.js';
import { redactSecrets } from './log-redaction.js';
import { socketErrorHandler } from './socket-errors.js';
import authPlugin from './plugins/auth.js';
import auditPlugin from './plugins/audit.js';
import authorizePlugin from './plugins/authorize.js';
import errorsPlugin from './plugins/errors.js';
import metricsPlugin from './plugins/metrics.js';
import openapiPlugin from './plugins/openapi.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import { accountSettingsRoutes } from './routes/account-settings.js';
import { auditRoutes } from './routes/audit.js';
import textGuardPlugin from './plugins/text-guard.js';
import { botRoutes } from './routes/bots.js';
import { channelRoutes } from './routes/channels.js';
import { consoleRoutes } from './routes/console.js';
import { conversationRoutes } from './routes/conversations.js';
import { cannedReplyRoutes } from './routes/canned-replies.js';
import { inboxRoutes } from './routes/inbox.js';
import { eventRoutes } from './routes/events.js';
import { hookRoutes } from './routes/hooks.js';
import { humanDataRoutes } from './routes/human-data.js';
import { humanRoutes } from './routes/humans.js';
import { lookupRoutes } from './routes/lookups.js';
import { invitationPageRoutes } from './routes/invitation-page.js';
import { mediaRoutes } from './routes/media.js';
import { knowledgeRoutes } from './routes/knowledge.js';
import { modelEndpointRoutes } from './routes/model-endpoints.js';
import { memberRoutes } from './routes/members.js';
import { messageRoutes } from './routes/messages.js';
import { operationRoutes } from './routes/operations.js';
import { overviewRoutes } from './routes/overview.js';
import { analyticsRoutes } from './routes/analytics.js';
import { consentRoutes } from './routes/consent.js';
import { humanImportRoutes } from './routes/human-imports.js';
import { journeyRoutes } from './routes/journeys.js';
import { sandboxRoutes } from './routes/sandbox.js';
import { sessionRoutes } from './routes/sessions.js';
import { ssoRoutes } from './routes/sso.js';
import { setupRoutes } from './routes/setup.js';
import { tokenRoutes } from './routes/tokens.js';
import { MAX_FRAME_BYTES as MAX_SOCKET_FRAME_BYTES, webChatRoutes } from './routes/web-chat.js';
import { webhookRoutes } from './routes/webhooks.js';
import { ErrorObject } from './schemas/common.js';
import { REQUEST_ID_HEADER, requestId } from './request-id.js';
import { lazySerializers } from './lazy-serializers.js';
import { validatorCompiler } from './validator.js';

export interface AppOptions {
  config: Config;
  services: Services;
  /** false silences the log; a stream receives it instead of stdout (tests read it). */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

/** Fields that must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.body.token', 'body.token', 'token', 'password', 'currentPassword', 'newPassword'];

/** Query parameters whose values must never reach a log line either: the messenger webhook's verify token. */
const SECRET_QUERY = /([?&]hub\.verify_token=)[^&#]*/gi;
/** Nor an invitation's token, which is in its link's path (the page's and the API's). */
const SECRET_PATH = /(\/invitations\/)(?!assets\/)[^/?#]+/gi;

/** A path segment is 100 characters at most by default; see routerOptions. */
const MAX_PARAM_LENGTH = 1000;

export async function buildApp({ config, services, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      // URL user-info and secret-named query values (the messenger's hub.verify_token, a bot request's password) are
      // blanked in the written line, whichever field or message carries them: request URLs, error messages, stacks.
      hooks: { streamWrite: redactSecrets },
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]'), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
      },
      ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node checks for timed-out requests only every connectionsCheckingInterval (30 s by default), and
      // headersTimeout (60 s) would outlast a shorter requestTimeout: both would stretch REQUEST_TIMEOUT_MS.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    trustProxy: false,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    // Every log line of a request carries reqId; the id is echoed as X-Request-Id (request-id.ts decides which to trust).
    genReqId: requestId,
    requestIdHeader: false,
    // A path segment is 100 characters at most by default; longer ones would be a 400 before any route
    // sees them, but the phone lookup must answer any text it is given (NOT_A_NUMBER, TOO_LONG).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors raised before routing (a bad percent-encoding, say) bypass the error handler otherwise.
    frameworkErrors: (err, request, reply) => {
      const homeRef = config.publicUrl ?? `${request.protocol}://${request.host}`;
      // Fastify types this reply with route generics it cannot know before routing.
      (reply as unknown as FastifyReply).code(400).type('application/json')
        .send(errorBody(400, `The request URL or headers are malformed: ${err.message}`, homeRef, config.contactEmail));
    },
    // Malformed requests Node rejects before Fastify sees them still get the error object.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      if (!socket.writable) return socket.destroy();
      // No Host header was read, so the base URL is the address the client reached.
      const local = socket.localAddress ?? '127.0.0.1';
      const homeRef = config.publicUrl ?? `http://${local.includes(':') ? `[${local}]` : local}:${socket.localPort ?? config.port}`;
      const body = JSON.stringify(errorBody(status === 431 ? 400 : status, status === 408 ? 'The request was not completed in time.' : 'The request is malformed.', homeRef, config.contactEmail));
      socket.end(`HTTP/1.1 ${status === 431 ? 400 : status} ${status === 408 ? 'Request Timeout' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Lines logged while serving one conversation say which: the route's conversation id goes into the request's logger.
  app.addHook('preHandler', async (request, reply) => {
    const id = (request.params as { conversation_id?: unknown } | undefined)?.conversation_id;
    if (typeof id !== 'number') return;
    request.log = request.log.child({ conversationId: id });
    // Fastify writes "request completed" through the reply's logger, taken before the route was known.
    reply.log = request.log;
  });
  app.setValidatorCompiler(validatorCompiler());
  // The API speaks JSON only; a text body is a client mistake to name, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.addSchema(ErrorObject);
  await app.register(errorsPlugin, { publicUrl: config.publicUrl, contactEmail: config.contactEmail, maxParamLength: MAX_PARAM_LENGTH });
  await app.register(metricsPlugin, { metrics: services.metrics });
  await app.register(openapiPlugin);
  // One WebSocket registration for the whole server (web chat, sandbox): each registration routes every upgrade again.
  // The payload bound is the largest any socket route takes; routes with a smaller one check it themselves.
  await app.register(websocket, { options: { maxPayload: MAX_SOCKET_FRAME_BYTES }, errorHandler: socketErrorHandler });
  await app.register(rateLimitPlugin, { ...config.rateLimit, tokens: services.tokens });
  await app.register(authPlugin, { tokens: services.tokens, sessions: services.sessions, members: services.members });
  await app.register(authorizePlugin);
  await app.register(auditPlugin, { audit: services.audit });
  await app.register(textGuardPlugin);

  app.get('/health', { schema: { hide: true }, config: { public: true } }, async () => ({ status: 'ok' }));
  await app.register(operationRoutes, { services, config });
  await app.register(tokenRoutes, { services });
  await app.register(sessionRoutes, { services, publicUrl: config.publicUrl });
  await app.register(ssoRoutes, { services, publicUrl: config.publicUrl });
  await app.register(setupRoutes, { services, publicUrl: config.publicUrl });
  await app.register(botRoutes, { services });
  await app.register(channelRoutes, { services });
  await app.register(humanRoutes, { services });
  await app.register(humanDataRoutes, { services });
  await app.register(accountSettingsRoutes, { services });
  await app.register(conversationRoutes, { services });
  await app.register(inboxRoutes, { services });
  await app.register(cannedReplyRoutes, { services });
  await app.register(messageRoutes, { services });
  await app.register(overviewRoutes, { services });
  await app.register(analyticsRoutes, { services });
  await app.register(consentRoutes, { services });
  await app.register(humanImportRoutes, { services });
  await app.register(journeyRoutes, { services });
  await app.register(eventRoutes, { services });
  await app.register(lookupRoutes, { services });
  await app.register(webChatRoutes, { services });
  await app.register(sandboxRoutes, { services });
  await app.register(consoleRoutes);
  await app.register(webhookRoutes, { services });
  await app.register(memberRoutes, { services, config });
  await app.register(invitationPageRoutes);
  await app.register(auditRoutes, { services });
  await app.register(knowledgeRoutes, { services, uploadMaxBytes: config.knowledge.uploadMaxBytes });
  await app.register(modelEndpointRoutes, { services });
  await app.register(hookRoutes, { services, config, providers: services.providers.hooks() });
  await app.register(mediaRoutes, { services });
  return app;
}
