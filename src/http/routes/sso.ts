// Single sign-on: an account's OpenID Connect settings (API), and the two browser legs of the sign-in, to the provider
// and back, which end in the console's session cookies (docs/sso.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, NotFoundError } from '../../errors.js';
import { DOMAIN_PATTERN, EMAIL_PATTERN, SERVER_RULE } from '../../formats.js';
import { ROLES, type Services } from '../../services/index.js';
import { readCookie, setSessionCookies } from '../cookies.js';
import { errorResponses, Nullable } from '../schemas/common.js';

const tags = ['Account'];
/** The sealed state of a sign-in in progress: Lax, since the provider's redirect back is a cross-site navigation. */
const PENDING_COOKIE = 'parley_sso';
const CALLBACK = '/v1/sso/callback';

const Role = Type.Unsafe<string>({ type: 'string', enum: [...ROLES] });
const RoleOrNull = Type.Unsafe<string | null>({ type: ['string', 'null'], enum: [...ROLES, null] });
const fields = {
  enabled: Type.Boolean({ description: 'false keeps the settings but signs nobody in through the provider.' }),
  issuer: Type.String({
    minLength: 1, maxLength: 2048, format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://',
    description: 'The provider\'s issuer URL; its /.well-known/openid-configuration is read.',
    [SERVER_RULE]: 'https, unless the server allows http issuers (SSO_ALLOW_HTTP_ISSUERS).',
  }),
  clientId: Type.String({ minLength: 1, maxLength: 500 }),
  allowedDomains: Type.Array(Type.String({ maxLength: 253, pattern: DOMAIN_PATTERN }), {
    maxItems: 100, description: 'E-mail domains whose people may sign in (any case; kept in lower case).',
    [SERVER_RULE]: 'At least one while enabled.',
  }),
  roleClaim: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }), { description: 'The ID token claim read for a new member\'s role (a string or a list).' })),
  roleMap: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Role, {
    maxProperties: 100, description: 'Claim value to role; the first value mapped wins.', [SERVER_RULE]: 'Needs roleClaim when not empty.',
  })),
  defaultRole: Type.Optional(Type.Unsafe<string | null>({ ...RoleOrNull, description: 'The role of a new member whose claim maps to none; null: such people are refused.' })),
  passwordSignIn: Type.Boolean({ description: 'false: members of the account sign in only through the provider.' }),
};
const SettingsInput = Type.Object({
  ...fields,
  clientSecret: Type.Optional(Type.String({
    minLength: 1, maxLength: 4096, description: 'Stored encrypted, never shown; omit to keep the stored one.', [SERVER_RULE]: 'Required the first time.',
  })),
});
const SettingsView = Type.Object({
  ...fields,
  roleClaim: Nullable(Type.String()),
  roleMap: Type.Record(Type.String(), Role),
  defaultRole: RoleOrNull,
  clientSecretSet: Type.Boolean(),
  redirectUri: Type.String({ description: 'Register this as the client\'s redirect URI at the provider.' }),
  dateUpdated: Type.String(),
});

function baseUrl(request: FastifyRequest, publicUrl: string | null): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

function secure(request: FastifyRequest, publicUrl: string | null): string {
  return request.protocol === 'https' || publicUrl?.startsWith('https:') === true ? '; Secure' : '';
}

/** A small page of Parley's own (no script, strict CSP): the sign-in's outcome, with the way on. */
function page(reply: FastifyReply, status: number, title: string, body: string, refreshTo?: string): FastifyReply {
  const escape = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const refresh = refreshTo === undefined ? '' : `<meta http-equiv="refresh" content="0; url=${escape(refreshTo)}">`;
  return reply.code(status).type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${refresh}`
      + `<title>${escape(title)}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">`
      + `<h1>${escape(title)}</h1><p role="status">${escape(body)}</p><p><a href="/console">Back to the console</a></p></body></html>`);
}

export const ssoRoutes: FastifyPluginAsyncTypebox<{ services: Services; publicUrl: string | null }> = async (app, { services, publicUrl }) => {
  const { settings, signIn } = services.sso;
  const view = async (req: FastifyRequest) => {
    const stored = await settings.view(req.accountId);
    if (stored === null) throw new NotFoundError('Single sign-on is not set up for this account.');
    return { ...stored, redirectUri: `${baseUrl(req, publicUrl)}${CALLBACK}` };
  };

  app.get('/v1/account/sso', {
    schema: { tags, summary: 'The account\'s single sign-on settings (never the client secret)', response: { 200: SettingsView, ...errorResponses(404) } },
  }, async (req) => view(req));

  app.put('/v1/account/sso', {
    schema: { tags, summary: 'Set the account\'s single sign-on (OpenID Connect) settings', body: SettingsInput, response: { 200: SettingsView, ...errorResponses(413, 422) } },
  }, async (req) => {
    await settings.put(req.accountId, req.body);
    return view(req);
  });

  app.delete('/v1/account/sso', {
    schema: { tags, summary: 'Remove the account\'s single sign-on; passwords sign in again', response: { 200: Type.Object({}), ...errorResponses() } },
  }, async (req) => {
    await settings.remove(req.accountId);
    return {};
  });

  // The browser's legs: pages, not API calls (hidden from the API reference).
  app.get('/v1/sso/start', {
    schema: { hide: true, querystring: Type.Object({ email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN }) }) },
    config: { public: true },
  }, async (req, reply) => {
    try {
      const accountId = await signIn.accountFor(req.query.email);
      const started = await signIn.start(accountId, `${baseUrl(req, publicUrl)}${CALLBACK}`);
      reply.header('set-cookie', `${PENDING_COOKIE}=${started.pending}; Path=/v1/sso; Max-Age=600; HttpOnly; SameSite=Lax${secure(req, publicUrl)}`);
      return reply.redirect(started.url, 302);
    } catch (err) {
      if (err instanceof AppError) return page(reply, err.status, 'Single sign-on', err.message);
      throw err;
    }
  });

  app.get(CALLBACK, { schema: { hide: true }, config: { public: true } }, async (req, reply) => {
    const clear = `${PENDING_COOKIE}=; Path=/v1/sso; Max-Age=0; HttpOnly; SameSite=Lax${secure(req, publicUrl)}`;
    try {
      const session = await signIn.finish(new URL(req.url, baseUrl(req, publicUrl)), readCookie(req, PENDING_COOKIE), {
        address: req.ip, userAgent: req.headers['user-agent'] ?? '',
      });
      setSessionCookies(req, reply, publicUrl, session);
      reply.header('set-cookie', [...[reply.getHeader('set-cookie')].flat().map(String), clear]);
      // A page of this site's own moves on to the console: the session cookies are SameSite=Strict, and a redirect
      // straight from the provider's navigation would arrive without them.
      return page(reply, 200, 'Signed in', `Signed in as ${session.account.email}.`, '/console');
    } catch (err) {
      reply.header('set-cookie', clear);
      if (err instanceof AppError) return page(reply, err.status, 'Single sign-on failed', err.message);
      throw err;
    }
  });
};
