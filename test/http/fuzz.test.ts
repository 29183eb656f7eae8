// Property: no input reaches a 500 — random JSON, strings and ids at every endpoint give a spec status and a well-formed error object.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const SPEC_STATUSES = [200, 400, 401, 403, 404, 408, 409, 413, 416, 422, 429, 502, 503, 504];

/** The API routes of issues 2 and 3, with `{id}` where a path id goes; every other documented route is added from the OpenAPI document. */
const ROUTES: [string, string][] = [
  ['GET', '/v1/channels/types'], ['GET', '/v1/channels'], ['GET', '/v1/channels/{id}'], ['POST', '/v1/channels'],
  ['PUT', '/v1/channels/{id}'], ['DELETE', '/v1/channels/{id}'], ['POST', '/v1/channels/{id}/subscribe'],
  ['POST', '/v1/channels/{id}/unsubscribe'], ['GET', '/v1/channels/{id}/subscription'],
  ['GET', '/v1/humans'], ['POST', '/v1/humans'], ['GET', '/v1/humans/{id}'],
  ['GET', '/v1/bots'], ['POST', '/v1/bots'], ['GET', '/v1/bots/{id}'], ['PUT', '/v1/bots/{id}'], ['DELETE', '/v1/bots/{id}'],
  ['POST', '/v1/bots/validate'], ['POST', '/v1/bots/{id}/publish'], ['GET', '/v1/bots/{id}/revisions'], ['GET', '/v1/bots/{id}/revisions/{id}'],
  ['GET', '/v1/manage/messaging/capability/{id}'], ['GET', '/v1/manage/rcs/capability/{id}'], ['GET', '/v1/manage/rcs/capability/{id}/{id}'],
  ['GET', '/v1/tokens'], ['POST', '/v1/tokens'], ['DELETE', '/v1/tokens/{id}'],
];

const CASES_PER_DATABASE = 2000;

interface OpenApi { paths: Record<string, Record<string, unknown>> }

/** `known` plus every operation the server documents, so an endpoint added later is thrown at too. */
function withDocumentedRoutes(known: [string, string][], doc: OpenApi): [string, string][] {
  const all = new Map(known.map(([m, p]) => [`${m} ${p}`, [m, p] as [string, string]]));
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const route: [string, string] = [method.toUpperCase(), path.replace(/\{[^}]+\}/g, '{id}')];
      all.set(route.join(' '), route);
    }
  }
  return [...all.values()];
}

describe.each(DATABASES)('no input produces a 500 on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let knownIds: number[];
  let routes: [string, string][];

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await server.account()).token;
    const other = await server.account();
    const bot = await server.services.bots.create(other.accountId, { name: 'theirs', interactions: [] });
    const ch = await server.services.channels.create(other.accountId, { channelType: 'web', botId: bot.id, name: 'c', description: 'd' });
    knownIds = [bot.id, ch.id, 1, 2];
    routes = withDocumentedRoutes(ROUTES, await (await fetch(`${server.url}/v1/openapi.json`)).json() as OpenApi);
  });
  afterAll(async () => server?.close());

  it(`holds for ${CASES_PER_DATABASE} random requests`, async () => {
    const id = fc.oneof(
      fc.constantFrom(...knownIds).map(String),
      fc.integer().map(String),
      fc.bigInt().map(String),
      fc.double().map(String),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
      fc.constantFrom('', '%', '%zz', '..', 'types', '-1', '0x10', '1e3', ' 1'),
    );
    const jsonValue = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({
        channelType: fc.oneof(fc.constantFrom('web', 'dlc', 'rcs', 'tlg', 'fb'), fc.jsonValue({ maxDepth: 1 })),
        botId: fc.oneof(fc.constantFrom(...knownIds), fc.integer(), fc.double(), fc.jsonValue({ maxDepth: 1 })),
        name: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue({ maxDepth: 1 })),
        description: fc.oneof(fc.string({ maxLength: 250 }), fc.jsonValue({ maxDepth: 1 })),
        phoneType: fc.oneof(fc.integer(), fc.jsonValue({ maxDepth: 1 })),
        countryCode: fc.oneof(fc.constantFrom('US', 'CA', 'GB', null), fc.string()),
        data: fc.jsonValue({ maxDepth: 2 }),
        humanIds: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.bigInt().map(Number), fc.constantFrom(...knownIds))), fc.jsonValue({ maxDepth: 1 })),
        phone: fc.oneof(fc.string(), fc.constantFrom('+14155550123', '+999', '12')),
        email: fc.string(), tags: fc.jsonValue({ maxDepth: 2 }),
      }, { requiredKeys: [] }),
    );
    const body = fc.oneof(
      jsonValue.map((v) => ({ text: JSON.stringify(v) ?? 'null', type: 'application/json' })),
      fc.string({ maxLength: 200 }).map((s) => ({ text: s, type: 'application/json' })),
      fc.string({ maxLength: 50 }).map((s) => ({ text: s, type: 'text/plain' })),
      fc.constant(undefined),
    );
    const query = fc.oneof(fc.constant(''), fc.dictionary(fc.constantFrom('bot_id', 'limit', 'cursor', 'tag', 'phone', 'email', 'x'), fc.string({ maxLength: 12 }))
      .map((d) => `?${new URLSearchParams(d).toString()}`));
    const auth = fc.oneof(
      { weight: 8, arbitrary: fc.constant('valid') },
      { weight: 1, arbitrary: fc.constantFrom('none', 'garbage') },
    );

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), id, body, query, auth, async ([method, template], pathId, payload, qs, authMode) => {
        const path = template.replaceAll('{id}', pathId) + qs;
        const headers: Record<string, string> = {};
        if (authMode === 'valid') headers.authorization = `Bearer ${token}`;
        if (authMode === 'garbage') headers.authorization = 'Bearer x.y.z';
        if (payload !== undefined && method !== 'GET') headers['content-type'] = payload.type;
        const res = await fetch(server.url + path, { method, headers, body: method === 'GET' ? undefined : payload?.text });
        const text = await res.text();
        expect(SPEC_STATUSES, `${method} ${path} → ${res.status} ${text}`).toContain(res.status);
        if (res.status !== 200) {
          expect(isErrorObject(JSON.parse(text), res.status), `${method} ${path} → ${text}`).toBe(true);
        }
      }),
      { numRuns: CASES_PER_DATABASE },
    );
  }, 300_000);
});
