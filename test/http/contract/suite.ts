// The contract: for every operation of the served OpenAPI document, values near each documented rule are sent, a JSON
// Schema validator says whether the document allows each, and the server must agree (no 400/422 for what the document
// allows, a 400/404/422 for what it refuses) and answer only statuses the operation documents. Driven by the document
// and nothing else, so a route added later is covered as soon as it is registered.
import AjvModule from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, startTestServer, type TestServer } from '../../helpers/server.js';
import { candidates, simplest, type Schema } from './candidates.js';

const Ajv = AjvModule.default;

interface Parameter { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}
interface OpenApi { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> }

/** Statuses that mean the request was refused as malformed or outside a rule. */
const REFUSED = new Set([400, 422]);
/** An id no fixture has: what destructive operations are called on, so they refuse or answer 404 and destroy nothing. */
const NOBODY = 2_147_483_000;

interface Fixtures { botId: number; channelId: number; humanId: number; otherHumanId: number; webhookId: number }

/** A disagreement between the document and the server, as a line a reader can act on. */
interface Finding { operation: string; what: string; value: string; documented: 'allowed' | 'refused' | 'status'; status: number; description: string }

/** Operations that destroy or replace what the others use: called on ids that name nothing. */
function destructive(method: string, path: string): boolean {
  return method === 'DELETE' || /\/(erase|accept|secret|password)$/.test(path) || path === '/v1/members/{member_id}';
}

function pathValue(name: string, fx: Fixtures, destroy: boolean): string {
  if (destroy && name.endsWith('_id')) return String(NOBODY);
  switch (name) {
    case 'bot_id': return String(fx.botId);
    case 'channel_id': return String(fx.channelId);
    case 'human_id': return String(fx.humanId);
    case 'webhook_id': return String(fx.webhookId);
    case 'revision': return '1';
    case 'phone_number': return '+14155550123';
    case 'invite_token': case 'token_id': case 'session_id': return 'contract-nobody-contract-nobody-';
    default: return String(NOBODY);
  }
}

/** Request fields that name a record: the fixture's, so a valid request is not refused for naming nothing. */
function referenced(name: string, fx: Fixtures): unknown {
  switch (name) {
    case 'botId': return fx.botId;
    case 'channelId': return fx.channelId;
    case 'humanId': return fx.otherHumanId;
    case 'humanIds': return [fx.otherHumanId];
    default: return undefined;
  }
}

/** Choices a client makes where the schema leaves several: a web channel, whose user and token are optional. */
const CHOICES: Record<string, (fx: Fixtures) => Record<string, unknown>> = {
  'POST /v1/channels': () => ({ channelType: 'web' }),
  'POST /v1/messages': (fx) => ({ targets: [{ targetType: 'humans', ids: [fx.otherHumanId] }] }),
  // What its x-parley-rule fields ask: https, a first secret, a domain while enabled.
  'PUT /v1/account/sso': () => ({ issuer: 'https://idp.example.com', clientSecret: 'secret', allowedDomains: ['example.com'] }),
};

/** The rule the document says the server applies beyond the schema, if any (the `x-parley-rule` extension). */
function serverRule(schema: Schema | undefined): string | undefined {
  return schema?.['x-parley-rule'];
}

/** What a generated client would send when it fills in only what the schema requires (plus the fixtures' ids). */
function baseBody(schema: Schema, fx: Fixtures, operation: string): Record<string, unknown> | unknown {
  const base = { ...(simplest(schema) as object), ...CHOICES[operation]?.(fx) };
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const name of Object.keys(schema.properties ?? {})) {
    const id = referenced(name, fx);
    if (id !== undefined) out[name] = id;
  }
  return out;
}

