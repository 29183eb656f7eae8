// Message history retention: each account's setting, and the deletion of what is older, a chunk at a time.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Rows deleted per statement: short transactions, so the purge never holds the write lock for long. */
const CHUNK = 2000;

export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async days(accountId: number): Promise<number | null | undefined> {
    const row = await this.db.selectFrom('accounts').select('message_retention_days').where('id', '=', accountId).executeTakeFirst();
    return row === undefined ? undefined : row.message_retention_days;
  }

  async setDays(accountId: number, days: number | null): Promise<void> {
    await this.db.updateTable('accounts').set({ message_retention_days: days }).where('id', '=', accountId).execute();
  }

  async accountsWithRetention(): Promise<{ accountId: number; days: number }[]> {
    const rows = await this.db.selectFrom('accounts').select(['id', 'message_retention_days']).where('message_retention_days', 'is not', null).orderBy('id').execute();
    return rows.map((r) => ({ accountId: r.id, days: r.message_retention_days! }));
  }

  /**
   * Deletes the account's messages created before `cutoff`, except those still queued for delivery, and the inbox events
   * already run before it (they hold the same texts), and the files people sent before it. Returns how many of each went.
   */
  async purge(accountId: number, cutoff: string): Promise<{ messages: number; events: number; media: number }> {
    let messages = 0;
    for (;;) {
      const ids = (await this.db.selectFrom('messages').select('id').where('account_id', '=', accountId).where('created_at', '<', cutoff)
        .where('status', '!=', 'queued').orderBy('id').limit(CHUNK).execute()).map((r) => r.id);
      if (ids.length === 0) break;
      const r = await this.db.deleteFrom('messages').where('id', 'in', ids).executeTakeFirst();
      messages += Number(r.numDeletedRows);
      if (ids.length < CHUNK) break;
    }
    let events = 0;
    for (;;) {
      const ids = (await this.db.selectFrom('conversation_events').select('conversation_events.id')
        .innerJoin('conversations', 'conversations.id', 'conversation_events.conversation_id')
        .where('conversations.account_id', '=', accountId).where('conversation_events.status', '=', 'done')
        .where('conversation_events.created_at', '<', cutoff).orderBy('conversation_events.id').limit(CHUNK).execute()).map((r) => r.id);
      if (ids.length === 0) break;
      const r = await this.db.deleteFrom('conversation_events').where('id', 'in', ids).executeTakeFirst();
      events += Number(r.numDeletedRows);
      if (ids.length < CHUNK) break;
    }
    // Files people sent go with the history that showed them; emptied rather than deleted, as at erasure, so their URLs
    // do not read them back from the provider.
    const emptied = await this.db.updateTable('provider_media')
      .set({ bytes: Buffer.alloc(0), size: 0, content_type: null, human_id: null, erased_at: new Date().toISOString() })
      .where('account_id', '=', accountId).where('created_at', '<', cutoff).where('erased_at', 'is', null).executeTakeFirst();
    return { messages, events, media: Number(emptied.numUpdatedRows) };
  }
}
