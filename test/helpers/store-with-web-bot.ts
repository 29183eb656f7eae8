// A migrated store on a fresh database, with an account, a bot answering every text and a web channel: what the tests of
// the message path's statements run against.
import { loadConfig } from '../../src/config.js';
import { createServices } from '../../src/services/index.js';
import { openMigratedStore, type Store } from '../../src/store/db.js';
import { repositories, type Repositories } from '../../src/store/repositories/index.js';
import { type DatabaseKind, freshDatabase } from './server.js';

export interface StoreWithWebBot {
  store: Store;
  repos: Repositories;
  ids: { accountId: number; botId: number; channelId: number };
  /** Closes the services and the store, and drops the database. */
  close(): Promise<void>;
}

/** `email` names the account (one per test file, so that a failure points at its file). */
export async function storeWithWebBot(kind: DatabaseKind, email: string): Promise<StoreWithWebBot> {
  const db = await freshDatabase(kind);
  const config = loadConfig({ ...db.env, LOG_LEVEL: 'silent' });
  const store = await openMigratedStore(config.database);
  const services = createServices(config, store);
  const close = async () => {
    await services.webChat.close();
    await store.close();
    await db.cleanup();
  };
  try {
    const accountId = (await services.accounts.create(email, 'correct horse battery')).id;
    const bot = await services.bots.create(accountId, { name: 'b', interactions: [{ name: 'x', intents: ['sys:text'], actions: [{ send: { message: { text: 'ok' } } }] }] });
    const channel = await services.channels.create(accountId, { channelType: 'web', botId: bot.id, name: 'site', description: 'test' });
    return { store, repos: repositories(store.db), ids: { accountId, botId: bot.id, channelId: channel.id }, close };
  } catch (error) {
    await close();
    throw error;
  }
}