export function contractSuite(kind: DatabaseKind): void {
  describe(`the documented contract on ${kind}`, () => {
    let server: TestServer;
    let token: string;
    let fx: Fixtures;
    let doc: OpenApi;
    // The judge: a standard JSON Schema validator with the standard formats. A format it does not know is an annotation
    // (JSON Schema 2020-12), and the document's own extension keyword is no rule for it.
    const validators = () => {
      const made = [new Ajv({ strict: false, validateFormats: true }), new Ajv({ strict: false, coerceTypes: true, validateFormats: true })];
      for (const one of made) {
        addFormats.default(one);
        one.addKeyword('x-parley-rule');
      }
      return made as [InstanceType<typeof Ajv>, InstanceType<typeof Ajv>];
    };
    const [ajv, coercing] = validators();
    let sent = 0;

    beforeAll(async () => {
      server = await startTestServer(kind, { RATE_LIMIT_MAX: '10000000' });
      const account = await server.account();
      token = account.token;
      const call = async (method: string, url: string, payload?: unknown) => {
        const res = await server.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
        if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
        return res.json<{ id: number }>();
      };
      const botId = (await call('POST', '/v1/bots', { name: 'contract', interactions: [] })).id;
      const channelId = (await call('POST', '/v1/channels', { channelType: 'web', botId, name: 'contract', description: '' })).id;
      const humanId = (await call('POST', '/v1/humans', { firstName: 'Ada' })).id;
      const otherHumanId = (await call('POST', '/v1/humans', { firstName: 'Grace' })).id;
      const webhookId = (await call('POST', '/v1/webhooks', { url: 'https://example.com/parley-contract', eventTypes: ['message.received'] })).id;
      fx = { botId, channelId, humanId, otherHumanId, webhookId };
      doc = (await server.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<OpenApi>();
      for (const format of new Set(JSON.stringify(doc).match(/"format":"[^"]+"/g) ?? [])) {
        const name = format.slice(10, -1);
        if (!ajv.formats[name]) for (const one of [ajv, coercing]) one.addFormat(name, true);
      }
      // References into components resolve against the document itself.
      ajv.addSchema({ $id: 'openapi.json', components: doc.components }, undefined, undefined, false);
    });
    afterAll(async () => {
      console.log(`[contract ${kind}] ${sent} requests`);
      await server?.close();
    });

    it('refuses exactly what the OpenAPI document refuses, and answers only the statuses it documents', async () => {
      const findings: Finding[] = [];
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, op]) => ({ method: m.toUpperCase(), path, op })));
      expect(operations.length).toBeGreaterThanOrEqual(60);

      for (const { method, path, op } of operations) {
        const name = `${method} ${path}`;
        const destroy = destructive(method, path);
        const params = op.parameters ?? [];
        const documented = new Set(Object.keys(op.responses ?? {}));
        const fill = (values: Record<string, string>) => path.replace(/\{([^}]+)\}/g, (_, p: string) => encodeURIComponent(values[p] ?? pathValue(p, fx, destroy)));
        const requiredQuery = Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(simplest(p.schema ?? {}))]));
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;

        // A rule beyond the schema (`x-parley-rule`) may refuse what the schema allows: then only refusals are held.
        const send = async (what: string, value: unknown, allowed: boolean, request: { pathValues?: Record<string, string>; query?: Record<string, string>; body?: unknown }, refusedToo: number[] = [], ruled = false) => {
          const query = new URLSearchParams({ ...requiredQuery, ...request.query }).toString();
          const url = fill(request.pathValues ?? {}) + (query === '' ? '' : `?${query}`);
          const res = await server.app.inject({
            method: method as 'GET', url, headers: { authorization: `Bearer ${token}`, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
          });
          sent += 1;
          const status = res.statusCode;
          const description = status >= 400 ? String(res.json<{ description?: string }>().description ?? '') : '';
          const shown = (JSON.stringify(value) ?? 'undefined').slice(0, 80);
          if (!documented.has(String(status)) && !documented.has('default')) findings.push({ operation: name, what, value: shown, documented: 'status', status, description });
          if (allowed && !ruled && REFUSED.has(status)) findings.push({ operation: name, what, value: shown, documented: 'allowed', status, description });
          if (!allowed && !REFUSED.has(status) && !refusedToo.includes(status)) findings.push({ operation: name, what, value: shown, documented: 'refused', status, description });
        };

        // Path values that are text (a phone number): ids are covered by the fuzz suite.
        for (const p of params.filter((x) => x.in === 'path' && x.schema?.type === 'string' && x.name === 'phone_number')) {
          const check = coercing.compile({ type: 'object', properties: { [p.name]: p.schema }, required: [p.name] });
          for (const value of candidates(p.schema ?? {}).filter((v): v is string => typeof v === 'string' && v !== '')) {
            await send(`path ${p.name}`, value, check({ [p.name]: value }) === true, { pathValues: { [p.name]: value } }, [404], serverRule(p.schema) !== undefined);
          }
        }

        // An operation with a body gets the simplest one with its query values.
        const queryBody = bodySchema !== undefined ? baseBody(bodySchema, fx, name) : undefined;
        for (const p of params.filter((x) => x.in === 'query')) {
          const check = coercing.compile({ type: 'object', properties: { [p.name]: p.schema ?? {} } });
          for (const raw of candidates(p.schema ?? {})) {
            if (raw === null || typeof raw === 'object') continue;
            const value = String(raw);
            await send(`query ${p.name}`, value, check({ [p.name]: value }) === true, { query: { [p.name]: value }, body: queryBody }, [], serverRule(p.schema) !== undefined);
          }
        }

        if (bodySchema !== undefined) {
          const check = ajv.compile(JSON.parse(JSON.stringify(bodySchema).replaceAll('"#/components/', '"openapi.json#/components/')) as object);
          const base = baseBody(bodySchema, fx, name);
          const bodyRule = serverRule(bodySchema);
          const judged = (body: unknown) => check(structuredClone(body)) === true;
          await send('the body a generated client fills in', base, judged(base), { body: base }, [], bodyRule !== undefined);
          if (typeof base === 'object' && base !== null && !Array.isArray(base)) {
            for (const [field, schema] of Object.entries(bodySchema.properties ?? {})) {
              const rule = bodyRule ?? serverRule(schema);
              for (const value of candidates(schema)) {
                const body = { ...(base as Record<string, unknown>), [field]: value };
                await send(`body ${field}`, value, judged(body), { body }, [], rule !== undefined);
              }
            }
            for (const field of bodySchema.required ?? []) {
              const body = { ...(base as Record<string, unknown>) };
              delete body[field];
              await send(`body without ${field}`, body, judged(body), { body }, [], bodyRule !== undefined);
            }
            const extra = { ...(base as Record<string, unknown>), contractExtraField: 1 };
            await send('body with a field the schema does not name', extra, judged(extra), { body: extra }, [], bodyRule !== undefined);
          }
        }
      }

      const lines = findings.map((f) => `${f.operation} ${f.what} = ${f.value}: the document ${f.documented === 'status' ? 'does not list' : f.documented === 'allowed' ? 'allows it, the server answered' : 'refuses it, the server answered'} ${f.status} ${f.description.slice(0, 140)}`);
      expect(lines, `${lines.length} disagreements between the OpenAPI document and the server:\n${lines.join('\n')}`).toEqual([]);
    }, 300_000);
  });
}
