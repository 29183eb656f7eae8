// The page an invitation link opens: it shows the invitation and accepts it with a password (through the API).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '../../errors.js';
import { webPath } from '../../code-root.js';

const WEB_DIR = webPath('invitation');
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const ASSETS: Record<string, string> = { 'accept.js': 'text/javascript; charset=utf-8', 'accept.css': 'text/css; charset=utf-8' };

export const invitationPageRoutes: FastifyPluginAsync = async (app) => {
  const page = fs.readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  const files = new Map(Object.entries(ASSETS).map(([name, type]) => [name, { type, body: fs.readFileSync(path.join(WEB_DIR, name), 'utf8') }]));
  const hide = { hide: true };

  app.get('/invitations/assets/:file', { schema: hide, config: { public: true } }, async (req, reply) => {
    const file = files.get((req.params as { file: string }).file);
    if (file === undefined) throw new NotFoundError('No such asset.');
    return reply.type(file.type).header('cache-control', 'no-cache').send(file.body);
  });

  app.get('/invitations/:invite_token', { schema: hide, config: { public: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY)
      .header('referrer-policy', 'no-referrer').header('cache-control', 'no-store').send(page));
};
