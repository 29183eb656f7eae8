// Web chat over HTTP: the chat page, the embed script, the widget's assets, and its WebSocket (docs/web-chat.md).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FrameQueue, TOO_MANY_FRAMES } from '../../channels/index.js';
import { NotFoundError } from '../../errors.js';
import type { Services } from '../../services/index.js';
import { IdParam } from '../schemas/common.js';
import { webPath } from '../../code-root.js';

const WEB_DIR = webPath('chat');
/** Largest frame a widget may send: a form with long answers fits, a flood does not. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** The widget's modules and style; nothing else under web/chat is served. */
const ASSETS = ['chat.js', 'dom.js', 'buttons.js', 'render.js', 'form.js', 'chat.css', 'embed.js'];
/**
 * The chat page runs only its own scripts and talks only to its own server; images and media may come from any http(s) host,
 * as bots send them. Any site may frame it (that is what embed.js does).
 */
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src http: https: data: blob:; media-src http: https: blob:; base-uri 'none'; form-action 'none'";

const REFUSED_FRAME = `${TOO_MANY_FRAMES} This one was not taken; send it again in a moment.`;

/** The `id` of a client frame, so a refusal names what to send again; null when the frame has none. */
function clientFrameId(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function asset(name: string): string {
  return fs.readFileSync(path.join(WEB_DIR, name), 'utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const webChatRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { webChat } = services;
  const page = asset('index.html');
  const files: Record<string, { body: string; type: string }> = Object.fromEntries(ASSETS.map((name) => [name, {
    body: asset(name), type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
  }]));
  const Params = IdParam('channel_id', 'web-chat channel');
  const hide = { hide: true };

  app.get('/chat/assets/:file', { schema: hide, config: { public: true } }, async (req, reply) => {
    const name = (req.params as { file: string }).file;
    const file = Object.hasOwn(files, name) ? files[name] : undefined;
    if (file === undefined) throw new NotFoundError('No such web-chat asset.');
    return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body);
  });

  app.get('/chat/:channel_id', { schema: { ...hide, params: Params }, config: { public: true } }, async (req, reply) => {
    const channel = await webChat.channel(req.params.channel_id);
    if (channel === undefined) throw new NotFoundError(`There is no web-chat channel ${req.params.channel_id}.`);
    const html = page.replaceAll('{{channelId}}', String(channel.id)).replaceAll('{{channelName}}', escapeHtml(channel.name || 'Chat'));
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).header('cache-control', 'no-store').send(html);
  });

  /** A site embeds the chat with <script src=".../chat/{id}/embed.js" async></script>. */
  app.get('/chat/:channel_id/embed.js', { schema: { ...hide, params: Params }, config: { public: true } }, async (req, reply) => {
    if ((await webChat.channel(req.params.channel_id)) === undefined) throw new NotFoundError(`There is no web-chat channel ${req.params.channel_id}.`);
    return reply.type(files['embed.js']!.type).send(files['embed.js']!.body.replaceAll('{{channelId}}', String(req.params.channel_id)));
  });

  app.get('/chat/:channel_id/ws', { websocket: true, schema: { ...hide, params: Params }, config: { public: true } }, async (socket, req) => {
    // Frames that arrive while the session is looked up are kept, in order.
    const early: string[] = [];
    const buffer = (data: Buffer) => early.push(data.toString('utf8'));
    socket.on('message', buffer);
    const session = await webChat.session(req.params.channel_id, { send: (frame) => socket.send(frame), close: (code, reason) => socket.close(code, reason) });
    socket.off('message', buffer);
    if (session === null) {
      socket.send(JSON.stringify({ type: 'error', description: `There is no web-chat channel ${req.params.channel_id}.` }));
      socket.close(4404, 'unknown channel');
      return;
    }
    // One frame at a time, so a visitor's messages reach the inbox in the order they were typed; a flood is refused frame by frame.
    const frames = new FrameQueue({
      take: (text) => session.receive(text),
      failed: (_text, error) => {
        req.log.error({ err: error }, 'web-chat frame failed');
        socket.send(JSON.stringify({ type: 'error', description: 'The server could not take that message; try again.' }));
      },
      refused: (text) => socket.send(JSON.stringify({ type: 'error', id: clientFrameId(text), retry: true, description: REFUSED_FRAME })),
    });
    for (const text of early) frames.push(text);
    socket.on('message', (data: Buffer) => frames.push(data.toString('utf8')));
    socket.on('close', () => session.close());
  });
};
