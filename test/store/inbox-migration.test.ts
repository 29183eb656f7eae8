// Upgrading to the inbox's triage (migrations 0030-0032): every conversation open, its last activity its last message's
// time (its creation without one), members' unread counts starting at the upgrade, channels not trial.
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/store/db.js';
import { migrationsFor } from '../../src/store/migrations/index.js';
import { DATABASES, freshDatabase } from '../helpers/server.js';

const T0 = '2025-01-01T00:00:00.000Z';

describe.each(DATABASES)('the inbox migrations on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

  it('backfills each conversation\'s activity from its newest message, and starts unread counts at the upgrade', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(() => fresh.cleanup());
    const config = loadConfig({ ...fresh.env, PORT: '0', HOST: '127.0.0.1' });
    const store = openStore(config.database);
    cleanups.unshift(() => store.close());
    const schema = kind === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]!.s : undefined;
    const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrationsFor(store.dialect) }, migrationTableSchema: schema });
    expect((await migrator.migrateTo('0015_unindexed_claims')).error).toBeUndefined();

    // The release before: an account (its owner member), a bot, a channel, two humans with a conversation each.
    await sql`INSERT INTO accounts (id, email, password_hash, created_at) VALUES (1, 'old@example.com', 'scrypt$hash', ${T0})`.execute(store.db);
    await sql`INSERT INTO members (account_id, email, role, status, password_hash, created_at, updated_at) VALUES (1, 'old@example.com', 'owner', 'active', 'x', ${T0}, ${T0})`.execute(store.db);
    await sql`INSERT INTO bots (id, account_id, name, current_revision, latest_revision, created_at) VALUES (1, 1, 'b', 1, 1, ${T0})`.execute(store.db);
    await sql`INSERT INTO channels (id, account_id, bot_id, channel_type, name, description, phone_type, created_at) VALUES (1, 1, 1, 'web', 'site', '', 0, ${T0})`.execute(store.db);
    for (const id of [1, 2]) {
      await sql`INSERT INTO humans (id, account_id, created_at, updated_at) VALUES (${id}, 1, ${T0}, ${T0})`.execute(store.db);
      await sql`INSERT INTO conversations (id, account_id, bot_id, channel_id, human_id, address, state, bot_enabled, priority, created_at, updated_at)
        VALUES (${id}, 1, 1, 1, ${id}, ${`v${id}`}, '{}', 1, 'normal', ${`2025-01-0${id}T00:00:00.000Z`}, '2025-06-01T00:00:00.000Z')`.execute(store.db);
    }
    // Two messages in the first conversation, none in the second.
    for (const at of ['2025-02-01T10:00:00.000Z', '2025-02-03T10:00:00.000Z']) {
      await sql`INSERT INTO messages (account_id, conversation_id, channel_id, human_id, direction, kind, content, status, attempts, created_at, updated_at)
        VALUES (1, 1, 1, 1, 'in', 'message', '{"kind":"message","text":"hi"}', 'received', 0, ${at}, ${at})`.execute(store.db);
    }

    const before = Date.now();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const conversations = await store.db.selectFrom('conversations').select(['id', 'status', 'assignee_id', 'wants_person_at', 'activity_at']).orderBy('id').execute();
    expect(conversations).toEqual([
      { id: 1, status: 'open', assignee_id: null, wants_person_at: null, activity_at: '2025-02-03T10:00:00.000Z' },
      // No message: its creation.
      { id: 2, status: 'open', assignee_id: null, wants_person_at: null, activity_at: '2025-01-02T00:00:00.000Z' },
    ]);
    const member = await store.db.selectFrom('members').select(['name', 'inbox_since']).executeTakeFirstOrThrow();
    expect(member.name).toBeNull();
    expect(Date.parse(member.inbox_since!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await store.db.selectFrom('channels').select('trial').executeTakeFirstOrThrow()).trial).toBe(0);
    // The new tables take rows; a removed member's assignments and read marks go with them.
    const memberId = (await store.db.selectFrom('members').select('id').executeTakeFirstOrThrow()).id;
    await store.db.updateTable('conversations').set({ assignee_id: memberId }).where('id', '=', 1).execute();
    await store.db.insertInto('conversation_reads').values({ conversation_id: 1, member_id: memberId, last_read_id: 1, updated_at: T0 }).execute();
    await store.db.insertInto('canned_replies').values({ account_id: 1, title: 'Hours', text: '9 to 5', created_at: T0, updated_at: T0 }).execute();
    await store.db.deleteFrom('members').where('id', '=', memberId).execute();
    expect((await store.db.selectFrom('conversations').select('assignee_id').where('id', '=', 1).executeTakeFirstOrThrow()).assignee_id).toBeNull();
    expect(await store.db.selectFrom('conversation_reads').selectAll().execute()).toEqual([]);
  });
});
