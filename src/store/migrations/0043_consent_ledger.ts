// The consent ledger (docs/consent.md): every opt-in and opt-out of a human per channel family (sms, rcs, whatsapp …),
// with its source and time, appended and never changed. The subscriptions stored before this release are its first
// entries, each dated when its state was last set and marked as coming from the history.
import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('consent_events'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // A human's erasure takes their entries with them (docs/security.md); an account's audit export is of the living.
    .addColumn('human_id', 'integer', (c) => c.notNull().references('humans.id').onDelete('cascade'))
    // The channel it came through, when one did; no foreign key: a channel deleted later leaves the record as it was.
    .addColumn('channel_id', 'integer')
    .addColumn('family', 'text', (c) => c.notNull())
    // 'in' or 'out'.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    // What shows it: the words the human sent, the provider's event, the API caller's token name.
    .addColumn('proof', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_events_by_human').on('consent_events').columns(['human_id', 'id']).execute();
  await db.schema.createIndex('consent_events_by_account').on('consent_events').columns(['account_id', 'created_at', 'id']).execute();

  // The subscriptions so far, one entry each, in the order they were last set.
  await sql`
    INSERT INTO consent_events (account_id, human_id, channel_id, family, state, source, proof, created_at)
    SELECT c.account_id, s.human_id, s.channel_id,
      CASE c.channel_type WHEN 'dlc' THEN 'sms' WHEN 'dsc' THEN 'sms' WHEN 'wha' THEN 'whatsapp' WHEN 'fb' THEN 'messenger'
        WHEN 'tlg' THEN 'telegram' WHEN 'twr' THEN 'microblog' WHEN 'alx' THEN 'voice' ELSE c.channel_type END,
      CASE WHEN s.subscribed = 1 THEN 'in' ELSE 'out' END, 'history', NULL, s.updated_at
    FROM subscriptions s JOIN channels c ON c.id = s.channel_id
    ORDER BY s.updated_at, s.channel_id, s.human_id`.execute(db);
}
