// Members of the account: list, invite by e-mail, change a role, remove; invitations accepted with a password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { UnprocessableError } from '../../errors.js';
import { ROLES, type Services } from '../../services/index.js';
import { baseUrlOf, principalOf } from '../principal.js';
import { errorResponses, IdParam, Nullable } from '../schemas/common.js';
import { NewToken } from './tokens.js';
import { EMAIL_PATTERN, SERVER_RULE } from '../../formats.js';
import { setSessionCookies } from '../cookies.js';

const tags = ['Members'];
const Params = IdParam('member_id', 'member');
const RoleSchema = Type.Unsafe<string>({ type: 'string', enum: [...ROLES], description: 'owner, admin, developer, agent or viewer (docs/security.md).' });

const NameSchema = Type.String({ maxLength: 100, description: 'The name shown to visitors beside the member\'s replies ("Ana (agent)") and in the audit log; empty: none (the e-mail stands for it).' });

const MemberObject = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Nullable(Type.String(), { description: 'The name shown for the member; null: none given, the e-mail stands for it.' }),
  role: RoleSchema,
  status: Type.Unsafe<'invited' | 'active' | 'disabled'>({ type: 'string', enum: ['invited', 'active', 'disabled'] }),
  dateCreated: Type.String(),
  invitedBy: Nullable(Type.Integer(), { description: 'The member who invited; null for the account\'s first owner and invitations from its own credential.' }),
  inviteExpiresAt: Nullable(Type.String(), { description: 'While invited: when the invitation lapses.' }),
});

const InvitationObject = Type.Object({
  member: MemberObject,
  inviteUrl: Type.String({ description: 'The link to accept the invitation; mailed too when the server sends mail. Works once.' }),
  emailSent: Type.Boolean(),
  emailError: Nullable(Type.String(), { description: 'Why the e-mail was not sent (no SMTP_URL, a refusal).' }),
});

const InviteToken = Type.Object({ invite_token: Type.String({ minLength: 16, maxLength: 100 }) });

