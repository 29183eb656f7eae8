// The phone simulator over HTTP: its page and assets, the channels it offers, and its WebSocket (docs/sandbox.md).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { FrameQueue, TOO_MANY_FRAMES } from '../../channels/index.js';
import { NotFoundError, UnauthorizedError } from '../../errors.js';
import type { Services } from '../../services/index.js';
import { bearerToken } from '../plugins/auth.js';
import { errorResponses, Nullable } from '../schemas/common.js';
import { webPath } from '../../code-root.js';

const WEB_DIR = webPath('sandbox');
/** Largest frame the page sends: a 4,096-character reply fits with room to spare. */
const MAX_FRAME_BYTES = 32 * 1024;
const ASSETS = ['sandbox.js', 'phone.js', 'api.js', 'media.js', 'sms.js', 'rcs.js', 'messenger.js', 'dm.js', 'voice.js', 'whatsapp.js', 'telegram.js', 'sandbox.css'];
/**
 * The page holds an API token: only its own scripts (and web chat's DOM helpers, same origin), framed by no other site
 * (the console frames it beside the bot editor). Images and media come from any http(s) host, as bots send them.
 */
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src http: https: data:; media-src http: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const SandboxChannel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  channelType: Type.String(),
  sandbox: Type.Boolean({ description: 'Whether the channel delivers to the simulator (its token is `sandbox`).' }),
  chatUrl: Nullable(Type.String(), { description: 'A web chat\'s page.' }),
});

function asset(name: string): string {
  return fs.readFileSync(path.join(WEB_DIR, name), 'utf8');
}

export const sandboxRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sandbox, tokens } = services;
  const page = asset('index.html');
  const files = new Map(ASSETS.map((name) => [name, { body: asset(name), type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8' }]));
  const hide = { hide: true };
  const requireEnabled = () => {
    if (!sandbox.enabled) throw new NotFoundError('The sandbox is turned off on this server (SANDBOX_ENABLED=false).');
  };
  const account = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (token === null) throw new UnauthorizedError();
    return (await tokens.authenticate(token)).accountId;
  };

  app.get('/sandbox', { schema: hide, config: { public: true } }, async (_req, reply) => {
    requireEnabled();
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store').send(page);
  });

  app.get('/sandbox/assets/:file', { schema: hide, config: { public: true } }, async (req, reply) => {
    requireEnabled();
    const file = files.get((req.params as { file: string }).file);
    if (file === undefined) throw new NotFoundError('No such sandbox asset.');
    return reply.type(file.type).header('cache-control', 'no-cache').send(file.body);
  });

  app.get('/sandbox/channels', {
    schema: { ...hide, response: { 200: Type.Object({ channels: Type.Array(SandboxChannel) }), ...errorResponses(404) } },
    config: { public: true },
  }, async (req) => {
    requireEnabled();
    return { channels: await sandbox.channels(await account(req)) };
  });

  app.get('/sandbox/ws', { websocket: true, schema: hide, config: { public: true } }, async (socket, req) => {
    if (!sandbox.enabled) {
      socket.send(JSON.stringify({ type: 'error', status: 404, description: 'The sandbox is turned off on this server (SANDBOX_ENABLED=false).' }));
      socket.close(4404, 'sandbox off');
      return;
    }
    const session = sandbox.session({ send: (frame) => socket.send(frame), close: (code, reason) => socket.close(code, reason) });
    // One frame at a time, so what a person types reaches the inbox in order; a flood is refused frame by frame.
    const frames = new FrameQueue({
      take: (text) => session.receive(text),
      failed: (_text, error) => {
        req.log.error({ err: error }, 'sandbox frame failed');
        socket.send(JSON.stringify({ type: 'error', status: 500, description: 'The server could not take that; try again.' }));
      },
      refused: () => socket.send(JSON.stringify({ type: 'error', status: 429, description: `${TOO_MANY_FRAMES} That one was not taken.` })),
    });
    socket.on('message', (data: Buffer) => {
      // The server's socket bound is web chat's, larger than this page needs.
      if (data.length > MAX_FRAME_BYTES) {
        socket.close(1009, 'frame too large');
        return;
      }
      frames.push(data.toString('utf8'));
    });
    socket.on('close', () => session.close());
  });
};
