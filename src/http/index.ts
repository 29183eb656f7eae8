// The HTTP layer's front door: the Fastify app the server starts.
export { buildApp, type AppOptions } from './app.js';
export { startMetricsListener, type MetricsListener } from './metrics-listener.js';
