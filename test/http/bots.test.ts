// Bots API over real HTTP on SQLite and PostgreSQL: both formats, revisions, publishing, validation, includes, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

function botDefinition(name: string, text = 'Hello {sys:firstName}'): Record<string, unknown> {
  return {
    name,
    interactions: [
      { name: 'welcome', intents: ['sys:start'], context: 'start', actions: [{ name: 'greet', send: { message: { text } } }] },
      { name: 'help', intents: ['sys:help'], actions: [{ execute: 'greet' }] },
    ],
  };
}

function experienceDefinition(name: string): Record<string, unknown> {
  return {
    name,
    welcomeMessageExecute: 'welcome',
    workflows: [{ name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi', quickReplies: [{ type: 'text', title: 'Menu', execute: 'welcome' }] } } }] }],
  };
}

/** A definition with three problems in different places, to check that all come back at once. */
const broken = {
  name: 'Broken',
  interactions: [{ name: 'sys:start', actions: [{ send: { message: { text: 'x'.repeat(3073) } }, goto: 'nowhere' }] }],
};
const brokenProblems = [
  { pointer: '/interactions/0/actions/0', message: 'An action does one of send, dataCapture, waitFor, delay, startDialog, finishDialog, assignTags, subscribe, execute, goto, pause, updateSettings, answer, classify; this one has "send", "goto".' },
  { pointer: '/interactions/0/actions/0/goto', message: '"nowhere" does not name an interaction or action of this bot or of a bot it includes.' },
  { pointer: '/interactions/0/actions/0/send/message/text', message: 'The message field "text" is 3073 characters long; the limit is 3072.' },
  { pointer: '/interactions/0/name', message: 'The name "sys:start" starts with the reserved prefix "sys:".' },
];

describe.each(DATABASES)('bots API on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;
  let theirBotId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    theirBotId = (await other('POST', '/v1/bots', botDefinition('their-library'))).body.id;
  });
  afterAll(async () => server?.close());

  const create = async (definition: Record<string, unknown>) => {
    const res = await api('POST', '/v1/bots', definition);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number; name: string; currentRevision: number; latestRevision: number; dateCreated: string };
  };

  describe('create, list and read', () => {
    it('creates a bot-format bot: the definition plus id, name, dateCreated and revision numbers', async () => {
      const definition = botDefinition('Support');
      const res = await api('POST', '/v1/bots', definition);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...definition, id: expect.any(Number), dateCreated: expect.stringMatching(DATE), currentRevision: 1, latestRevision: 1 });
      expect((await api('GET', `/v1/bots/${res.body.id}`)).body).toEqual(res.body);
      expect((await api('GET', '/v1/bots')).body).toContainEqual(res.body);
    });

    it('creates an RCS experience the same way', async () => {
      const definition = experienceDefinition('Experience');
      const res = await api('POST', '/v1/bots', definition);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...definition, id: expect.any(Number), dateCreated: expect.stringMatching(DATE), currentRevision: 1, latestRevision: 1 });
      expect((await api('GET', `/v1/bots/${res.body.id}`)).body.workflows).toEqual(definition.workflows);
    });

    it('creates a bot from a name alone, with no interactions', async () => {
      const res = await api('POST', '/v1/bots', { name: 'Empty' });
      expect(res.body).toEqual({ id: expect.any(Number), name: 'Empty', interactions: [], dateCreated: expect.stringMatching(DATE), currentRevision: 1, latestRevision: 1 });
    });

    it('lists only this account\'s bots, oldest first, each at its current revision', async () => {
      const list = (await api('GET', '/v1/bots')).body as { id: number; name: string }[];
      expect(list.map((b) => b.id)).toEqual([...list.map((b) => b.id)].sort((a, b) => a - b));
      expect(list.some((b) => b.id === theirBotId)).toBe(false);
      expect(list.map((b) => b.name)).toEqual(expect.arrayContaining(['Support', 'Experience', 'Empty']));
    });

    it('stores a fetched bot sent back unchanged without its server fields', async () => {
      const bot = await create(botDefinition('Round trip'));
      const fetched = (await api('GET', `/v1/bots/${bot.id}`)).body;
      const res = await api('PUT', `/v1/bots/${bot.id}?publish=true`, { ...fetched, id: 999, latestRevision: 42, dateCreated: '2000-01-01T00:00:00' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bot.id, currentRevision: 2, latestRevision: 2, dateCreated: bot.dateCreated });
      const row = await server.store.db.selectFrom('bot_revisions').select('definition').where('bot_id', '=', bot.id).where('revision', '=', 2).executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(row.definition)).sort()).toEqual(['interactions', 'name']);
    });
  });

  describe('revisions and publishing', () => {
    it('PUT stores latestRevision + 1 and leaves the current revision in place', async () => {
      const bot = await create(botDefinition('Revised', 'one'));
      const put = await api('PUT', `/v1/bots/${bot.id}`, botDefinition('Revised', 'two'));
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id: bot.id, name: 'Revised', currentRevision: 1, latestRevision: 2, dateCreated: bot.dateCreated });
      expect(put.body.interactions[0].actions[0].send.message.text).toBe('one');
      const got = (await api('GET', `/v1/bots/${bot.id}`)).body;
      expect(got).toEqual(put.body);

      const revisions = await api('GET', `/v1/bots/${bot.id}/revisions`);
      expect(revisions.status).toBe(200);
      expect(revisions.body).toEqual([
        { revision: 1, dateCreated: expect.stringMatching(DATE), current: true },
        { revision: 2, dateCreated: expect.stringMatching(DATE), current: false },
      ]);
      const second = await api('GET', `/v1/bots/${bot.id}/revisions/2`);
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ ...botDefinition('Revised', 'two'), id: bot.id, dateCreated: bot.dateCreated, currentRevision: 1, latestRevision: 2 });
    });

    it('POST publish makes a stored revision current, forwards and back', async () => {
      const bot = await create(botDefinition('Published', 'one'));
      await api('PUT', `/v1/bots/${bot.id}`, botDefinition('Published v2', 'two'));
      const published = await api('POST', `/v1/bots/${bot.id}/publish`, { revision: 2 });
      expect(published.status).toBe(200);
      expect(published.body).toEqual({ ...botDefinition('Published v2', 'two'), id: bot.id, dateCreated: bot.dateCreated, currentRevision: 2, latestRevision: 2 });
      expect((await api('GET', `/v1/bots/${bot.id}`)).body).toEqual(published.body);
      expect((await api('GET', `/v1/bots/${bot.id}/revisions`)).body.map((r: { current: boolean }) => r.current)).toEqual([false, true]);

      const back = await api('POST', `/v1/bots/${bot.id}/publish`, { revision: 1 });
      expect(back.body).toMatchObject({ name: 'Published', currentRevision: 1, latestRevision: 2 });
    });

    it('PUT ?publish=true stores and publishes in one step', async () => {
      const bot = await create(botDefinition('Direct', 'one'));
      await api('PUT', `/v1/bots/${bot.id}`, botDefinition('Direct', 'two'));
      const res = await api('PUT', `/v1/bots/${bot.id}?publish=true`, experienceDefinition('Direct'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...experienceDefinition('Direct'), id: bot.id, dateCreated: bot.dateCreated, currentRevision: 3, latestRevision: 3 });
    });

    it('answers 422 for publishing a revision that does not exist and 404 for reading one', async () => {
      const bot = await create(botDefinition('Two revisions'));
      const publish = await api('POST', `/v1/bots/${bot.id}/publish`, { revision: 5 });
      expect(publish.status).toBe(422);
      expect(publish.body.description).toBe(`Bot ${bot.id} has no revision 5.`);
      expect((await api('GET', `/v1/bots/${bot.id}/revisions/5`)).status).toBe(404);
      expect((await api('POST', `/v1/bots/${bot.id}/publish`, {})).status).toBe(400);
      expect((await api('POST', `/v1/bots/${bot.id}/publish`, { revision: 0 })).status).toBe(422);
    });
  });

  describe('invalid definitions', () => {
    it('answers 422 listing every problem in the description and in `problems`', async () => {
      const res = await api('POST', '/v1/bots', broken);
      expect(res.status).toBe(422);
      expect(isErrorObject(res.body, 422)).toBe(true);
      expect(res.body.problems).toEqual(brokenProblems);
      expect(res.body.description).toBe([
        'The definition has 4 problems:',
        ...brokenProblems.map((p) => `${p.pointer}: ${p.message}`),
      ].join('\n'));
      expect((await api('GET', '/v1/bots')).body.some((b: { name: string }) => b.name === 'Broken')).toBe(false);
    });

    it('answers the same 422 to a PUT, storing no revision', async () => {
      const bot = await create(botDefinition('Kept'));
      const res = await api('PUT', `/v1/bots/${bot.id}?publish=true`, broken);
      expect(res.status).toBe(422);
      expect(res.body.problems).toEqual(brokenProblems);
      expect((await api('GET', `/v1/bots/${bot.id}`)).body).toMatchObject({ currentRevision: 1, latestRevision: 1 });
    });

    it.each([
      ['an empty name', { name: '', interactions: [] }, [{ pointer: '/name', message: 'The bot definition field "name" must not be empty.' }]],
      ['a name over 100 characters', { name: 'n'.repeat(101), workflows: [] }, [{ pointer: '/name', message: 'The experience definition field "name" is 101 characters long; the limit is 100.' }]],
      ['both formats at once', { name: 'Both', interactions: [], workflows: [] }, [{ pointer: '', message: 'A definition has either "interactions" (bot format) or "workflows" (RCS experience format), not both.' }]],
    ])('answers 422 with problems for %s', async (_label, body, problems) => {
      const res = await api('POST', '/v1/bots', body);
      expect(res.status).toBe(422);
      expect(res.body.problems).toEqual(problems);
    });

    it.each([
      ['no name', { interactions: [] }],
      ['a name that is not a string', { name: 5, interactions: [] }],
      ['interactions that are not a list', { name: 'x', interactions: {} }],
      ['a body that is not an object', [1, 2]],
    ])('answers 400 for a body that cannot be a definition: %s', async (_label, body) => {
      const res = await api('POST', '/v1/bots', body);
      expect(res.status).toBe(400);
      expect(isErrorObject(res.body, 400)).toBe(true);
    });
  });

  describe('POST /v1/bots/validate', () => {
    it('reports a valid definition in either format', async () => {
      expect((await api('POST', '/v1/bots/validate', botDefinition('Check'))).body).toEqual({ valid: true, format: 'bot', problems: [], warnings: expect.any(Array) });
      expect((await api('POST', '/v1/bots/validate', experienceDefinition('Check'))).body).toEqual({ valid: true, format: 'experience', problems: [], warnings: expect.any(Array) });
    });

    it('lists every problem with 200, and saves nothing', async () => {
      const before = (await api('GET', '/v1/bots')).body.length;
      const res = await api('POST', '/v1/bots/validate', broken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: false, format: 'bot', problems: brokenProblems, warnings: [] });
      await api('POST', '/v1/bots/validate', botDefinition('Never stored'));
      expect((await api('GET', '/v1/bots')).body.length).toBe(before);
    });

    it('explains input that is no definition at all', async () => {
      expect((await api('POST', '/v1/bots/validate', [1])).body).toEqual({ valid: false, format: null, problems: [{ pointer: '', message: 'A definition must be a JSON object.' }], warnings: [] });
      expect((await api('POST', '/v1/bots/validate', { name: 'x' })).body.problems).toEqual([{ pointer: '', message: 'A definition needs "interactions" (bot format) or "workflows" (RCS experience format).' }]);
    });
  });

  describe('include', () => {
    const includer = (name: string, include: string, target: string) => ({
      name, interactions: [{ name: `${name}-start`, include, intents: ['sys:start'], actions: [{ execute: target }] }],
    });

    it('resolves targets in a bot of the same account, transitively', async () => {
      await create({ name: 'deep-library', interactions: [{ name: 'deepAnswer', actions: [{ send: { message: { text: 'deep' } } }] }] });
      await create({ name: 'library', interactions: [{ name: 'faq', include: 'deep-library', actions: [{ name: 'faqAnswer', send: { message: { text: 'answer' } } }] }] });
      for (const target of ['faq', 'faqAnswer', 'deepAnswer']) {
        const res = await api('POST', '/v1/bots/validate', includer('main', 'library', target));
        expect(res.body, target).toEqual({ valid: true, format: 'bot', problems: [], warnings: expect.any(Array) });
      }
      expect((await api('POST', '/v1/bots', includer('main', 'library', 'deepAnswer'))).status).toBe(200);
    });

    it('does not see bots of another account', async () => {
      const res = await api('POST', '/v1/bots', includer('thief', 'their-library', 'greet'));
      expect(res.status).toBe(422);
      expect(res.body.problems).toEqual([
        { pointer: '/interactions/0/actions/0/execute', message: '"greet" does not name an interaction or action of this bot or of a bot it includes.' },
        { pointer: '/interactions/0/include', message: 'There is no bot named "their-library" to include.' },
      ]);
    });

    it('refuses to delete a bot another bot includes (409), and allows it once the include is gone', async () => {
      const library = await create({ name: 'shared-steps', interactions: [{ name: 'step', actions: [] }] });
      const user = await create(includer('uses-steps', 'shared-steps', 'step'));
      const refused = await api('DELETE', `/v1/bots/${library.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.description).toBe(`Bot ${library.id} ("shared-steps") is included by bot ${user.id} ("uses-steps"); remove the include first.`);
      await api('PUT', `/v1/bots/${user.id}?publish=true`, botDefinition('uses-steps'));
      expect((await api('DELETE', `/v1/bots/${library.id}`)).status).toBe(200);
    });
  });

  describe('names, deletion and ownership', () => {
    it('keeps bot names unique in an account (409 on create, PUT and publish), not across accounts', async () => {
      const first = await create(botDefinition('Unique'));
      const second = await create(botDefinition('Second'));
      expect((await api('POST', '/v1/bots', botDefinition('Unique'))).status).toBe(409);
      expect((await api('PUT', `/v1/bots/${second.id}`, botDefinition('Unique'))).status).toBe(409);
      await api('PUT', `/v1/bots/${first.id}?publish=true`, botDefinition('Renamed'));
      await api('PUT', `/v1/bots/${second.id}`, botDefinition('Unique'));
      await api('PUT', `/v1/bots/${first.id}?publish=true`, botDefinition('Unique again'));
      // Revision 1 of `first` is still named "Unique", which `second` could take meanwhile.
      await api('PUT', `/v1/bots/${second.id}?publish=true`, botDefinition('Unique'));
      const publish = await api('POST', `/v1/bots/${first.id}/publish`, { revision: 1 });
      expect(publish.status).toBe(409);
      expect(publish.body.description).toBe(`Revision 1 is named "Unique", the name of bot ${second.id}; bot names are unique in an account.`);
      expect((await other('POST', '/v1/bots', botDefinition('Unique'))).status).toBe(200);
    });

    it('refuses to delete a bot while a channel uses it (409), then deletes it and its revisions', async () => {
      const bot = await create(botDefinition('In use'));
      const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: bot.id, name: 'Site chat', description: 'web' });
      expect(channel.status).toBe(200);
      const refused = await api('DELETE', `/v1/bots/${bot.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.description).toBe(`Bot ${bot.id} is used by 1 channel(s); move or delete them first.`);
      expect((await api('DELETE', `/v1/channels/${channel.body.id}`)).status).toBe(200);
      const deleted = await api('DELETE', `/v1/bots/${bot.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({});
      expect((await api('GET', `/v1/bots/${bot.id}`)).status).toBe(404);
      expect((await api('GET', `/v1/bots/${bot.id}/revisions`)).status).toBe(404);
      const rows = await server.store.db.selectFrom('bot_revisions').select('revision').where('bot_id', '=', bot.id).execute();
      expect(rows).toEqual([]);
    });

    const everyEndpoint = (id: number): [string, string, unknown?][] => [
      ['GET', `/v1/bots/${id}`],
      ['PUT', `/v1/bots/${id}`, botDefinition('Take over')],
      ['DELETE', `/v1/bots/${id}`],
      ['POST', `/v1/bots/${id}/publish`, { revision: 1 }],
      ['GET', `/v1/bots/${id}/revisions`],
      ['GET', `/v1/bots/${id}/revisions/1`],
    ];

    it('answers 403 on every endpoint for another account\'s bot, changing nothing', async () => {
      for (const [method, path, body] of everyEndpoint(theirBotId)) {
        const res = await api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(isErrorObject(res.body, 403)).toBe(true);
      }
      expect((await other('GET', `/v1/bots/${theirBotId}`)).body).toMatchObject({ name: 'their-library', currentRevision: 1, latestRevision: 1 });
    });

    it('answers 404 on every endpoint for a bot that does not exist', async () => {
      for (const [method, path, body] of everyEndpoint(2_000_000_000)) {
        const res = await api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(isErrorObject(res.body, 404)).toBe(true);
      }
    });
  });
});
