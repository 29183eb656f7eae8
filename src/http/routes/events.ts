// GET /v1/events: a WebSocket that tells the console (or a script) which of the account's conversations just changed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ForbiddenError } from '../../errors.js';
import type { Services } from '../../services/index.js';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export const eventRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/v1/events', {
    websocket: true,
    schema: { hide: true },
    // Another site's page may open a WebSocket here; the session cookie is SameSite=Strict, and the Origin must be this server's.
    preHandler: async (req) => {
      const origin = req.headers.origin;
      if (req.sessionId !== null && origin !== undefined && hostOf(origin) !== req.host) {
        throw new ForbiddenError('A console socket opens only from this server\'s own pages.');
      }
    },
  }, (socket, req) => {
    const stop = services.accountEvents.subscribe(req.accountId, (notice) => socket.send(JSON.stringify(notice)));
    socket.send(JSON.stringify({ type: 'ready' }));
    socket.on('close', stop);
    // Nothing is read from the client; whatever it sends is ignored.
    socket.on('message', () => undefined);
  });
};
