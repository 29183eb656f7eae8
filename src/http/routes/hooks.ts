// Provider webhooks at /hooks/{channelType}/{channelId}: raw bodies handed to each provider's own verification and parsing.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { HookReply, HookRequest, ProviderHooks } from '../../channels/index.js';
import type { Config } from '../../config.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { Services } from '../../services/index.js';
import { describeBadText, findBadText } from '../../text-guard.js';
import { homeRef } from '../plugins/errors.js';

export interface HookRouteOptions {
  services: Services;
  config: Config;
  providers: ReadonlyMap<string, ProviderHooks>;
}

function flatHeaders(req: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** The body as the provider's parser will read it (JSON or a form), for the text check; null when it is neither or does not parse. */
function parsedBody(req: FastifyRequest, raw: Buffer): unknown {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  try {
    if (type.includes('json')) return JSON.parse(raw.toString('utf8')) as unknown;
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  } catch {
    // The provider's own parser names what is wrong with it.
  }
  return null;
}

/** Text no store keeps faithfully is refused before a provider parses it, and again in what it decoded (base64 payloads). */
function refuseBadText(where: string, value: unknown): void {
  const bad = findBadText(value);
  if (bad !== null) throw new BadRequestError(describeBadText(where, bad));
}

export const hookRoutes: FastifyPluginAsync<HookRouteOptions> = async (app, { services, config, providers }) => {
  // Signatures are computed over the exact bytes sent: no parser may touch them first. Scoped to this plugin only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const handle = async (req: FastifyRequest, method: 'GET' | 'POST'): Promise<HookReply> => {
    const { channel_type: type, channel_id: rawId } = req.params as { channel_type: string; channel_id: string };
    const provider = providers.get(type);
    const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN;
    const channel = Number.isSafeInteger(id) ? await services.runtime.channels.find(id) : undefined;
    if (provider === undefined || channel === undefined || channel.type !== type) throw new NotFoundError(`There is no ${type} channel ${rawId} to receive events for.`);
    const hookRequest: HookRequest = {
      method, url: req.url, fullUrl: `${homeRef(req, config.publicUrl)}${req.url}`, headers: flatHeaders(req),
      query: req.query as Record<string, string | undefined>, rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    };
    refuseBadText('body', parsedBody(req, hookRequest.rawBody));
    const ctx = {
      channel,
      ingest: (envelope: Parameters<typeof services.runtime.ingest.receive>[0]) => {
        refuseBadText('the event', envelope);
        return services.runtime.ingest.receive(envelope);
      },
      report: (status: Parameters<typeof services.runtime.reportStatus>[0]) => services.runtime.reportStatus(status),
      subscription: async (address: string, subscribed: boolean) => {
        const { repos } = services.runtime;
        const humanId = (await repos.identities.humanOf(channel.id, address)) ?? (await repos.humanRecords.idByPhone(channel.accountId, address));
        // Webhooks have called a provider's opt-out a keyword since they began; the consent ledger tells them apart.
        if (humanId !== undefined) await services.subscriptions.set(channel.accountId, channel.id, [humanId], subscribed, 'keyword', 'provider');
      },
      log: req.log,
    };
    if (method === 'GET') {
      if (provider.verify === undefined) throw new NotFoundError(`${type} channels take no GET on their webhook.`);
      return provider.verify(hookRequest, ctx);
    }
    return provider.receive(hookRequest, ctx);
  };

  const send = async (req: FastifyRequest, reply: import('fastify').FastifyReply, method: 'GET' | 'POST') => {
    const out = await handle(req, method);
    reply.code(out.status);
    for (const [name, value] of Object.entries(out.headers ?? {})) reply.header(name, value);
    if (out.body === undefined) return reply.send();
    return typeof out.body === 'string' ? reply.send(out.body) : reply.type('application/json').send(JSON.stringify(out.body));
  };

  const routeOptions = { schema: { hide: true }, config: { public: true, rateLimit: false } } as const;
  app.get('/hooks/:channel_type/:channel_id', routeOptions, (req, reply) => send(req, reply, 'GET'));
  app.post('/hooks/:channel_type/:channel_id', routeOptions, (req, reply) => send(req, reply, 'POST'));
};
