// `parley human export|erase`: the API's data subject requests from the command line, against the configured database.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServices } from '../../src/services/index.js';
import { openMigratedStore } from '../../src/store/db.js';
import { DATABASES, freshDatabase } from '../helpers/server.js';
import { runParley } from './run-parley.js';

const CLI_TIMEOUT_MS = 120_000;

/** An account with one human, written before the commands run. */
async function seed(env: Record<string, string>): Promise<{ humanId: number }> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const store = await openMigratedStore(config.database);
  const services = createServices(config, store);
  try {
    const account = await services.accounts.create('dpo@example.com', 'correct horse battery');
    const human = await services.humans.create(account.id, { firstName: 'Grace', phone: '+14155550123', tags: ['lead'] });
    return { humanId: human.id };
  } finally {
    await services.webChat.close();
    await store.close();
  }
}

describe.each(DATABASES)('parley human on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('exports a human as JSON, refuses to erase without --yes, then erases', async () => {
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    const { humanId } = await seed(db.env);
    const id = String(humanId);

    const exported = await runParley(['human', 'export', '--account', 'dpo@example.com', '--id', id], { env: db.env });
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ human: { id: humanId, firstName: 'Grace', phone: '+14155550123', tags: ['lead'] }, conversations: [] });

    const file = path.join(db.env.DATA_DIR!, 'grace.json');
    expect((await runParley(['human', 'export', '--account', 'dpo@example.com', '--id', id, '--out', file], { env: db.env })).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ human: { id: humanId } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const refused = await runParley(['human', 'erase', '--account', 'dpo@example.com', '--id', id], { env: db.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');

    const erased = await runParley(['human', 'erase', '--account', 'dpo@example.com', '--id', id, '--yes'], { env: db.env });
    expect(erased.code).toBe(0);
    expect(JSON.parse(erased.stdout)).toMatchObject({ humanId, erased: { tags: 1, conversations: 0 } });

    const again = await runParley(['human', 'export', '--account', 'dpo@example.com', '--id', id], { env: db.env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Human ${humanId} does not exist`);
  }, CLI_TIMEOUT_MS);
});