export const memberRoutes: FastifyPluginAsyncTypebox<{ services: Services; config: Config }> = async (app, { services, config }) => {
  const { members, sessions } = services;

  app.get('/v1/me', {
    schema: {
      tags, summary: 'Who this credential acts as: the account, the member and role, the token or session, the scopes',
      response: {
        200: Type.Object({
          accountId: Type.Integer(),
          memberId: Nullable(Type.Integer(), { description: 'Null: the account\'s own credential.' }),
          email: Nullable(Type.String()),
          name: Nullable(Type.String(), { description: 'The member\'s display name; null: none given (or the account\'s own credential).' }),
          role: RoleSchema,
          tokenId: Nullable(Type.String()),
          sessionId: Nullable(Type.String()),
          scopes: Type.Array(Type.String()),
        }),
        ...errorResponses(),
      },
    },
  }, async (req) => {
    const p = principalOf(req);
    const name = p.memberId === null ? null : (await members.get(p.accountId, p.memberId)).name;
    return { accountId: p.accountId, memberId: p.memberId, email: p.email, name, role: p.role, tokenId: p.tokenId, sessionId: p.sessionId, scopes: [...p.scopes] };
  });

  app.patch('/v1/me', {
    schema: {
      tags, summary: 'Change one\'s own display name (every member may)',
      body: Type.Object({ name: Nullable(NameSchema) }, { [SERVER_RULE]: 'Only a member\'s credential has a name to change: the account\'s own token is answered 422.' }),
      response: { 200: MemberObject, ...errorResponses(422) },
    },
  }, async (req) => {
    const p = principalOf(req);
    if (p.memberId === null) throw new UnprocessableError('This credential is the account\'s own, no member: it has no name to change.');
    return members.rename(p, p.memberId, req.body.name);
  });

  app.get('/v1/members', {
    schema: { tags, summary: 'List the account\'s members and pending invitations', response: { 200: Type.Array(MemberObject), ...errorResponses() } },
  }, async (req) => members.list(req.accountId));

  app.post('/v1/members', {
    schema: {
      tags, summary: 'Invite someone by e-mail with a role; the link is mailed and returned',
      body: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254, pattern: EMAIL_PATTERN }), role: RoleSchema, name: Type.Optional(Nullable(NameSchema)) }),
      response: { 200: InvitationObject, ...errorResponses(409, 413, 422) },
    },
  }, async (req) => members.invite(principalOf(req), req.body, baseUrlOf(req, config.publicUrl)));

  app.get('/v1/members/:member_id', {
    schema: { tags, summary: 'Get a member', params: Params, response: { 200: MemberObject, ...errorResponses(404) } },
  }, async (req) => members.get(req.accountId, req.params.member_id));

  app.patch('/v1/members/:member_id', {
    schema: {
      tags, summary: 'Change a member\'s role (the last owner stays owner: 409), name, or status (disable or enable)', params: Params,
      body: Type.Object({
        role: Type.Optional(RoleSchema),
        name: Type.Optional(Nullable(NameSchema)),
        status: Type.Optional(Type.Unsafe<'active' | 'disabled'>({
          type: 'string', enum: ['active', 'disabled'],
          description: 'disabled: no sign-in (password or single sign-on), console sessions end, API tokens revoked; active: a disabled member may sign in again (revoked tokens stay revoked).',
        })),
      }, { [SERVER_RULE]: 'A member cannot disable themselves, nor the last active owner be disabled, nor an invitation be disabled or enabled: 409.' }),
      response: { 200: MemberObject, ...errorResponses(404, 409, 422) },
    },
  }, async (req) => {
    const by = principalOf(req);
    const { status } = req.body;
    if (status !== undefined) req.auditDetail = { action: status === 'disabled' ? 'disable' : 'enable' };
    let member = req.body.name === undefined ? undefined : await members.rename(by, req.params.member_id, req.body.name);
    if (req.body.role !== undefined) member = await members.changeRole(by, req.params.member_id, req.body.role);
    if (status !== undefined) member = await members.setStatus(by, req.params.member_id, status);
    return member ?? members.get(req.accountId, req.params.member_id);
  });

  app.delete('/v1/members/:member_id', {
    schema: {
      tags, summary: 'Remove a member and revoke their tokens (the last owner cannot leave: 409)', params: Params,
      response: { 200: Type.Object({}), ...errorResponses(404, 409) },
    },
  }, async (req) => {
    await members.remove(principalOf(req), req.params.member_id);
    return {};
  });

  app.get('/v1/invitations/:invite_token', {
    schema: {
      tags, summary: 'What an invitation is for (no credential: the token in the link is the credential)', params: InviteToken, security: [],
      response: { 200: Type.Object({ email: Type.String(), role: RoleSchema, expiresAt: Type.String() }), ...errorResponses(404) },
    },
    config: { public: true },
  }, async (req) => members.invitation(req.params.invite_token));

  app.post('/v1/invitations/:invite_token/accept', {
    schema: {
      tags, summary: 'Accept an invitation with a password; answers the member and a first API token of their role, or signs them in to the console',
      params: InviteToken, security: [],
      body: Type.Object({
        password: Type.String({ minLength: 8, maxLength: 200 }),
        name: Type.Optional(Nullable(NameSchema)),
        signIn: Type.Optional(Type.Boolean({ description: 'true: no token; the console\'s session and CSRF cookies are set instead (the invitation page lands the member in the console).' })),
      }),
      response: { 200: Type.Object({ member: MemberObject, token: Nullable(NewToken, { description: 'Null when signIn was asked for.' }) }), ...errorResponses(404, 413, 422) },
    },
    config: { public: true },
  }, async (req, reply) => {
    const signIn = req.body.signIn === true;
    const { member, token, principal } = await members.accept(req.params.invite_token, req.body.password, req.body.name, !signIn);
    // The route is public; the member who just joined is who made the change the audit log records.
    req.principal = principal;
    if (signIn) {
      const signed = await sessions.open({ accountId: principal.accountId, id: member.id, email: member.email, role: member.role }, { address: req.ip, userAgent: req.headers['user-agent'] ?? '' });
      setSessionCookies(req, reply, config.publicUrl, signed);
    }
    return { member, token };
  });
};
