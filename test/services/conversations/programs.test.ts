// Bot programs built with their recognizer trained on a worker thread: own and included intents recognized, rebuilt when an include changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { validateDefinition } from '../../../src/engine/definition/index.js';
import { buildProgram } from '../../../src/engine/program.js';
import { createServices, type Services } from '../../../src/services/index.js';
import { ProgramCache, type RecognizerCost } from '../../../src/services/conversations/programs.js';
import { TrainingWorkerPool } from '../../../src/services/conversations/training-worker-pool.js';
import { openMigratedStore, type Store } from '../../../src/store/db.js';
import { repositories } from '../../../src/store/repositories/index.js';

const faq = (extra: string[] = []) => ({
  name: 'faq',
  interactions: [{ name: 'hours', intents: [{ name: 'openingHours', expressions: ['when are you open', 'what are your opening hours', 'are you open on sunday', ...extra] }], actions: [{ send: { message: { text: 'nine to five' } } }] }],
});
const shop = {
  name: 'shop',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], include: ['faq'], actions: [{ send: { message: { text: 'hi' } } }] },
    { name: 'order', intents: [{ name: 'orderPizza', expressions: ['i want a pizza', 'order a pizza', 'get me a large pizza please'] }], actions: [{ send: { message: { text: 'ok' } } }] },
    { name: 'fallback', intents: [{ name: 'sys:text', expressions: ['tell me a joke', 'what is the weather like'] }], actions: [{ send: { message: { text: '?' } } }] },
  ],
};

function modelOf(definition: unknown) {
  const result = validateDefinition(definition);
  if (!result.ok) throw new Error('test definition is invalid');
  return result.model;
}

describe('programs trained on a worker thread', () => {
  let dataDir: string;
  let store: Store;
  let services: Services;
  let accountId: number;
  const pool = new TrainingWorkerPool({ size: 1 });
  const trained: { botId: number; revision: number; where: RecognizerCost['where'] }[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    store = await openMigratedStore(config.database);
    services = createServices(config, store);
    accountId = (await services.accounts.create('programs@example.com', 'correct horse battery')).id;
  });
  afterAll(async () => {
    await pool.close();
    await services.webChat.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('recognize the bot’s own and its included bots’ intents, as a program trained inline does', async () => {
    const faqBot = await services.bots.create(accountId, faq());
    const shopBot = await services.bots.create(accountId, shop);
    const cache = new ProgramCache(repositories(store.db), (id) => repositories(store.db).bots.find(id), { training: pool, onRecognizer: (botId, revision, cost) => trained.push({ botId, revision, where: cost.where }) });
    const program = (await cache.get(shopBot.id, 1))!;
    expect(trained).toEqual([{ botId: shopBot.id, revision: 1, where: 'worker' }]);

    const inline = buildProgram(modelOf(shop), new Map([['faq', modelOf(faq())]]));
    for (const text of ['order a pizza', 'could i get a pizza', 'are you open on saturday', 'tell me a joke', 'hello', 'asdf']) {
      expect(program.recognizer.recognize(text, {})).toEqual(inline.recognizer.recognize(text, {}));
    }
    expect(program.recognizer.recognize('are you open on saturday', {})).toMatchObject({ intent: 'openingHours', interactionName: 'hours' });

    // Cached: no second training.
    expect(await cache.get(shopBot.id, 1)).toBe(program);
    expect(trained).toHaveLength(1);

    // A new revision of the included bot changes what the shop recognizes: the program is built again.
    await services.bots.update(accountId, faqBot.id, faq(['what time do you close tonight']), true);
    const rebuilt = (await cache.get(shopBot.id, 1))!;
    expect(rebuilt).not.toBe(program);
    expect(trained).toHaveLength(2);
    expect(rebuilt.recognizer.recognize('what time do you close tonight', {})).toMatchObject({ intent: 'openingHours', match: 'exact' });
    await cache.close();
  });

  it('build a bot with nothing for the classifier to learn here, without the worker or a stored model', async () => {
    const echo = await services.bots.create(accountId, {
      name: 'echo',
      interactions: [
        { name: 'any', intents: ['sys:text'], actions: [{ send: { message: { text: 'heard you' } } }] },
        { name: 'agree', keywords: [{ name: 'yes', values: [{ value: 'yes', expressions: ['yep', 'sure'] }] }], actions: [{ send: { message: { text: 'great' } } }] },
      ],
    });
    const costs: RecognizerCost['where'][] = [];
    const cache = new ProgramCache(repositories(store.db), (id) => repositories(store.db).bots.find(id), { training: pool, onRecognizer: (_b, _r, cost) => costs.push(cost.where) });
    const program = (await cache.get(echo.id, 1))!;
    expect(costs).toEqual(['inline']);
    expect(program.recognizer.recognize('sure', {})).toMatchObject({ interactionName: 'agree' });
    // Nothing else is recognized: the engine answers it with the bot's sys:text interaction.
    expect(program.recognizer.recognize('anything at all', {})).toBeNull();
  });
});
