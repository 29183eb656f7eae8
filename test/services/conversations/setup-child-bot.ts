// Prepares a database for child-process servers: an account, a bot and a web-chat channel, written before any server runs.
import { loadConfig } from '../../../src/config.js';
import { createServices } from '../../../src/services/index.js';
import { openMigratedStore } from '../../../src/store/db.js';

export async function setUpWebBot(env: Record<string, string>, definition: unknown): Promise<{ channelId: number; token: string }> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const store = await openMigratedStore(config.database);
  const services = createServices(config, store);
  try {
    const account = await services.accounts.create(`crash-${Date.now()}@example.com`, 'correct horse battery');
    const token = await services.tokens.create(account.id, 'test');
    const bot = await services.bots.create(account.id, definition);
    const channel = await services.channels.create(account.id, { channelType: 'web', botId: bot.id, name: 'site', description: 'chat' });
    return { channelId: channel.id, token: token.token };
  } finally {
    await services.webChat.close();
    await store.close();
  }
}
