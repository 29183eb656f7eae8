// Trained recognizers kept in the store: a second process restores them instead of training; a changed include or damaged bytes mean training again.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createServices } from '../../../src/services/index.js';
import { ProgramCache, type RecognizerCost } from '../../../src/services/conversations/programs.js';
import { nluDefinitionFrom, RECOGNIZER_FORMAT } from '../../../src/engine/nlu/index.js';
import { nluViewHash, StoredModels } from '../../../src/services/conversations/trained-models.js';
import { TrainingWorkerPool } from '../../../src/services/conversations/training-worker-pool.js';
import { openMigratedStore } from '../../../src/store/db.js';
import { repositories } from '../../../src/store/repositories/index.js';
import { NluModelRepository } from '../../../src/store/repositories/nlu-models.js';
import { DATABASES, freshDatabase } from '../../helpers/server.js';

const faq = (extra: string[] = []) => ({
  name: 'faq',
  interactions: [{ name: 'hours', intents: [{ name: 'openingHours', expressions: ['when are you open', 'what are your opening hours', ...extra] }], actions: [{ send: { message: { text: 'nine to five' } } }] }],
});
const shop = {
  name: 'shop',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], include: ['faq'], actions: [{ send: { message: { text: 'hi' } } }] },
    { name: 'order', intents: [{ name: 'orderPizza', expressions: ['i want a pizza', 'order a pizza', 'get me a large pizza please'] }], actions: [{ send: { message: { text: 'ok' } } }] },
  ],
};
const texts = ['order a pizza', 'could i get a pizza', 'are you open on saturday', 'what time do you close tonight', 'hello', 'asdf'];

describe('the hash stored models are keyed by', () => {
  const view = (extra: string[] = [], synonym = 'big') => nluDefinitionFrom({
    interactions: [{ name: 'order', intents: [{ name: 'orderPizza', expressions: ['order a pizza', ...extra] }], keywords: [{ name: 'size', values: [{ value: 'large', expressions: [synonym] }] }] }],
  });

  it('is the same for the same intents, keywords and expressions, and differs when any changes', () => {
    expect(nluViewHash(view())).toBe(nluViewHash(view()));
    expect(nluViewHash(view(['i want a pizza']))).not.toBe(nluViewHash(view()));
    expect(nluViewHash(view([], 'huge'))).not.toBe(nluViewHash(view()));
  });

  it('differs with the language, which decides stemming', () => {
    expect(nluViewHash({ ...view(), language: 'fr' })).not.toBe(nluViewHash(view()));
    expect(nluViewHash({ ...view(), language: 'fr' })).toBe(nluViewHash({ ...view(), language: 'fr' }));
  });
});

describe.each(DATABASES)('stored recognizers on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('are restored by another process, trained again when an include changes or the bytes are damaged, and go with their bot', async () => {
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    // The services' own runtime trains each bot it publishes: it stores nothing here, so the rows are the test's processes'.
    const config = loadConfig({ ...db.env, LOG_LEVEL: 'silent', NLU_STORE_MODELS: 'false' });
    const store = await openMigratedStore(config.database);
    cleanups.push(() => store.close());
    const services = createServices(config, store);
    cleanups.push(() => services.webChat.close());
    const pool = new TrainingWorkerPool({ size: 1 });
    cleanups.push(() => pool.close());
    const accountId = (await services.accounts.create(`models-${kind}@example.com`, 'correct horse battery')).id;
    const faqBot = await services.bots.create(accountId, faq());
    const shopBot = await services.bots.create(accountId, shop);

    const models = new StoredModels(new NluModelRepository(store.db), () => new Date());
    /** A ProgramCache as a fresh process has it, recording where each recognizer came from. */
    const process = () => {
      const log: RecognizerCost['where'][] = [];
      const errors: unknown[] = [];
      const cache = new ProgramCache(repositories(store.db), (id) => repositories(store.db).bots.find(id), { training: pool, models, onRecognizer: (_b, _r, cost) => log.push(cost.where), onStoreError: (_b, _r, e) => errors.push(e) });
      return { cache, log, errors };
    };
    const rows = () => store.db.selectFrom('nlu_models').select(['bot_id', 'revision', 'format']).execute();

    const first = process();
    const trained = (await first.cache.get(shopBot.id, 1))!;
    expect(first.log).toEqual(['worker']);
    expect(first.errors).toEqual([]);
    expect(await rows()).toEqual([{ bot_id: shopBot.id, revision: 1, format: RECOGNIZER_FORMAT }]);

    const second = process();
    const restored = (await second.cache.get(shopBot.id, 1))!;
    expect(second.log).toEqual(['stored']);
    for (const t of texts) expect(restored.recognizer.recognize(t, {})).toEqual(trained.recognizer.recognize(t, {}));

    // The included bot's new revision changes what the shop's recognizer learns from: the stored one no longer fits.
    await services.bots.update(accountId, faqBot.id, faq(['what time do you close tonight']), true);
    const third = process();
    const retrained = (await third.cache.get(shopBot.id, 1))!;
    expect(third.log).toEqual(['worker']);
    expect(retrained.recognizer.recognize('what time do you close tonight', {})).toMatchObject({ intent: 'openingHours', match: 'exact' });
    expect(await rows()).toHaveLength(1);
    const fourth = process();
    await fourth.cache.get(shopBot.id, 1);
    expect(fourth.log).toEqual(['stored']);

    // Damaged bytes are trained again and overwritten.
    await store.db.updateTable('nlu_models').set({ model: Buffer.from('not a model') }).execute();
    const fifth = process();
    expect((await fifth.cache.get(shopBot.id, 1))!.recognizer.recognize('order a pizza', {})).toMatchObject({ intent: 'orderPizza' });
    expect(fifth.log).toEqual(['worker']);
    const sixth = process();
    await sixth.cache.get(shopBot.id, 1);
    expect(sixth.log).toEqual(['stored']);

    // A model another release stored in another format is not read: trained again in this one's (a model is derived, never migrated).
    await store.db.updateTable('nlu_models').set({ format: RECOGNIZER_FORMAT + 1 }).execute();
    const seventh = process();
    await seventh.cache.get(shopBot.id, 1);
    expect(seventh.log).toEqual(['worker']);
    expect(await rows()).toEqual([{ bot_id: shopBot.id, revision: 1, format: RECOGNIZER_FORMAT }]);

    // A deleted bot takes its stored model with it.
    await services.bots.delete(accountId, shopBot.id);
    expect(await rows()).toEqual([]);
  });
});
