// What each /v1 route needs, route by route: the authorization matrix the code checks and docs/security.md shows.
import type { Requirement } from '../services/index.js';

/**
 * Every authenticated /v1 route, as `METHOD /path` in Fastify's spelling, and the scope it needs. A route missing
 * here is refused to every credential short of all scopes (plugins/authorize.ts), and the matrix test names it.
 */
export const ACCESS_RULES: Readonly<Record<string, Requirement>> = {
  'GET /v1/tokens': 'tokens:read',
  'POST /v1/tokens': 'tokens:write',
  'DELETE /v1/tokens/:token_id': 'tokens:write',

  'POST /v1/bots': 'bots:write',
  // Lints without saving anything.
  'POST /v1/bots/validate': 'bots:read',
  // Runs conversation tests in memory: nothing is stored or sent.
  'POST /v1/bots/test': 'bots:read',
  'GET /v1/bots': 'bots:read',
  'GET /v1/bots/:bot_id': 'bots:read',
  'PUT /v1/bots/:bot_id': 'bots:write',
  'POST /v1/bots/:bot_id/publish': 'bots:write',
  'GET /v1/bots/:bot_id/revisions': 'bots:read',
  'GET /v1/bots/:bot_id/revisions/:revision': 'bots:read',
  'DELETE /v1/bots/:bot_id': 'bots:write',

  'GET /v1/channels/types': 'any',
  'GET /v1/channels': 'channels:read',
  'GET /v1/channels/:channel_id': 'channels:read',
  'POST /v1/channels': 'channels:write',
  'PUT /v1/channels/:channel_id': 'channels:write',
  'DELETE /v1/channels/:channel_id': 'channels:write',
  // Subscriptions are the humans' state on a channel: agents manage them with the humans.
  'POST /v1/channels/:channel_id/subscribe': 'humans:write',
  'POST /v1/channels/:channel_id/unsubscribe': 'humans:write',
  'GET /v1/channels/:channel_id/subscription': 'humans:read',
  // Agents choose a template to reply with once WhatsApp's window has closed.
  'GET /v1/channels/:channel_id/templates': 'conversations:read',

  'GET /v1/humans': 'humans:read',
  'POST /v1/humans': 'humans:write',
  'GET /v1/humans/:human_id': 'humans:read',
  'PUT /v1/humans/:human_id': 'humans:write',
  'DELETE /v1/humans/:human_id': 'humans:write',
  'GET /v1/humans/:human_id/links': 'humans:read',
  'POST /v1/humans/:human_id/links': 'humans:write',
  'DELETE /v1/humans/:human_id/links': 'humans:write',
  'GET /v1/humans/:human_id/subscriptions': 'humans:read',
  'GET /v1/humans/:human_id/consent': 'humans:read',
  'GET /v1/consent/export': 'humans:read',
  'POST /v1/humans/imports': 'humans:write',
  'GET /v1/humans/imports': 'humans:read',
  'GET /v1/humans/imports/:import_id': 'humans:read',
  'GET /v1/humans/imports/:import_id/errors': 'humans:read',
  'POST /v1/humans/imports/:import_id/cancel': 'humans:write',
  'GET /v1/humans/:human_id/attributes': 'humans:read',
  'PATCH /v1/humans/:human_id/attributes': 'humans:write',
  'GET /v1/humans/:human_id/export': 'humans:read',
  'POST /v1/humans/:human_id/erase': 'humans:write',

  'GET /v1/conversations': 'conversations:read',
  'GET /v1/conversations/:conversation_id': 'conversations:read',
  'PATCH /v1/conversations/:conversation_id': 'conversations:write',
  'GET /v1/conversations/:conversation_id/messages': 'conversations:read',
  'GET /v1/conversations/:conversation_id/attributes': 'conversations:read',
  // An agent's reply and internal note: what agents are for.
  'POST /v1/conversations/:conversation_id/messages': 'conversations:write',
  'POST /v1/conversations/:conversation_id/notes': 'conversations:write',
  // The console's live list: which conversations changed (ids only; their content is read through the routes above).
  'GET /v1/events': 'conversations:read',
  'GET /v1/overview': 'conversations:read',
  // Analytics: counts over conversations, read by whoever reads them.
  'GET /v1/analytics': 'conversations:read',
  'GET /v1/analytics/daily': 'conversations:read',
  'GET /v1/analytics/channels': 'conversations:read',
  'GET /v1/analytics/interactions': 'conversations:read',
  'GET /v1/analytics/unrecognised': 'conversations:read',
  'GET /v1/analytics/export': 'conversations:read',
  // The inbox to triage, and a member's own read marks (a viewer reads, and marks what they read).
  'GET /v1/inbox': 'conversations:read',
  'GET /v1/inbox/summary': 'conversations:read',
  'PUT /v1/conversations/:conversation_id/read': 'conversations:read',
  // Ready texts for replies: read by whoever reads conversations, kept by whoever answers them.
  'GET /v1/canned-replies': 'conversations:read',
  'POST /v1/canned-replies': 'conversations:write',
  'PUT /v1/canned-replies/:canned_reply_id': 'conversations:write',
  'DELETE /v1/canned-replies/:canned_reply_id': 'conversations:write',

  'POST /v1/messages': 'broadcasts:write',
  'GET /v1/messages/batches/:batch_id': 'broadcasts:read',
  // Journeys are proactive sends: defined and run by whoever sends broadcasts.
  'POST /v1/journeys': 'broadcasts:write',
  'GET /v1/journeys': 'broadcasts:read',
  'GET /v1/journeys/:journey_id': 'broadcasts:read',
  'PUT /v1/journeys/:journey_id': 'broadcasts:write',
  'POST /v1/journeys/:journey_id/runs': 'broadcasts:write',
  'GET /v1/journeys/:journey_id/runs': 'broadcasts:read',
  'GET /v1/journeys/:journey_id/runs/:run_id': 'broadcasts:read',
  'POST /v1/journeys/:journey_id/runs/:run_id/cancel': 'broadcasts:write',

  'GET /v1/manage/rcs/capability/:phone_number': 'lookups:read',
  'GET /v1/manage/rcs/capability/:channel_id/:phone_number': 'lookups:read',
  'GET /v1/manage/messaging/capability/:phone_number': 'lookups:read',

  'GET /v1/webhooks': 'webhooks:read',
  'POST /v1/webhooks': 'webhooks:write',
  'GET /v1/webhooks/:webhook_id': 'webhooks:read',
  'PUT /v1/webhooks/:webhook_id': 'webhooks:write',
  'DELETE /v1/webhooks/:webhook_id': 'webhooks:write',
  'POST /v1/webhooks/:webhook_id/secret': 'webhooks:write',
  'GET /v1/webhooks/:webhook_id/deliveries': 'webhooks:read',
  'POST /v1/webhooks/:webhook_id/deliveries/:delivery_id/resend': 'webhooks:write',

  // Knowledge bases and model endpoints are what a bot answers with: managed with the bots (docs/knowledge.md).
  'GET /v1/knowledge-bases': 'bots:read',
  'POST /v1/knowledge-bases': 'bots:write',
  'GET /v1/knowledge-bases/:knowledge_base_id': 'bots:read',
  'PUT /v1/knowledge-bases/:knowledge_base_id': 'bots:write',
  'DELETE /v1/knowledge-bases/:knowledge_base_id': 'bots:write',
  'GET /v1/knowledge-bases/:knowledge_base_id/documents': 'bots:read',
  'POST /v1/knowledge-bases/:knowledge_base_id/documents': 'bots:write',
  'GET /v1/knowledge-bases/:knowledge_base_id/documents/:document_id': 'bots:read',
  'PUT /v1/knowledge-bases/:knowledge_base_id/documents/:document_id': 'bots:write',
  'DELETE /v1/knowledge-bases/:knowledge_base_id/documents/:document_id': 'bots:write',
  'GET /v1/knowledge-bases/:knowledge_base_id/crawls': 'bots:read',
  'POST /v1/knowledge-bases/:knowledge_base_id/crawls': 'bots:write',
  'GET /v1/knowledge-bases/:knowledge_base_id/crawls/:crawl_id': 'bots:read',
  'POST /v1/knowledge-bases/:knowledge_base_id/search': 'bots:read',
  'GET /v1/model-endpoints': 'bots:read',
  'POST /v1/model-endpoints': 'bots:write',
  'GET /v1/model-endpoints/:endpoint_id': 'bots:read',
  'PUT /v1/model-endpoints/:endpoint_id': 'bots:write',
  'DELETE /v1/model-endpoints/:endpoint_id': 'bots:write',
  'GET /v1/usage': 'bots:read',

  'GET /v1/me': 'any',
  // One's own display name.
  'PATCH /v1/me': 'any',
  // One's own sign-ins and password: every member has them.
  'GET /v1/sessions': 'any',
  'DELETE /v1/sessions/:session_id': 'any',
  'PUT /v1/account/password': 'any',
  'GET /v1/members': 'members:read',
  'POST /v1/members': 'members:write',
  'GET /v1/members/:member_id': 'members:read',
  'PATCH /v1/members/:member_id': 'members:write',
  'DELETE /v1/members/:member_id': 'members:write',

  'GET /v1/audit': 'audit:read',

  // Account-wide settings (message retention): read by every member, changed by owners and admins.
  'GET /v1/account/settings': 'members:read',
  'PATCH /v1/account/settings': 'members:write',
  // Single sign-on: who may sign in and as what, so owners and admins set it; the secret is never shown.
  'GET /v1/account/sso': 'members:read',
  'PUT /v1/account/sso': 'members:write',
  'DELETE /v1/account/sso': 'members:write',
};

/** The key of a route in ACCESS_RULES. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
