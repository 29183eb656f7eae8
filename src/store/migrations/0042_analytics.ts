// Analytics rollups (docs/analytics.md): counts per account, UTC day, bot, channel, metric and key, each change's counts
// first appended to a journal in the transaction of the change and folded into the rollups soon after (reads add what
// is not folded yet), and the texts the bot did not understand per day; the history stored before
// this release is counted once here, as far as it tells (messages in and out, failures, delivered and read, conversations
// started); keyword replies before it count as the bot's, interactions and handoffs before it are not known.
import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // SQLite: the rows kept in their key's order (no rowid table beside the key's index), so a range of days is read in
  // one pass instead of a lookup per row.
  const clustered = dialect === 'sqlite' ? sql`WITHOUT ROWID` : sql``;
  await db.schema.createTable('analytics_counts')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // yyyy-mm-dd, or Myyyy-mm for the same counts summed over a month.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    // What the metric is counted by: an interaction's name, a failure's reason; '' for none.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    // Metric before day: a read asks for a few metrics over many days, and an interaction's rows are most of the table.
    .addPrimaryKeyConstraint('analytics_counts_pk', ['account_id', 'metric', 'day', 'bot_id', 'channel_id', 'key'])
    .modifyEnd(clustered)
    .execute();

  // The journal: what each change adds, appended with it (no row is ever updated on the message path, so no counter row
  // gets hot) and folded into analytics_counts by services/analytics/folder.ts. No foreign key: an account deleted
  // meanwhile has its rows dropped by the fold.
  // SQLite: a plain rowid key, not AUTOINCREMENT (which writes sqlite_sequence at every insert): the fold deletes exactly
  // the rows it read, so an id used again after a delete is harmless.
  const journal = db.schema.createTable('analytics_deltas');
  await (dialect === 'sqlite' ? journal.addColumn('id', 'integer', (c) => c.primaryKey()) : idColumn(journal, dialect))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createTable('analytics_unrecognised')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    // Lower case, spaces collapsed, at most 200 characters: the same question asked twice is one row.
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_unrecognised_pk', ['account_id', 'day', 'bot_id', 'channel_id', 'text'])
    .modifyEnd(clustered)
    .execute();

  await countHistory(db);
}

/** The history so far into the rollups, by the day each message was stored (its bot is its conversation's). */
export async function countHistory(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO analytics_counts (account_id, day, bot_id, channel_id, metric, key, count)
    SELECT m.account_id, substr(m.created_at, 1, 10), c.bot_id, m.channel_id,
      CASE WHEN m.direction = 'in' THEN 'messages_in' ELSE 'messages_out' END,
      CASE WHEN m.direction = 'in' THEN '' WHEN m.author = 'agent' THEN 'agent' ELSE 'bot' END, count(*)
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.direction IN ('in', 'out')
      -- A message whose run is still to come is counted by that run (this release counts a message in as its run commits).
      AND NOT (m.direction = 'in' AND EXISTS (SELECT 1 FROM conversation_events e WHERE e.id = m.event_id AND e.status = 'pending'))
    GROUP BY m.account_id, substr(m.created_at, 1, 10), c.bot_id, m.channel_id, m.direction,
      CASE WHEN m.direction = 'in' THEN '' WHEN m.author = 'agent' THEN 'agent' ELSE 'bot' END`.execute(db);
  await sql`INSERT INTO analytics_counts (account_id, day, bot_id, channel_id, metric, key, count)
    SELECT m.account_id, substr(m.created_at, 1, 10), c.bot_id, m.channel_id, 'failures', COALESCE(substr(m.failure_reason, 1, 200), ''), count(*)
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.direction = 'out' AND m.status = 'failed'
    GROUP BY m.account_id, substr(m.created_at, 1, 10), c.bot_id, m.channel_id, COALESCE(substr(m.failure_reason, 1, 200), '')`.execute(db);
  // Failures once more without their reasons: what totals and days read (services/analytics/failure-key.ts).
  await sql`INSERT INTO analytics_counts (account_id, day, bot_id, channel_id, metric, key, count)
    SELECT account_id, day, bot_id, channel_id, 'failed', '', sum(count) FROM analytics_counts WHERE metric = 'failures'
    GROUP BY account_id, day, bot_id, channel_id`.execute(db);
  await sql`INSERT INTO analytics_counts (account_id, day, bot_id, channel_id, metric, key, count)
    SELECT m.account_id, substr(m.created_at, 1, 10), c.bot_id, m.channel_id, s.metric, '', count(*)
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    JOIN (SELECT 'delivered' AS metric, 'delivered' AS status UNION ALL SELECT 'delivered', 'read' UNION ALL SELECT 'read', 'read') s
      ON s.status = m.status
    WHERE m.direction = 'out'
    GROUP BY m.account_id, substr(m.created_at, 1, 10), c.bot_id, m.channel_id, s.metric`.execute(db);
  await sql`INSERT INTO analytics_counts (account_id, day, bot_id, channel_id, metric, key, count)
    SELECT account_id, substr(created_at, 1, 10), bot_id, channel_id, 'conversations', '', count(*)
    FROM conversations WHERE state LIKE '%"started":true%'
    GROUP BY account_id, substr(created_at, 1, 10), bot_id, channel_id`.execute(db);
  // And each on its month too (repositories/analytics.ts, monthOf): a long range reads whole months.
  await sql`INSERT INTO analytics_counts (account_id, day, bot_id, channel_id, metric, key, count)
    SELECT account_id, 'M' || substr(day, 1, 7), bot_id, channel_id, metric, key, sum(count)
    FROM analytics_counts WHERE day NOT LIKE 'M%'
    GROUP BY account_id, substr(day, 1, 7), bot_id, channel_id, metric, key`.execute(db);
}
