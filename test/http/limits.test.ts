// Every limit of the channels, humans and tokens APIs, at the bound (accepted) and one past it (refused), on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const MAX_ID = 2_147_483_647;

/** An e-mail address of exactly `length` characters. */
function emailOf(length: number): string {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

/** A cursor this server would accept, `length` characters long (base64url of a JSON object, padded). */
function cursorOf(length: number): string {
  const json = (pad: number) => JSON.stringify({ after: 0, pad: 'p'.repeat(pad) });
  const bytes = (length / 4) * 3;
  return Buffer.from(json(bytes - json(0).length)).toString('base64url');
}

interface Bound {
  limit: string;
  /** Sends a request with the value at the bound (`over` false) or one past it. */
  send(call: Call, over: boolean): Promise<{ status: number; body: any }>;
  /** The status and the word the description names past the bound. */
  refused: [number, string];
  /** The status at the bound when it is not 200 (an id of the longest length still names nothing). */
  accepted?: number;
}

describe.each(DATABASES)('limits on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let botId: number;
  let channelId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    botId = (await api('POST', '/v1/bots', { name: 'Limits' })).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'c', description: '' })).body.id;
  });
  afterAll(async () => server?.close());

  const channel = (fields: Record<string, unknown>) => ({ channelType: 'web', botId, name: 'c', description: 'd', ...fields });

  const bounds: Bound[] = [
    { limit: 'channel name: 255 characters', refused: [422, 'name'], send: (c, over) => c('POST', '/v1/channels', channel({ name: 'n'.repeat(over ? 256 : 255) })) },
    { limit: 'channel name on update', refused: [422, 'name'], send: (c, over) => c('PUT', `/v1/channels/${channelId}`, { botId, name: 'n'.repeat(over ? 256 : 255), description: '' }) },
    { limit: 'channel name: at least 1 character', refused: [422, 'name'], send: (c, over) => c('POST', '/v1/channels', channel({ name: over ? '' : 'n' })) },
    { limit: 'channel description: 200 characters', refused: [422, 'description'], send: (c, over) => c('POST', '/v1/channels', channel({ description: 'd'.repeat(over ? 201 : 200) })) },
    { limit: 'channel description on update', refused: [422, 'description'], send: (c, over) => c('PUT', `/v1/channels/${channelId}`, { botId, name: 'c', description: 'd'.repeat(over ? 201 : 200) }) },
    { limit: 'channel user: 1,000 characters', refused: [422, 'user'], send: (c, over) => c('POST', '/v1/channels', channel({ user: 'u'.repeat(over ? 1001 : 1000) })) },
    { limit: 'channel token: 65,536 characters', refused: [422, 'token'], send: (c, over) => c('POST', '/v1/channels', channel({ token: 't'.repeat(over ? 65_537 : 65_536) })) },
    { limit: 'dlc countryCode: US or CA', refused: [422, 'countryCode'], send: (c, over) => c('POST', '/v1/channels', channel({ channelType: 'dlc', countryCode: over ? 'MX' : 'US' })) },
    { limit: 'dlc phoneType: 1 to 3', refused: [422, 'phoneType'], send: (c, over) => c('POST', '/v1/channels', channel({ channelType: 'dlc', phoneType: over ? 4 : 3 })) },
    { limit: 'botId: at most 2147483647', refused: [422, 'botId'], send: (c, over) => c('POST', '/v1/channels', channel({ botId: over ? MAX_ID + 1 : botId })) },
    { limit: 'botId: at least 1', refused: [422, 'botId'], send: (c, over) => c('POST', '/v1/channels', channel({ botId: over ? 0 : botId })) },
    { limit: 'bot_id filter: at most 2147483647', refused: [422, 'bot_id'], send: (c, over) => c('GET', `/v1/channels?bot_id=${over ? MAX_ID + 1 : MAX_ID}`) },
    { limit: 'humanIds: 10,000 per call', refused: [422, 'humanIds'], send: (c, over) => c('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: Array.from({ length: over ? 10_001 : 10_000 }, (_, i) => i + 1) }) },
    { limit: 'humanIds on unsubscribe', refused: [422, 'humanIds'], send: (c, over) => c('POST', `/v1/channels/${channelId}/unsubscribe`, { humanIds: Array.from({ length: over ? 10_001 : 10_000 }, (_, i) => i + 1) }) },
    { limit: 'a human id: at most 2147483647', refused: [422, 'humanIds'], send: (c, over) => c('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: [over ? MAX_ID + 1 : MAX_ID] }) },
    { limit: 'path id: at most 2147483647', refused: [404, 'channel_id'], send: (c, over) => c('GET', `/v1/channels/${over ? MAX_ID + 1 : channelId}`) },
    { limit: 'path id: at least 1', refused: [404, 'channel_id'], send: (c, over) => c('GET', `/v1/channels/${over ? 0 : channelId}`) },
    { limit: 'human firstName: 255 characters', refused: [422, 'firstName'], send: (c, over) => c('POST', '/v1/humans', { firstName: 'f'.repeat(over ? 256 : 255) }) },
    { limit: 'human lastName: 255 characters', refused: [422, 'lastName'], send: (c, over) => c('POST', '/v1/humans', { lastName: 'l'.repeat(over ? 256 : 255) }) },
    { limit: 'human email: 254 characters', refused: [422, 'email'], send: (c, over) => c('POST', '/v1/humans', { email: emailOf(over ? 255 : 254) }) },
    { limit: 'human phone: 32 characters', refused: [422, 'phone'], send: (c, over) => c('POST', '/v1/humans', { phone: `+44 7400 123456${' '.repeat(over ? 18 : 17)}` }) },
    { limit: 'human tags: 100', refused: [422, 'tags'], send: (c, over) => c('POST', '/v1/humans', { tags: Array.from({ length: over ? 101 : 100 }, (_, i) => `t${i}`) }) },
    { limit: 'a tag: 100 characters', refused: [422, 'tags'], send: (c, over) => c('POST', '/v1/humans', { tags: ['t'.repeat(over ? 101 : 100)] }) },
    { limit: 'a tag: at least 1 character', refused: [422, 'tags'], send: (c, over) => c('POST', '/v1/humans', { tags: [over ? '' : 't'] }) },
    { limit: 'humans page: at most 500', refused: [422, 'limit'], send: (c, over) => c('GET', `/v1/humans?limit=${over ? 501 : 500}`) },
    { limit: 'humans page: at least 1', refused: [422, 'limit'], send: (c, over) => c('GET', `/v1/humans?limit=${over ? 0 : 1}`) },
    { limit: 'humans cursor: 200 characters', refused: [422, 'cursor'], send: (c, over) => c('GET', `/v1/humans?cursor=${over ? 'c'.repeat(201) : cursorOf(200)}`) },
    { limit: 'humans tag filter: 100 characters', refused: [422, 'tag'], send: (c, over) => c('GET', `/v1/humans?tag=${'t'.repeat(over ? 101 : 100)}`) },
    { limit: 'humans email filter: 254 characters', refused: [422, 'email'], send: (c, over) => c('GET', `/v1/humans?email=${emailOf(over ? 255 : 254)}`) },
    { limit: 'token name: 100 characters', refused: [422, 'name'], send: (c, over) => c('POST', '/v1/tokens', { name: 'n'.repeat(over ? 101 : 100) }) },
    { limit: 'token name: at least 1 character', refused: [422, 'name'], send: (c, over) => c('POST', '/v1/tokens', { name: over ? '' : 'n' }) },
    { limit: 'token id: 64 characters', accepted: 404, refused: [404, 'token_id'], send: (c, over) => c('DELETE', `/v1/tokens/${'0'.repeat(over ? 65 : 64)}`) },
  ];

  it.each(bounds.map((b) => [b.limit, b] as const))('%s', async (_name, bound) => {
    const at = await bound.send(api, false);
    expect(at.status, JSON.stringify(at.body)).toBe(bound.accepted ?? 200);
    const over = await bound.send(api, true);
    const [status, field] = bound.refused;
    expect(over.status).toBe(status);
    expect(isErrorObject(over.body, status)).toBe(true);
    expect(over.body.description).toContain(field);
  });

  it('never quotes a refused token in the error', async () => {
    const res = await api('POST', '/v1/channels', channel({ token: `SECRET-${'t'.repeat(65_537)}` }));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).not.toContain('SECRET-');
  });
});
