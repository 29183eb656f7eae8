// Upgrading to teams (migration 0009): each account's credential becomes its first owner, and tokens made before keep full access.
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { openStore } from '../../src/store/db.js';
import { migrationsFor } from '../../src/store/migrations/index.js';
import { ALL_SCOPES } from '../../src/services/index.js';
import { client } from '../helpers/http.js';
import { DATABASES, freshDatabase } from '../helpers/server.js';

const JWT_SECRET = 'an upgrade test secret, long enough for HS256';

describe.each(DATABASES)('the teams migration on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

  it('makes each account an owner member and gives earlier tokens every scope', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(() => fresh.cleanup());
    const config = loadConfig({ ...fresh.env, JWT_SECRET, PORT: '0', HOST: '127.0.0.1' });

    // The database as the release before teams left it: an account and one of its tokens.
    const store = openStore(config.database);
    const schema = kind === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]!.s : undefined;
    const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrationsFor(store.dialect) }, migrationTableSchema: schema });
    expect((await migrator.migrateTo('0007_serving_processes')).error).toBeUndefined();
    const jti = crypto.randomUUID();
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('parley').setSubject('1').setJti(jti)
      .setIssuedAt().sign(new TextEncoder().encode(JWT_SECRET));
    await sql`INSERT INTO accounts (id, email, password_hash, created_at) VALUES (1, 'old@example.com', 'scrypt$hash', '2025-01-01T00:00:00.000Z')`.execute(store.db);
    await sql`INSERT INTO api_tokens (jti, account_id, name, token_hash, created_at, revoked_at)
      VALUES (${jti}, 1, 'old', ${crypto.createHash('sha256').update(token).digest('hex')}, '2025-01-01T00:00:00.000Z', NULL)`.execute(store.db);
    await store.close();

    const server = await startServer(config, { logger: false });
    cleanups.unshift(() => server.close());
    const members = await server.store.db.selectFrom('members').selectAll().execute();
    expect(members).toEqual([expect.objectContaining({ account_id: 1, email: 'old@example.com', role: 'owner', status: 'active', password_hash: 'scrypt$hash' })]);

    const api = client(server.url, token);
    const tokens = await api('GET', '/v1/tokens');
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual([expect.objectContaining({ id: jti, scopes: [...ALL_SCOPES], memberId: null, expiresAt: null })]);
    for (const path of ['/v1/members', '/v1/audit', '/v1/bots', '/v1/webhooks']) expect((await api('GET', path)).status, path).toBe(200);
  });
});
