// Teams: members with roles (each account's own credential becomes its first owner), scoped and expiring API tokens, and
// the append-only audit log.
import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

/**
 * Every scope there was when tokens became scoped, frozen here: the tokens made before carried full access, so they are
 * given all of it (docs/security.md).
 */
const ALL_SCOPES_0009 = JSON.stringify([
  'bots:read', 'bots:write', 'channels:read', 'channels:write', 'webhooks:read', 'webhooks:write', 'tokens:read', 'tokens:write',
  'humans:read', 'humans:write', 'conversations:read', 'conversations:write', 'broadcasts:read', 'broadcasts:write',
  'lookups:read', 'members:read', 'members:write', 'audit:read',
]);

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('members'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // One person, one account: the e-mail alone names who signs in.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('invite_hash', 'text', (c) => c.unique())
    .addColumn('invite_expires_at', 'text')
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('members_account').on('members').columns(['account_id', 'id']).execute();
  await sql`INSERT INTO members (account_id, email, role, status, password_hash, created_at, updated_at)
    SELECT id, email, 'owner', 'active', password_hash, created_at, created_at FROM accounts ORDER BY id`.execute(db);

  // Null: the account's own credential (the CLI's tokens and every token made before members existed).
  await db.schema.alterTable('api_tokens').addColumn('member_id', 'integer').execute();
  await db.schema.alterTable('api_tokens').addColumn('scopes', 'text', (c) => c.notNull().defaultTo(ALL_SCOPES_0009)).execute();
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();

  await idColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer')
    .addColumn('actor_email', 'text')
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('address', 'text')
    .execute();
  await db.schema.createIndex('audit_log_account').on('audit_log').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  // Appended, never changed: no UPDATE at all, and no DELETE of an entry younger than a day (retention keeps at least one).
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN RAISE EXCEPTION 'the audit log is append-only'; END IF;
        IF OLD.at > to_char((now() AT TIME ZONE 'UTC') - interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN
          RAISE EXCEPTION 'audit entries younger than a day cannot be deleted';
        END IF;
        RETURN OLD;
      END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_guard()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_recent_delete BEFORE DELETE ON audit_log
      WHEN OLD.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')
      BEGIN SELECT RAISE(ABORT, 'audit entries younger than a day cannot be deleted'); END`.execute(db);
  }
}
