// Console sessions: sign in (sets the session and CSRF cookies), list, revoke (sign out), and change the account's password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotFoundError } from '../../errors.js';
import { SignInThrottledError, type Services } from '../../services/index.js';
import { clearSessionCookies, CSRF_HEADER, setSessionCookies } from '../cookies.js';
import { errorResponses } from '../schemas/common.js';

const tags = ['Sessions'];
const SessionObject = Type.Object({
  id: Type.String(),
  userAgent: Type.String(),
  address: Type.String({ description: 'The client address the session signed in from.' }),
  current: Type.Boolean({ description: 'true: the session this request came with.' }),
  dateCreated: Type.String(),
  dateLastSeen: Type.String(),
  dateExpires: Type.String(),
});

const SignedIn = Type.Object({
  session: SessionObject,
  account: Type.Object({ id: Type.Integer(), email: Type.String() }),
  csrfToken: Type.String({ description: `Repeat it in the ${CSRF_HEADER} header of every POST, PUT, PATCH and DELETE made with the session cookie (it is also in the parley_csrf cookie).` }),
});

export const sessionRoutes: FastifyPluginAsyncTypebox<{ services: Services; publicUrl: string | null }> = async (app, { services, publicUrl }) => {
  const { sessions } = services;

  app.post('/v1/sessions', {
    schema: {
      tags, summary: 'Sign in with the account\'s e-mail and password: sets the httpOnly session cookie and the CSRF cookie',
      security: [],
      body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: 1000 }) }),
      response: { 200: SignedIn, ...errorResponses(401, 422, 429) },
    },
    config: { public: true },
  }, async (req, reply) => {
    try {
      const signed = await sessions.signIn(req.body.email, req.body.password, { address: req.ip, userAgent: req.headers['user-agent'] ?? '' });
      setSessionCookies(req, reply, publicUrl, signed);
      return { session: signed.session, account: signed.account, csrfToken: signed.csrfToken };
    } catch (error) {
      if (error instanceof SignInThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  app.get('/v1/sessions', {
    schema: { tags, summary: 'The account\'s signed-in sessions, newest first', response: { 200: Type.Array(SessionObject), ...errorResponses() } },
  }, async (req) => sessions.list(req.accountId, req.principal?.memberId ?? null, req.sessionId));

  app.delete('/v1/sessions/:session_id', {
    schema: {
      tags, summary: 'Revoke a session; "current" (or the id of the session making the request) signs out and clears the cookies',
      params: Type.Object({ session_id: Type.String({ maxLength: 64 }) }),
      response: { 200: Type.Object({}), ...errorResponses(403, 404) },
    },
  }, async (req, reply) => {
    const id = req.params.session_id === 'current' ? req.sessionId : req.params.session_id;
    if (id === null) throw new NotFoundError('This request came with no session (it used a bearer token).');
    await sessions.revoke(req.accountId, req.principal?.memberId ?? null, id);
    if (id === req.sessionId) clearSessionCookies(req, reply, publicUrl);
    return {};
  });

  app.put('/v1/account/password', {
    schema: {
      tags, summary: 'Change the account\'s password; every other session is signed out',
      body: Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: 1000 }), newPassword: Type.String({ minLength: 8, maxLength: 1000 }) }),
      response: { 200: Type.Object({}), ...errorResponses(403, 422) },
    },
  }, async (req) => {
    await sessions.changePassword(req.accountId, req.principal?.memberId ?? null, req.body.currentPassword, req.body.newPassword, req.sessionId);
    return {};
  });
};
