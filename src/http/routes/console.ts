// The console at /console: one page, its bundled script and its style, all from this server under a strict CSP (docs/console.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { consoleScripts, type ConsoleScript } from '../console-bundle.js';
import { webPath } from '../../code-root.js';
import { NotFoundError } from '../../errors.js';

const WEB_DIR = webPath('console');
/** Only its own script and style, only its own server to talk to and frame (web chat's "try it"); never framed itself (clickjacking). */
const POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/**
 * The page's own policy adds a nonce for style elements, new on every load: the code editor (CodeMirror) puts its
 * styles in a <style> it marks with that nonce; no other inline style is taken.
 */
const pagePolicy = (nonce: string) => POLICY.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);

export const consoleRoutes: FastifyPluginAsync = async (app) => {
  const page = fs.readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  // Every page the server makes (console, web chat, sandbox, invitation) gets its icon here: browsers ask /favicon.ico.
  const icon = fs.readFileSync(path.join(WEB_DIR, '../favicon.svg'), 'utf8');
  const style = fs.readFileSync(path.join(WEB_DIR, 'console.css'), 'utf8');
  const hide = { hide: true };
  const headers = { 'content-security-policy': POLICY, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };

  const sendPage = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    const nonce = crypto.randomBytes(18).toString('base64');
    return reply.type('text/html; charset=utf-8').headers(headers).header('content-security-policy', pagePolicy(nonce)).header('cache-control', 'no-store')
      .send(page.replace('{{styleNonce}}', nonce));
  };
  app.get('/console', { schema: hide, config: { public: true } }, sendPage);
  app.get('/console/', { schema: hide, config: { public: true } }, sendPage);
  const sendScript = (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply, script: ConsoleScript, cache: string) => {
    reply.type('text/javascript; charset=utf-8').headers(headers).header('cache-control', cache).header('etag', script.etag).header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === script.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(script.gzipped);
    return reply.send(script.text);
  };
  // Revalidated on every load (a new release's script is taken at once); unchanged, it is a 304 without a body.
  app.get('/console/assets/console.js', { schema: hide, config: { public: true } }, async (req, reply) =>
    sendScript(req, reply, (await consoleScripts()).get('console.js')!, 'no-cache'));
  // A chunk's name holds its content's hash: another content is another name, so a browser keeps it.
  app.get<{ Params: { file: string } }>('/console/assets/chunks/:file', { schema: hide, config: { public: true } }, async (req, reply) => {
    const script = (await consoleScripts()).get(`chunks/${req.params.file}`);
    if (script === undefined) throw new NotFoundError(`The console has no script chunks/${req.params.file}.`);
    return sendScript(req, reply, script, 'public, max-age=31536000, immutable');
  });
  for (const file of ['/favicon.ico', '/favicon.svg']) {
    app.get(file, { schema: hide, config: { public: true } }, async (_req, reply) =>
      reply.type('image/svg+xml').header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=86400').send(icon));
  }
  app.get('/console/assets/console.css', { schema: hide, config: { public: true } }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').headers(headers).header('cache-control', 'no-cache').send(style));
};
